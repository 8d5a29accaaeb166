// Debian's chromium, the only browser these tests use: Playwright never downloads one (no
// `playwright install`; the packages have no install script that would).
//
//   CHROMIUM_PATH   the browser (default /usr/bin/chromium)

import { existsSync } from 'node:fs';

/** Flags for a headless chromium on a machine whose network is closed (no background calls home). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The `launchOptions` of the browser. Playwright gives every launch a new, empty temporary profile
 * (user data dir) and deletes it on close, so no state leaks between runs.
 *
 * Playwright hides scrollbars in headless chromium; `scrollbars: true` keeps them, as a desktop
 * browser draws them (a classic scrollbar takes width from the page when it appears).
 *
 * @param {{scrollbars?: boolean}} [options]
 * @returns {import('@playwright/test').LaunchOptions}
 */
export function launchOptions({ scrollbars = false } = {}) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`${executablePath} is missing: apt-get install chromium (browsers are never downloaded)`);
  }
  return {
    executablePath,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: scrollbars ? ['--hide-scrollbars'] : undefined,
  };
}
