// What the references' code samples highlight beyond the guides' grammars: PHP (which builds
// on markup-templating, so the order matters) and Java. Evaluated with the global `Prism` lent
// by ./lend.ts.
import 'prismjs/components/prism-markup-templating';
import 'prismjs/components/prism-php';
import 'prismjs/components/prism-java';
