// Evaluated with prism-react-renderer's instance as the global `Prism` (see ./languages.ts).
// PHP builds on markup-templating, so the order matters.
import 'prismjs/components/prism-markup-templating';
import 'prismjs/components/prism-php';
import 'prismjs/components/prism-java';
