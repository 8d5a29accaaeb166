/**
 * Makes redocusaurus (Redoc 2.4) behave on this site. Two things:
 *
 * 1. No request leaves the server. Redoc renders a Redocly logo in the side-menu footer
 *    ("API docs by Redocly") whose image is requested from cdn.redoc.ly once the page has
 *    hydrated. Redoc has no option to turn it off, and hiding the element with CSS would not
 *    stop the request, so a small webpack loader removes the image element from Redoc's
 *    bundle at build time. The footer link itself stays.
 *
 * 2. No hydration mismatch on pages with code blocks. The redoc theme provides the free
 *    variable `Prism` to every module as the `prismjs` package (webpack ProvidePlugin). Once
 *    prismjs is evaluated it highlights every `code.language-*` element in the page by
 *    itself unless `Prism.manual` is set first, which rewrites the server-rendered code blocks
 *    before React hydrates them (React error #418). A tiny inline script in <head> sets the
 *    flag before any bundle runs. (Registering extra Prism languages for code blocks is
 *    handled in src/theme/prism-include-languages.ts for the same reason.)
 *
 * 3. No hydration mismatch on the reference pages either: the theme's client stand-in for
 *    the server-rendered Redoc <style> elements is replaced by ./RedocClientStyles.tsx.
 */
import path from 'path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function redocCompat(_context: LoadContext): Plugin {
  return {
    name: 'noren-redoc-compat',
    injectHtmlTags() {
      return {
        headTags: [
          {
            tagName: 'script',
            innerHTML: 'window.Prism=window.Prism||{};window.Prism.manual=true;',
          },
        ],
      };
    },
    configureWebpack(config, isServer, {currentBundler}) {
      // Webpack's persistent cache does not see these files through the TypeScript config;
      // name them so that editing them invalidates the cache.
      if (typeof config.cache === 'object' && config.cache.type === 'filesystem') {
        config.cache.buildDependencies = {
          ...config.cache.buildDependencies,
          norenRedocCompat: [
            __filename,
            path.join(__dirname, 'stripRemoteLogoLoader.cjs'),
            path.join(__dirname, 'RedocClientStyles.tsx'),
          ],
        };
      }

      const clientOnlyPlugins = isServer
        ? []
        : [
            new currentBundler.instance.NormalModuleReplacementPlugin(
              /[\\/]docusaurus-theme-redoc[\\/]dist-jsx[\\/]theme[\\/]Redoc[\\/]Styles\.jsx$/,
              path.join(__dirname, 'RedocClientStyles.tsx'),
            ),
          ];
      return {
        plugins: clientOnlyPlugins,
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
