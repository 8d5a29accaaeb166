// The hosted checkout at /checkout/{token}, driven in chromium against the real server: payments
// are made with the merchant API, paid through the checkout's sandbox brand page, and the paid
// webhook is received by a node:http server of this file and its signature checked.

import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { test as base } from '../fixtures.mjs';

/**
 * This file's fixtures, on top of the server and its demo keys:
 * - `receiver` (worker): the webhook receiver, closed at the end;
 * - `shop` (worker): the merchant API and the checkout's own API, called as the demo merchant.
 */
const test = base.extend({
  receiver: [
    async ({}, use) => {
      const receiver = await startReceiver();
      try {
        await use(receiver);
      } finally {
        await receiver.close();
      }
    },
    { scope: 'worker' },
  ],
  shop: [
    async ({ server, keys }, use) => {
      assert.match(keys.merchant_key, /^sk_test_/);
      assert.equal(typeof keys.webhook_secret, 'string', 'noren demo --json gives the webhook secret');
      await use(shopApi(server, keys));
    },
    { scope: 'worker' },
  ],
});

test.use({ needs: ['checkout'], viewport: { width: 1280, height: 800 } });

/**
 * A webhook receiver on 127.0.0.1 (an ephemeral port): records every request with its raw body
 * and answers 200. Only the server calls it, never the browser.
 */
async function startReceiver() {
  /** @type {Array<{method: string, path: string, headers: import('node:http').IncomingHttpHeaders, body: string}>} */
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The requests to `path`, once at least `n` arrived (or the time is up). */
    async waitFor(path, n = 1, timeout = 20_000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const got = requests.filter((r) => r.path === path);
        if (got.length >= n || Date.now() > deadline) return got;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The APIs the tests call as the demo merchant (`server` and `keys` from the fixtures). */
function shopApi(server, keys) {
  /** Calls the merchant API with the demo key; answers the parsed JSON after checking the status. */
  async function merchant(method, path, params = {}, status = 200) {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${server.url}${path}?${query}`, {
      method,
      headers: { 'X-Auth-API-Key': keys.merchant_key },
    });
    const text = await res.text();
    assert.equal(res.status, status, `${method} ${path}: ${text}`);
    return JSON.parse(text);
  }

  /** Creates an online payment; answers its token and the path of its checkout URL. */
  async function createPayment(params = {}) {
    const body = await merchant('POST', '/v3/predefined_payments/create_online_payment', {
      amount: 1000,
      ...params,
    });
    const url = new URL(body.url);
    assert.equal(url.pathname, `/checkout/${body.predefined_payment.token}`);
    return { token: body.predefined_payment.token, path: url.pathname };
  }

  /** Calls the checkout's own endpoint as the page does (no key). */
  async function checkoutApi(path, body) {
    const res = await fetch(`${server.url}/checkout/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    assert.equal(res.status, 200, `POST /checkout/api/${path}: ${text}`);
    return JSON.parse(text);
  }

  return { merchant, createPayment, checkoutApi };
}

/** Opens `path` in the test's page (guarded by the `guard` fixture) and checks the status. */
async function open(page, path) {
  const response = await page.goto(path, { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
}

const h1 = (page, name) => page.getByRole('heading', { level: 1, name, exact: true });

async function assertNoHorizontalScroll(page, width = 375) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `no horizontal scroll at ${width} px (scrollWidth ${scrollWidth})`);
}

/** Presses Tab until the focused element satisfies `matches` (evaluated in the page). */
async function tabTo(page, matches, arg, max = 30) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(matches, arg)) return;
  }
  throw new Error(`Tab never reached the element (${matches})`);
}

const focusedButton = (text) => document.activeElement?.tagName === 'BUTTON' && document.activeElement.textContent === text;
const focusedBrand = () => document.activeElement?.matches('input[type="radio"][name="brand"]') ?? false;

/** The keyboard focus is drawn: an outline on the element or, for a radio, on its label. */
async function assertFocusVisible(page) {
  const outline = await page.evaluate(() => {
    const el = document.activeElement;
    const box = el?.matches('input[type="radio"]') ? el.closest('label') : el;
    return box ? getComputedStyle(box).outlineStyle : 'none';
  });
  assert.notEqual(outline, 'none', 'the focused element has a visible outline');
}

/** Checks one webhook delivery: headers, and the signature over `${t}.${rawBody}`. */
function assertSigned(delivery, keys) {
  assert.equal(delivery.method, 'POST');
  assert.match(delivery.headers['content-type'] ?? '', /^application\/json/);
  assert.ok(delivery.headers['noren-event-id'], 'noren-event-id is set');
  assert.equal(delivery.headers['noren-delivery-attempt'], '1');
  // `t=<unix>,v1=<hex>`: one v1 per signing secret (two only while a rotated secret still signs).
  const signature = String(delivery.headers['noren-signature'] ?? '');
  const match = /^t=(\d+)((?:,v1=[0-9a-f]{64})+)$/.exec(signature);
  assert.ok(match, `noren-signature is t=<unix>,v1=<hex>: ${signature}`);
  const t = match[1];
  const v1s = match[2].split(',v1=').slice(1);
  assert.ok(Math.abs(Date.now() / 1000 - Number(t)) < 300, 'the signature time is now');
  const expected = createHmac('sha256', keys.webhook_secret).update(`${t}.${delivery.body}`).digest();
  assert.ok(
    v1s.some((v1) => timingSafeEqual(Buffer.from(v1, 'hex'), expected)),
    'a v1 is the HMAC-SHA256 of `${t}.${body}` under the webhook secret',
  );
}

test('English: PayPay with a 10 % tip, approve, receipt, back to the shop, one signed paid webhook', async ({ page, guard, server, keys, shop, receiver }) => {
  const hook = '/hook-en';
  const { token, path } = await shop.createPayment({
    tip_vas_enabled: true,
    order_no: `E2E-EN-${Date.now()}`,
    redirection_url: `${server.url}/docs`,
    webhook_callback_url: `${receiver.url}${hook}`,
  });
  await open(page, path);
  await h1(page, 'Noren Demo Cafe').waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  assert.equal(await page.locator('main').getAttribute('data-token'), token);
  await page.getByText('¥1,000', { exact: true }).first().waitFor();
  await page.getByText('Test mode', { exact: true }).waitFor();

  await page.getByRole('radio', { name: 'PayPay', exact: true }).check();
  await page.getByRole('radio', { name: '10% ¥100' }).check();
  assert.equal(await page.getByTestId('total').textContent(), '¥1,100');

  // The page moves on with history.pushState: the window (and this marker) survives.
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.getByRole('button', { name: 'Pay ¥1,100' }).click();
  await page.waitForURL(new RegExp(`/checkout/${token}/pay/[0-9A-Za-z_-]+$`));
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  const paymentNumber = new URL(page.url()).pathname.split('/').pop();

  await h1(page, 'Pay with PayPay').waitFor();
  await page.getByText('Sandbox', { exact: true }).waitFor();
  await page.getByText('¥1,100', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await h1(page, 'Payment complete').waitFor();
  const receipt = page.locator('dl');
  await receipt.getByText(paymentNumber, { exact: true }).waitFor();
  await receipt.getByText('PayPay', { exact: true }).waitFor();
  await receipt.getByText('¥1,000', { exact: true }).waitFor();
  await receipt.getByText('¥100', { exact: true }).waitFor();
  await receipt.getByText('¥1,100', { exact: true }).waitFor();
  const back = page.getByRole('link', { name: 'Return to shop' });
  assert.equal(await back.getAttribute('href'), `${server.url}/docs`);
  await page.getByRole('status').getByText('Taking you back to the shop in 3 seconds…').waitFor();
  const shownAt = Date.now();
  guard.assertClean();

  // From here on only the checkout's problems count: the shop's page the customer is sent back
  // to (here the portal's /docs) is not under test.
  guard.tolerate({
    reason: 'the shop page the checkout redirects to is not under test',
    match: (p) => !new URL(p.pageUrl).pathname.startsWith('/checkout'),
  });
  await page.waitForURL(`${server.url}/docs`, { timeout: 10_000 });
  assert.ok(Date.now() - shownAt >= 2000, 'the redirect waits about 3 seconds');
  const checkoutProblems = guard.problems.filter((p) => new URL(p.pageUrl).pathname.startsWith('/checkout'));
  assert.deepEqual(checkoutProblems, [], 'the checkout page had no problems');

  const deliveries = await receiver.waitFor(hook);
  assert.equal(deliveries.length, 1, 'the paid webhook arrived');
  const [delivery] = deliveries;
  assertSigned(delivery, keys);
  const event = JSON.parse(delivery.body);
  assert.equal(event.payment_status, 'paid');
  assert.equal(event.payment_amount, 1100);
  // Exactly one: no retry of a delivery that was answered 200.
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(receiver.requests.filter((r) => r.path === hook).length, 1, 'exactly one delivery');
});

test.describe(() => {
  test.use({ locale: 'ja-JP', viewport: { width: 375, height: 740 } });

  test('Japanese at 375 px, keyboard only: decline, choose another brand, approve', async ({ page, guard, shop }) => {
    const { token, path } = await shop.createPayment({ tip_vas_enabled: true });
    await open(page, path);
    await h1(page, 'のれんデモカフェ').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
    await page.getByText('1,000円', { exact: true }).first().waitFor();
    await page.getByText('お支払い方法', { exact: true }).waitFor();
    await page.getByText('チップを追加', { exact: true }).waitFor();
    await page.getByRole('button', { name: '1,000円を支払う' }).waitFor();
    await assertNoHorizontalScroll(page);
    const brands = await page.locator('input[name="brand"]').evaluateAll((els) => els.map((e) => e.value));
    assert.ok(brands.length >= 2, `the demo shop has at least two brands: ${brands}`);
    // The name is the label's last element (after the radio and the image).
    const names = await page
      .locator('label:has(input[name="brand"])')
      .evaluateAll((els) => els.map((e) => e.lastElementChild?.textContent));

    // Tab into the brand group (no brand chosen yet: the first one takes the focus), Space picks it.
    await tabTo(page, focusedBrand);
    await assertFocusVisible(page);
    await page.keyboard.press('Space');
    assert.equal(await page.locator('input[name="brand"]:checked').inputValue(), brands[0]);
    await tabTo(page, focusedButton, '1,000円を支払う');
    await assertFocusVisible(page);
    await page.keyboard.press('Enter');

    await page.waitForURL(new RegExp(`/checkout/${token}/pay/`));
    await h1(page, `${names[0]}でのお支払い`).waitFor();
    await page.getByText('サンドボックス', { exact: true }).waitFor();
    await assertNoHorizontalScroll(page);
    await tabTo(page, focusedButton, '支払いを拒否する');
    await assertFocusVisible(page);
    await page.keyboard.press('Enter');

    // Declined: back to the brand choice, with the reason said in the status region.
    await page.waitForURL(new RegExp(`/checkout/${token}$`));
    await page
      .getByRole('status')
      .getByText(`${names[0]}でのお支払いは承認されませんでした。`, { exact: false })
      .waitFor();
    await h1(page, 'のれんデモカフェ').waitFor();
    await assertNoHorizontalScroll(page);

    // Another brand: Tab to the group, the arrow key moves the choice to the second brand.
    await tabTo(page, focusedBrand);
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('input[name="brand"]:checked').inputValue(), brands[1]);
    await tabTo(page, focusedButton, '1,000円を支払う');
    await page.keyboard.press('Enter');

    await page.waitForURL(new RegExp(`/checkout/${token}/pay/`));
    await h1(page, `${names[1]}でのお支払い`).waitFor();
    await tabTo(page, focusedButton, '支払いを承認する');
    await page.keyboard.press('Enter');

    await h1(page, 'お支払いが完了しました').waitFor();
    const receipt = page.locator('dl');
    await receipt.getByText('決済番号', { exact: true }).waitFor();
    await receipt.getByText(names[1], { exact: true }).waitFor();
    await receipt.getByText('1,000円', { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'ショップに戻る' }).count(), 0, 'no redirection_url: no link');
    await assertNoHorizontalScroll(page);
    assert.equal(await page.locator('h1').count(), 1, 'one h1');
    guard.assertClean();
  });
});

test('an expired payment shows the expired page', async ({ page, guard, shop }) => {
  const { path } = await shop.createPayment({ expires_after: 1 });
  await new Promise((r) => setTimeout(r, 1500));
  await open(page, path);
  await h1(page, 'This payment link has expired').waitFor();
  await page.getByText('Please ask Noren Demo Cafe for a new link.').waitFor();
  assert.equal(await page.getByRole('radio').count(), 0, 'no brand choice');
  guard.assertClean();
});

test.describe(() => {
  test.use({ locale: 'ja-JP' });

  test('an invalidated payment shows the invalidated page', async ({ page, guard, shop }) => {
    const { token, path } = await shop.createPayment();
    await shop.merchant('POST', '/v3/predefined_payments', { token, invalidated: true });
    await open(page, path);
    await h1(page, 'この支払いリンクは現在ご利用いただけません').waitFor();
    assert.equal(await page.getByRole('radio').count(), 0, 'no brand choice');
    guard.assertClean();
  });
});

test('an unknown token shows the not-found page', async ({ page, guard }) => {
  // Chromium logs the API's 404 answer as a console error; that one message is expected.
  guard.tolerate({
    reason: "chromium's console message for the checkout API's 404 answer to an unknown token",
    match: (p) => p.kind === 'console' && /status of 404/.test(p.text) && /\/checkout\/api\/e2eUnknownToken0123/.test(p.url),
  });
  await open(page, '/checkout/e2eUnknownToken0123');
  await h1(page, 'Payment not found').waitFor();
  guard.assertClean();
  assert.equal(guard.tolerated.length, 1, 'the 404 was seen');
});

test('a network failure shows the error page, and Retry loads the payment', async ({ page, guard, shop }) => {
  const { path, token } = await shop.createPayment();
  const apiPath = `/checkout/api/${token}`;
  guard.tolerate({
    reason: 'the test makes the first API call fail (route.abort) to show the error page',
    match: (p) => (p.kind === 'requestfailed' || p.kind === 'console') && p.text.includes('ERR_FAILED'),
  });
  let failures = 0;
  await page.route(`**${apiPath}`, (route) => {
    if (failures++ === 0) return route.abort('failed');
    return route.continue();
  });
  await page.goto(path);
  await h1(page, 'Something went wrong').waitFor();
  await page.getByRole('button', { name: 'Retry' }).click();
  await h1(page, 'Noren Demo Cafe').waitFor();
  guard.assertClean();
});

test('a started payment offers to continue with its brand', async ({ page, guard, shop }) => {
  const { token, path } = await shop.createPayment();
  const started = await shop.checkoutApi(`${token}/attempts`, { payment_method: 'paypay', tip: 0 });
  const number = started.attempt.payment_number;
  await open(page, path);
  await page.getByText('You started paying with PayPay.').waitFor();
  await page.getByRole('link', { name: 'Continue with PayPay →' }).click();
  await page.waitForURL(new RegExp(`/checkout/${token}/pay/${number}$`));
  await h1(page, 'Pay with PayPay').waitFor();
  // "Choose another payment method" goes back to the list without a reload.
  await page.getByRole('link', { name: 'Choose another payment method' }).click();
  await page.waitForURL(new RegExp(`/checkout/${token}$`));
  await h1(page, 'Noren Demo Cafe').waitFor();
  guard.assertClean();
});

test('a paid payment reopened shows its receipt and the return link, without redirecting', async ({ page, guard, server, shop }) => {
  const { token, path } = await shop.createPayment({ tip_vas_enabled: true, redirection_url: `${server.url}/docs` });
  const started = await shop.checkoutApi(`${token}/attempts`, { payment_method: 'paypay', tip: 50 });
  const number = started.attempt.payment_number;
  const paid = await shop.checkoutApi(`${token}/attempts/${number}/approve`, {});
  assert.equal(paid.state, 'paid');

  await open(page, path);
  await h1(page, 'Payment complete').waitFor();
  const receipt = page.locator('dl');
  await receipt.getByText(number, { exact: true }).waitFor();
  await receipt.getByText('¥1,050', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Return to shop' }).waitFor();
  assert.equal(await page.getByRole('radio').count(), 0, 'no brand choice');
  // Only a payment approved on this page sends the customer back by itself.
  await new Promise((r) => setTimeout(r, 3500));
  assert.equal(new URL(page.url()).pathname, path);
  // The brand page of the paid attempt shows the receipt too.
  await page.goto(`${path}/pay/${number}`);
  await h1(page, 'Payment complete').waitFor();
  guard.assertClean();
});

test('the language switch changes the page and is remembered', async ({ page, guard, shop }) => {
  const { path } = await shop.createPayment();
  await open(page, path);
  await h1(page, 'Noren Demo Cafe').waitFor();
  await page.getByRole('button', { name: '日本語' }).click();
  await h1(page, 'のれんデモカフェ').waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
  assert.equal(await page.getByRole('button', { name: '日本語' }).getAttribute('aria-pressed'), 'true');
  await page.reload();
  await h1(page, 'のれんデモカフェ').waitFor();
  await page.getByRole('button', { name: 'EN' }).click();
  await h1(page, 'Noren Demo Cafe').waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  guard.assertClean();
});
