/**
 * Keeps the API reference pages from loading anything from outside the server.
 *
 * Redoc 2.4 (bundled by redocusaurus) renders a Redocly logo in the side-menu footer
 * ("API docs by Redocly") whose image is requested from cdn.redoc.ly once the page has
 * hydrated. Redoc has no option to turn it off, and hiding the element with CSS would not
 * stop the request, so this plugin removes the image element from Redoc's bundle at build
 * time with a small webpack loader. The footer link itself stays.
 */
import path from 'path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function redocLocalAssets(_context: LoadContext): Plugin {
  return {
    name: 'noren-redoc-local-assets',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /[\\/]node_modules[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/,
              use: [{loader: path.join(__dirname, 'stripRemoteLogoLoader.cjs')}],
            },
          ],
        },
      };
    },
  };
}
