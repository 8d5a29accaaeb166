/**
 * Prism with the guides' additional languages (`prism.additionalLanguages`), started by the
 * first module that highlights code: ./Highlighted.tsx, or the reference code samples
 * (../../ApiExplorer/CodeSnippets/languages.ts). Not Docusaurus's client module that runs with
 * the site's entry script (emptied by patches/@docusaurus+theme-classic+3.10.2.patch): its
 * start (the built-in grammars and the guides' additional ones) was 60-90 ms of the entry
 * script's task on Lighthouse's phone, the longest task of every page. Since issue 36 a page's
 * first load does not highlight at all (./index.tsx), so this module, and prism-react-renderer
 * with it, is loaded only when code is rendered in the browser.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export {Prism};
