/**
 * Accessibility fixes for docusaurus-theme-openapi-docs that CSS cannot make, applied to its
 * compiled components at build time by a small webpack loader (./a11yLoader.cjs):
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
 */
import path from 'path';
import type {Plugin} from '@docusaurus/types';

export default function openapiA11y(): Plugin {
  return {
    name: 'noren-openapi-a11y',
    configureWebpack(config) {
      if (typeof config.cache === 'object' && config.cache.type === 'filesystem') {
        config.cache.buildDependencies = {
          ...config.cache.buildDependencies,
          norenOpenapiA11y: [__filename, path.join(__dirname, 'a11yLoader.cjs')],
        };
      }
      return {
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](ApiTabs|MimeTabs|SchemaTabs|DiscriminatorTabs|OperationTabs|ParamsItem|SchemaItem|Schema|ApiExplorer[\\/]SecuritySchemes)[\\/]index\.js$/,
              use: [{loader: path.join(__dirname, 'a11yLoader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
