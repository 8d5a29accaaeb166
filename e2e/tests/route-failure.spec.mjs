// Seed 000 §2: "If a route fails to load, the page shows the error text with a Retry button and
// reloads." A route's code is blocked in the browser (page.route), once on a client-side
// navigation and once on the first load of a page; the page must show the translated error
// and Retry without an uncaught error, and Retry must show the page once its code loads.
// (portal/src/clientModules/routeLoadFailure.ts and portal/src/theme/Loading.)

import assert from 'node:assert/strict';
import { test, waitForPortalHydration } from '../fixtures.mjs';

test.use({ needs: ['portal'] });

/**
 * Blocks every script chunk the page has not fetched before `start()`: the chunks of a route
 * not visited yet. Registers the guard's tolerance for exactly those requests.
 * @param {import('@playwright/test').Page} page
 * @param {import('../fixtures.mjs').PageGuard} guard
 */
async function chunkBlocker(page, guard) {
  const fetched = new Set();
  const blocked = new Set();
  let blocking = false;
  page.on('request', (req) => {
    if (!blocking && req.url().includes('/assets/js/')) fetched.add(req.url());
  });
  await page.route('**/assets/js/**', (route) => {
    const url = route.request().url();
    if (blocking && !fetched.has(url)) {
      blocked.add(url);
      return route.abort('failed');
    }
    return route.continue();
  });
  guard.tolerate({
    // The test fails these requests on purpose; chromium reports each as a failed request and
    // logs "Failed to load resource: net::ERR_FAILED" for it. Nothing else is tolerated.
    reason: 'the route chunk the test blocks',
    match: (p) =>
      blocked.has(p.url) &&
      (p.kind === 'requestfailed' || (p.kind === 'console' && /Failed to load resource/.test(p.text))),
  });
  return {
    start() {
      blocking = true;
    },
    stop() {
      blocking = false;
    },
    get blocked() {
      return [...blocked];
    },
  };
}

test('a docs page whose code fails to load on navigation shows the error and Retry, and Retry shows it', async ({ page, guard }) => {
  const blocker = await chunkBlocker(page, guard);
  await page.goto('/', { waitUntil: 'load' });
  await waitForPortalHydration(page);
  // Marks this document: it must survive the failed navigation (no reload behind the error).
  await page.evaluate(() => {
    window.__sameDocument = true;
  });

  blocker.start();
  await page.getByRole('link', { name: 'Read the guides' }).click();
  const alert = page.getByRole('alert');
  await alert.getByText('This page could not be loaded.').waitFor();
  const retry = alert.getByRole('button', { name: 'Retry' });
  await retry.waitFor();
  assert.ok(blocker.blocked.length > 0, 'the route had a chunk to block');
  assert.equal(new URL(page.url()).pathname, '/docs');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'shown in place, not after a reload');
  assert.equal(await page.locator('main article h1').count(), 0, 'the docs page is not shown');
  guard.assertClean();

  blocker.stop();
  await retry.click();
  await page.locator('main article h1').first().waitFor();
  await waitForPortalHydration(page);
  assert.equal(new URL(page.url()).pathname, '/docs');
  assert.equal(await page.getByRole('alert').count(), 0, 'the error is gone');
  guard.assertClean();
});

test.describe(() => {
  test.use({ locale: 'ja-JP' });

  test('a Japanese docs page whose code fails on the first load shows the error and Retry in Japanese', async ({ page, guard }) => {
    const blocker = await chunkBlocker(page, guard);
    await page.goto('/ja', { waitUntil: 'load' });
    await waitForPortalHydration(page);

    blocker.start();
    await page.goto('/ja/docs/payments', { waitUntil: 'load' });
    // The page is rendered by React (not left as server HTML) and shows the error instead of
    // the guide.
    await waitForPortalHydration(page);
    const alert = page.getByRole('alert');
    await alert.getByText('このページを読み込めませんでした。').waitFor();
    const retry = alert.getByRole('button', { name: '再試行' });
    await retry.waitFor();
    assert.ok(blocker.blocked.length > 0, 'the route had a chunk to block');
    assert.equal(await page.locator('main article h1').count(), 0, 'the guide is not shown');
    // The navbar around the error works: the page is interactive.
    await page.locator('nav.navbar a[href="/ja/docs"]').first().waitFor();
    guard.assertClean();

    blocker.stop();
    await retry.click();
    await page.locator('main article h1').first().waitFor();
    await waitForPortalHydration(page);
    assert.equal(new URL(page.url()).pathname, '/ja/docs/payments');
    guard.assertClean();
  });
});
