// Security headers as a browser enforces them: every portal route renders under the portal's
// Content-Security-Policy with no violation, the checkout renders under its strict one, and the
// checkout cannot be framed by another page (clickjacking a payment page).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PageGuard, useNoren, waitForPortalHydration } from '../harness.mjs';

const env = useNoren({ before, after }, { needs: ['portal', 'checkout'] });

/** Records `securitypolicyviolation` events of the page (and its frames) from the first script. */
async function watchViolations(context) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

const REDOC_HYDRATION_ERROR_418 = {
  reason: 'React hydration error #418 logged by Redoc on /references/* pages (see portal.test.mjs)',
  match: (p) =>
    (p.kind === 'console' || p.kind === 'pageerror') &&
    new URL(p.pageUrl).pathname.startsWith('/references/') &&
    /Minified React error #418\b|react\.dev\/errors\/418\b/.test(p.text),
};

const PORTAL_ROUTES = [
  '/',
  '/docs',
  '/docs/payments',
  '/docs/payments/webhooks',
  '/docs/order/menu-archive',
  '/references/pay',
  '/references/order',
  '/ja/docs/payments',
  '/ja/references/inbound',
];

for (const route of PORTAL_ROUTES) {
  test(`${route} renders under the portal's Content-Security-Policy with no violation`, async () => {
    const { server, browser } = env;
    const context = await browser.newContext({ baseURL: server.url });
    await watchViolations(context);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const guard = new PageGuard(page, server, { tolerate: [REDOC_HYDRATION_ERROR_418] });
      const response = await page.goto(route, { waitUntil: 'load' });
      assert.equal(response?.status(), 200);
      assert.match(response?.headers()['content-security-policy'] ?? '', /default-src 'self'/);
      if (route.includes('/references/')) {
        await page.locator('.redoc-wrap').first().waitFor();
        await page.locator('.redoc-wrap h1, .redoc-wrap h2').first().waitFor();
      } else {
        await waitForPortalHydration(page);
      }
      assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
      guard.assertClean();
    } finally {
      await context.close();
    }
  });
}

test('the checkout renders under its strict policy and refuses to be framed', async () => {
  const { server, browser } = env;
  const keys = await server.demo();
  const res = await fetch(`${server.url}/v3/predefined_payments/create_online_payment?amount=1200`, {
    method: 'POST',
    headers: { 'X-Auth-API-Key': keys.merchant_key },
  });
  assert.equal(res.status, 200);
  const { url } = await res.json();
  const path = new URL(url).pathname;

  const context = await browser.newContext({ baseURL: server.url });
  await watchViolations(context);
  try {
    const page = await context.newPage();
    const messages = [];
    page.on('console', (m) => messages.push(m.text()));
    const response = await page.goto(path, { waitUntil: 'load' });
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(response?.headers()['referrer-policy'], 'no-referrer');
    await page.getByRole('button').first().waitFor();
    assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
    assert.deepEqual(messages.filter((m) => /Content Security Policy/i.test(m)), []);

    // Another page (here the portal's origin, the most trusted one) frames the checkout: the
    // browser refuses to render it.
    const framer = await context.newPage();
    const framerMessages = [];
    framer.on('console', (m) => framerMessages.push(m.text()));
    await framer.goto('/docs', { waitUntil: 'load' });
    await framer.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.id = 'framed';
      document.body.appendChild(f);
      return new Promise((resolve) => {
        f.addEventListener('load', resolve);
        setTimeout(resolve, 3000);
      });
    }, path);
    const frame = framer.frames().find((f) => f.url().includes('/checkout/'));
    const rendered = frame ? await frame.locator('button').count().catch(() => 0) : 0;
    assert.equal(rendered, 0, 'the framed checkout rendered its buttons');
  } finally {
    await context.close();
  }
});
