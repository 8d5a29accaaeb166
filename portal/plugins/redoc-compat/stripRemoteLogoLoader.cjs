/**
 * Webpack loader for redoc's bundles: replaces the <img> that loads the Redocly logo from
 * cdn.redoc.ly with nothing. It fails the build when the pattern is gone (for example after
 * a redoc upgrade) while a cdn.redoc.ly address is still in the bundle, so a remote request
 * can never come back unnoticed.
 */
'use strict';

// e.createElement("img",{alt:"redocly logo",onError:()=>r(!1),src:"https://cdn.redoc.ly/redoc/logo-mini.svg"})
const LOGO_IMG =
  /[A-Za-z_$][\w$]*\.createElement\("img",\{alt:"redocly logo",[^{}]*src:"https:\/\/cdn\.redoc\.ly\/[^"]*"\}\)/g;

module.exports = function stripRemoteLogoLoader(source) {
  const stripped = source.replace(LOGO_IMG, 'null');
  if (stripped.includes('cdn.redoc.ly')) {
    this.emitError(
      new Error(
        `noren-redoc-compat: ${this.resourcePath} still refers to cdn.redoc.ly; ` +
          'update plugins/redoc-compat/stripRemoteLogoLoader.cjs for this redoc version.',
      ),
    );
  }
  return stripped;
};
