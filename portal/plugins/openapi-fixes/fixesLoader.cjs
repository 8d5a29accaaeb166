// Webpack loader: fixes in the compiled components of docusaurus-theme-openapi-docs (see
// ./index.ts). Each fix names the pattern it rewrites; a file given to the loader in which
// none matches fails the build, so a theme update that changes the markup is seen at once.
const FIXES = [
  {
    // The tab lists' scroll arrows: empty buttons, redundant with the focusable tabs.
    pattern: /(className:\s*(?:\(0,\s*clsx_1\.default\)\(\s*"openapi-tabs__arrow",\s*"(?:left|right)"\s*\)|"openapi-tabs__arrow (?:left|right)"),)/g,
    add: ' "aria-hidden": true, tabIndex: -1,',
  },
  {
    // Parameters and schema fields are <div>s directly inside a <ul>: list items by role.
    pattern: /(\{ className: "(?:openapi-params__list-item|openapi-schema__list-item|openapi-discriminator__item openapi-schema__list-item)")/g,
    add: ', role: "listitem"',
  },
  {
    // The try-it panel's "Authorization: X-Auth-API-Key" box is headed by an <h4> right after the
    // page's <h1> (axe `heading-order`): a second-level heading, as the page's other sections.
    pattern: /"h4"(,\s*\{ className: "openapi-security__summary-header" \})/g,
    replace: '"h2"$1',
  },
  {
    // Its tab components remount their content once the page has hydrated (a `key` that flips
    // with useIsBrowser, a workaround for facebook/docusaurus#5653 from before the selected tab
    // was read with useSyncExternalStore and synced in a layout effect, as the theme's own
    // tabsUtils now do). Every schema, response and code sample inside tabs was rendered twice on
    // load: on a phone (Lighthouse, 4x slower CPU) the second render was a 0.6 s task on
    // /docs/payments/webhooks. Without the key a stored or linked tab is still selected, by the
    // state update React applies after hydration.
    pattern: /\n\s*key: String\(isBrowser\),/g,
    replace: '',
  },
  {
    // Docusaurus sorts with String#localeCompare while a doc page hydrates (the active docs
    // plugin for the breadcrumbs; the keys of the code blocks' mutation-observer options). The
    // first call in a page builds an ICU collator: 25-35 ms inside the hydration task on
    // Lighthouse's phone. The strings are URL paths and option names (ASCII), for which
    // code-unit order is the same order.
    pattern: /(\w+(?:\[\d\])+(?:\.path)?)\.localeCompare\((\w+(?:\[\d\])+(?:\.path)?)\)/g,
    rewrite: (m, x, y) => `(${x} < ${y} ? -1 : ${x} > ${y} ? 1 : 0)`,
  },
  {
    // Docusaurus's client module that starts Prism with the site's entry script: the code
    // block content (src/theme/CodeBlock/Content) does it instead, on the first page with code.
    pattern: /^import \{ Prism \} from 'prism-react-renderer';\nimport prismIncludeLanguages from '@theme\/prism-include-languages';\nprismIncludeLanguages\(Prism\);$/m,
    replace: '// Prism starts with the first code block (src/theme/CodeBlock/Content).',
  },
];

module.exports = function openapiFixesLoader(source) {
  let count = 0;
  let out = source;
  for (const {pattern, add, replace, rewrite} of FIXES) {
    out = out.replace(pattern, (m, ...groups) => {
      count += 1;
      if (rewrite) return rewrite(m, ...groups);
      return replace === undefined ? m + add : replace.replace('$1', typeof groups[0] === 'string' ? groups[0] : '');
    });
  }
  if (count === 0) {
    this.emitError(new Error(`${this.resourcePath}: nothing to fix found (plugins/openapi-fixes)`));
  }
  return out;
};
