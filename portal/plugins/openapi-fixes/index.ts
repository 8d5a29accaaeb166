/**
 * Fixes for docusaurus-theme-openapi-docs (and two lines of Docusaurus) that CSS and swizzling
 * cannot make, applied to the compiled code at build time by a small webpack loader
 * (./fixesLoader.cjs):
 *
 * - Its tab lists (request/response, media types, schemas, code languages) draw two scroll
 *   arrows as empty <button>s: buttons with no name (axe `button-name`, critical). The tabs
 *   themselves are focusable and scroll into view with the arrow keys, so the arrows add nothing
 *   for keyboards or screen readers: they leave both (`aria-hidden`, `tabIndex: -1`) and still
 *   scroll on a mouse click.
 * - Parameters and schema fields are <div>s directly inside a <ul> (axe `list`, serious): they
 *   get `role="listitem"`.
 * - The try-it panel's key box is headed by an <h4> right after the page's <h1> (axe
 *   `heading-order`): it becomes an <h2>.
 * - Its tab components (the guides' Tabs too: the theme replaces Docusaurus's) render their
 *   content twice on load, to work around a Docusaurus bug that their state handling no longer
 *   has: the second render goes (speed, issue 18 item 6).
 * - Docusaurus sorts two lists with `localeCompare` while a doc page hydrates; the first call
 *   builds an ICU collator, 25-35 ms on a phone. The lists are URL paths and option names,
 *   which sort the same by code units.
 * - Docusaurus starts Prism in a client module, inside the entry script's task on every page
 *   (60-90 ms on a phone, the longest task of every page): the code block content starts it
 *   instead (src/theme/CodeBlock/Content), on the first page with code.
 */
import path from 'path';
import type {Plugin} from '@docusaurus/types';

export default function openapiFixes(): Plugin {
  return {
    name: 'noren-openapi-fixes',
    configureWebpack(config) {
      if (typeof config.cache === 'object' && config.cache.type === 'filesystem') {
        config.cache.buildDependencies = {
          ...config.cache.buildDependencies,
          norenOpenapiFixes: [__filename, path.join(__dirname, 'fixesLoader.cjs')],
        };
      }
      return {
        module: {
          rules: [
            {
              test: /[\\/](?:@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages|@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils|@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils|docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]utils[\\/]reactUtils)\.js$/,
              use: [{loader: path.join(__dirname, 'fixesLoader.cjs')}],
            },
            {
              test: /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](Tabs|ApiTabs|MimeTabs|SchemaTabs|DiscriminatorTabs|OperationTabs|ParamsItem|SchemaItem|Schema|ApiExplorer[\\/]SecuritySchemes)[\\/]index\.js$/,
              use: [{loader: path.join(__dirname, 'fixesLoader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
