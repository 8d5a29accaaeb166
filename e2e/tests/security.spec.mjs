// Security headers as a browser enforces them: every portal route renders under the portal's
// Content-Security-Policy with no violation, the checkout renders under its strict one, and the
// checkout cannot be framed by another page (clickjacking a payment page).

import assert from 'node:assert/strict';
import { test, waitForPortalHydration } from '../fixtures.mjs';

test.use({ needs: ['portal', 'checkout'] });

/** Records `securitypolicyviolation` events of the page (and its frames) from the first script. */
async function watchViolations(context) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

const PORTAL_ROUTES = [
  '/',
  '/docs',
  '/docs/payments',
  '/docs/payments/webhooks',
  '/docs/order/menu-archive',
  '/references/pay',
  '/references/order',
  '/docs/inbound/booking',
  '/references/inbound',
  '/ja/docs/payments',
  '/ja/references/inbound',
  '/references/pay/refund',
  '/references/inbound/create-reservation',
  '/ja/references/order/get-order-shop',
];

for (const route of PORTAL_ROUTES) {
  test(`${route} renders under the portal's Content-Security-Policy with no violation`, async ({ context, page, guard }) => {
    await watchViolations(context);
    const response = await page.goto(route, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /default-src 'self'/);
    // Issue 18: inline scripts only by the build's hashes; no eval anywhere.
    assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
    assert.doesNotMatch(csp, /unsafe-eval/);
    await waitForPortalHydration(page);
    await page.locator('h1').first().waitFor();
    assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
    guard.assertClean();
  });
}

test('the checkout renders under its strict policy and refuses to be framed', async ({ server, keys, context, page, guard }) => {
  const res = await fetch(`${server.url}/v3/predefined_payments/create_online_payment?amount=1200`, {
    method: 'POST',
    headers: { 'X-Auth-API-Key': keys.merchant_key },
  });
  assert.equal(res.status, 200);
  const { url } = await res.json();
  const path = new URL(url).pathname;

  await watchViolations(context);
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
  // browser refuses to render it, and says so on the framing page (the blocked request of the
  // frame and the console message naming the directive): what this test asks for.
  guard.tolerate(
    {
      reason: "the framed checkout's request, blocked by frame-ancestors",
      match: (p) =>
        p.kind === 'requestfailed' && p.text === `GET ${server.url}${path}: net::ERR_BLOCKED_BY_RESPONSE`,
    },
    {
      reason: "chromium's console message for the framing blocked by frame-ancestors 'none'",
      match: (p) => p.kind === 'console' && /^Framing '.*' violates .*"frame-ancestors 'none'"/.test(p.text),
    },
  );
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
  guard.assertClean();
});
