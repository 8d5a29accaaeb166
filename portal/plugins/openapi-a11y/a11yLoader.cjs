// Webpack loader: accessibility fixes in the compiled components of docusaurus-theme-openapi-docs
// (see ./index.ts). Each fix names the pattern it rewrites; a file given to the loader in which
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
];

module.exports = function a11yLoader(source) {
  let count = 0;
  let out = source;
  for (const {pattern, add, replace} of FIXES) {
    out = out.replace(pattern, (m, ...groups) => {
      count += 1;
      return replace === undefined ? m + add : replace.replace('$1', groups[0]);
    });
  }
  if (count === 0) {
    this.emitError(new Error(`${this.resourcePath}: nothing to fix found (plugins/openapi-a11y)`));
  }
  return out;
};
