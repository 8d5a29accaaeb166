/**
 * Swizzled (ejected) from @docusaurus/theme-classic: registers the `prism.additionalLanguages`
 * of the config (bash) with the Prism instance that renders code blocks.
 *
 * Upstream mounts prism-react-renderer's instance on `globalThis.Prism` and loads the prismjs
 * language components, which extend whatever `Prism` they see. On this site the redoc theme
 * provides the free variable `Prism` to every module as the `prismjs` package (webpack
 * ProvidePlugin), so the components extend prismjs instead and code blocks would stay plain.
 * This version lets them do that and then copies the new grammars across. prismjs does not
 * highlight the page by itself because `Prism.manual` is set first (plugins/redoc-compat).
 */
import siteConfig from '@generated/docusaurus.config';
import type * as PrismNamespace from 'prismjs';

type Grammars = Record<string, unknown>;

export default function prismIncludeLanguages(PrismObject: typeof PrismNamespace): void {
  const {additionalLanguages} = siteConfig.themeConfig.prism as {additionalLanguages: string[]};
  if (additionalLanguages.length === 0) {
    return;
  }
  const target = PrismObject.languages as unknown as Grammars;
  // Evaluate prismjs first, while `window.Prism.manual` is still the head script's flag.
  // eslint-disable-next-line global-require
  const prismjs = require('prismjs') as {languages: Grammars};

  const global = globalThis as {Prism?: unknown};
  const before = global.Prism;
  global.Prism = PrismObject;
  additionalLanguages.forEach((lang) => {
    // eslint-disable-next-line global-require, import/no-dynamic-require
    require(`prismjs/components/prism-${lang}`);
  });
  if (before === undefined) {
    delete global.Prism;
  } else {
    global.Prism = before;
  }

  if (prismjs.languages !== target) {
    for (const [name, grammar] of Object.entries(prismjs.languages)) {
      if (typeof grammar === 'object' && grammar !== null && !(name in target)) {
        target[name] = grammar;
      }
    }
  }
}
