// The browser tests of the noren binary, run by `npm test` (`playwright test`). See README.md.

import { defineConfig } from '@playwright/test';
import { launchOptions } from './chromium.mjs';

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.mjs',
  // Each file runs in its own worker with its own server (fixtures.mjs); two files at a time on
  // a 2-core CI machine. The tests of a file run in order.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  // `list` ends with the summary line CI reads (e.g. `30 passed (40.1s)`); no HTML report.
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: launchOptions(),
    locale: 'en-US',
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
});
