// What the guides highlight beyond prism-react-renderer's own set (which has JSON, Python, Go,
// JavaScript and Rust). Evaluated with the global `Prism` lent by ./lend.ts.
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-toml';
