// The developer portal as a visitor sees it through the noren server (seed 000 §2).

import assert from 'node:assert/strict';
import { test, waitForPortalHydration } from '../fixtures.mjs';

test.use({ needs: ['portal'] });

test('the home page renders with the Noren title and a navbar with Docs and References', async ({ page, guard }) => {
  const response = await page.goto('/', { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await waitForPortalHydration(page);
  assert.match(await page.title(), /Noren/);
  const navbar = page.locator('nav.navbar');
  await navbar.getByRole('link', { name: 'Docs', exact: true }).first().waitFor();
  await navbar.getByText('References', { exact: true }).first().waitFor();
  guard.assertClean();
});

test('the docs index renders a doc page', async ({ page, guard }) => {
  const response = await page.goto('/docs', { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await waitForPortalHydration(page);
  await page.locator('main article h1').first().waitFor();
  assert.match(await page.title(), /Noren/);
  assert.equal(new URL(page.url()).pathname, '/docs', 'routes have no trailing slash');
  guard.assertClean();
});

test('a code sample in a hidden tab is plain until its tab is chosen, then highlighted', async ({ page, guard }) => {
  await page.goto('/docs/payments/webhooks', { waitUntil: 'load' });
  await waitForPortalHydration(page);
  // The server's page and the hydrated page: the hidden Python sample is there, as plain lines.
  const python = page.locator('[role=tabpanel]', { hasText: 'hmac.compare_digest' });
  assert.equal(await python.getAttribute('hidden'), '');
  assert.equal(await python.locator('pre.language-text').count(), 1);
  assert.equal(await python.locator('pre .token:not(.plain)').count(), 0);
  // The shown sample (JavaScript) is highlighted.
  const shown = page.locator('[role=tabpanel]:not([hidden])', { hasText: 'timingSafeEqual' });
  assert.ok((await shown.locator('pre .token.keyword').count()) > 0);
  await page.getByRole('tab', { name: 'Python' }).click();
  await python.locator('pre.language-python .token.keyword').first().waitFor();
  assert.equal(await python.getAttribute('hidden'), null);
  guard.assertClean();
});

test('a page is drawn before its scripts run', async ({ page, guard }) => {
  // A frame has been drawn when a requestAnimationFrame callback has run; the site's entry
  // script's first act is to define window.docusaurus.
  await page.addInitScript(() => {
    window.__frames = 0;
    requestAnimationFrame(() => { window.__frames += 1; });
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      set(value) {
        window.__framesBeforeScripts = window.__frames;
        Object.defineProperty(window, 'docusaurus', { value, writable: true, configurable: true });
      },
    });
  });
  await page.goto('/docs/payments', { waitUntil: 'load' });
  await waitForPortalHydration(page);
  assert.equal(await page.evaluate(() => window.__framesBeforeScripts), 1);
  // The scripts are fetched at once all the same, at the low priority of deferred scripts.
  assert.equal(await page.locator('head link[rel=preload][as=script][fetchpriority=low]').count(), 2);
  assert.equal(await page.locator('script[defer]').count(), 0);
  guard.assertClean();
});

test('the payment reference is an entry page with a page per operation, and no download button', async ({ page, guard }) => {
  const response = await page.goto('/references/pay', { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await waitForPortalHydration(page);
  assert.match(await page.title(), /^Noren payment API \| Noren$/);
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  await sidebar.getByRole('link', { name: 'Check an API key' }).click();
  await page.waitForURL('**/references/pay/whoami');
  await page.getByRole('heading', { level: 1, name: 'Check an API key' }).waitFor();
  await page.locator('main').getByText('/v3/api_keys/whoami').first().waitFor();
  // seed 000 §2: the reference pages hide the download button.
  assert.equal(await page.locator('a[download], button:has-text("Export")').count(), 0, 'no spec download button');
  guard.assertClean();
});

test.describe(() => {
  test.use({ locale: 'ja-JP' });

  test('the Japanese home page renders Japanese chrome', async ({ page, guard }) => {
    const response = await page.goto('/ja/', { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    await waitForPortalHydration(page);
    assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
    const docsLink = page.locator('nav.navbar a[href^="/ja/docs"]').first();
    await docsLink.waitFor();
    const label = (await docsLink.innerText()).trim();
    // The navbar's Docs item is translated (e.g. ドキュメント), not left in English.
    assert.match(label, /[\u3040-\u30ff\u3400-\u9fff]/, `navbar docs label "${label}" is not Japanese`);
    guard.assertClean();
  });
});

test('an unknown path shows the not-found page with status 404', async ({ page, guard }) => {
  const missing = '/this-page-does-not-exist-e2e';
  guard.tolerate({
    // Chromium logs every 4xx response as a console error, including the document itself.
    // The 404 of the page under test is what this test asks for; any other 404 still fails.
    reason: 'the 404 status of the missing page itself',
    match: (p) =>
      p.kind === 'console' &&
      /status of 404/.test(p.text) &&
      new URL(p.url || 'about:blank', 'http://x').pathname === missing,
  });
  const response = await page.goto(missing, { waitUntil: 'load' });
  assert.equal(response?.status(), 404);
  await waitForPortalHydration(page);
  await page.getByRole('heading', { name: 'Page Not Found' }).first().waitFor();
  assert.equal(new URL(page.url()).pathname, missing, 'the URL is kept, not redirected');
  // The page leads on: the guides and the three references.
  const main = page.locator('main');
  for (const href of ['/docs', '/references/pay', '/references/order', '/references/inbound']) {
    assert.equal(await main.locator(`a[href="${href}"]`).count(), 1, `a link to ${href}`);
  }
  guard.assertClean();
});

test('the search page has a title in the Page | Noren form, in English and Japanese', async ({ page, guard }) => {
  for (const [path, title] of [
    ['/search', 'Search | Noren'],
    ['/ja/search', '検索 | Noren'],
  ]) {
    const response = await page.goto(path, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    await waitForPortalHydration(page);
    assert.equal(await page.title(), title, path);
  }
  guard.assertClean();
});

test('canonical links name the configured portal address, not the bind address', async ({ page, guard }) => {
  await page.goto('/docs', { waitUntil: 'load' });
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  const ogUrl = await page.locator('meta[property="og:url"]').getAttribute('content');
  for (const url of [canonical, ogUrl]) {
    assert.ok(url && /^https?:\/\/[^/]+\/docs$/.test(url), `absolute /docs address, got ${url}`);
    assert.doesNotMatch(url, /127\.0\.0\.1|localhost/, 'NOREN_PORTAL_URL or its default, never the bind address');
  }
  guard.assertClean();
});
