// The interactive API references (issue 18): a new reader on a phone-sized window enters the
// printed test key once and sends a refund, a menu read and an availability request from the
// reference pages, sees the real answers, and switches the same reference to Japanese; the
// navbar search finds operations in English and Japanese. Every request goes to the page's own
// origin (the guard fails on any other host), and the key stays in session storage.

import assert from 'node:assert/strict';
import { test, waitForPortalHydration } from '../fixtures.mjs';

test.use({ needs: ['portal'], viewport: { width: 390, height: 844 } });

/** A paid sandbox payment of the demo shop; answers its attempt's `payment_number`. */
async function paidPayment(server, keys) {
  const created = await fetch(`${server.url}/v3/predefined_payments/create_online_payment?amount=1500`, {
    method: 'POST',
    headers: { 'X-Auth-API-Key': keys.merchant_key },
  });
  assert.equal(created.status, 200);
  const token = (await created.json()).predefined_payment.token;
  const attempt = await fetch(`${server.url}/checkout/api/${token}/attempts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ payment_method: 'paypay', tip: 0 }),
  });
  assert.equal(attempt.status, 200, await attempt.clone().text());
  const read = await (await fetch(`${server.url}/v3/predefined_payments/${token}`)).json();
  const number = read.associated_payments[0].payment_number;
  const approved = await fetch(`${server.url}/sandbox/payments/${number}/approve`, {
    method: 'POST',
    headers: { 'X-Auth-API-Key': keys.merchant_key },
  });
  assert.equal(approved.status, 200);
  return number;
}

/** `yyyy-MM-dd` of the Wednesday 8 to 14 days ahead (the demo shops open on Wednesdays). */
function wednesdayAhead() {
  const d = new Date(Date.now() + 9 * 3600 * 1000);
  d.setUTCDate(d.getUTCDate() + 8 + ((3 - ((d.getUTCDay() + 8) % 7) + 7) % 7));
  return d.toISOString().slice(0, 10);
}

/** Opens a reference page and waits for its try-it panel. */
async function openOperation(page, path) {
  const response = await page.goto(path, { waitUntil: 'load' });
  assert.equal(response?.status(), 200, path);
  await waitForPortalHydration(page);
  await page.locator('.openapi-explorer__request-btn').waitFor();
}

/** Sends the panel's request and answers the response panel's text once an answer is shown. */
async function send(page) {
  await page.locator('.openapi-explorer__request-btn').click();
  const panel = page.locator('.openapi-explorer__response-container');
  await panel.locator('.openapi-explorer__code-block, pre').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.openapi-explorer__loading-container'),
    null,
    { timeout: 15_000 },
  );
  return panel.innerText();
}

test('a reader enters the test key once and sends a refund, a menu read and an availability request', async ({ page, guard, server, keys }) => {
  const paymentNumber = await paidPayment(server, keys);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url())));

  // The key is entered once, on the first call that needs it.
  await openOperation(page, '/references/pay/whoami');
  await page.getByLabel('X-Auth-API-Key', { exact: true }).fill(keys.merchant_key);
  let answer = await send(page);
  assert.match(answer, /\b200\b/);
  assert.match(answer, /Noren Demo K\.K\./);

  // A refund: the key is already there; only the payment number is typed.
  await openOperation(page, '/references/pay/refund');
  assert.equal(await page.getByLabel('X-Auth-API-Key', { exact: true }).inputValue(), keys.merchant_key);
  await page.getByLabel('payment_number', { exact: true }).fill(paymentNumber);
  answer = await send(page);
  assert.match(answer, /"result_code": 2000/);

  // A menu read of the ordering API (no key needed).
  await openOperation(page, '/references/order/get-order-shop');
  await page.getByLabel('id', { exact: true }).fill(String(keys.shop_id));
  answer = await send(page);
  assert.match(answer, /\b200\b/);
  assert.match(answer, /"orderMenus"/);

  // Availability with the partner key (entered once for the partner calls).
  await openOperation(page, '/references/inbound/get-availability');
  await page.getByLabel('Bearer Token', { exact: true }).fill(keys.partner_key);
  await page.getByLabel('platform', { exact: true }).fill(keys.platform);
  await page.getByLabel('shopId', { exact: true }).fill(String(keys.inbound_shop_ids[0]));
  await page.getByLabel('requestDate', { exact: true }).fill(wednesdayAhead());
  answer = await send(page);
  assert.match(answer, /\b200\b/);
  assert.match(answer, /"availableTimes"/);

  // A booking with a JSON body, typed into the panel's body editor (the partner key is kept).
  const shopId = keys.inbound_shop_ids[0];
  const partner = { Authorization: `Bearer ${keys.partner_key}` };
  const base = `${server.url}/v3/inbound-external/${keys.platform}`;
  const courses = await (await fetch(`${base}/shops/${shopId}/courses?languageCode=en`, { headers: partner })).json();
  let booking;
  for (const course of courses.rows.filter((c) => !c.parentCourseId)) {
    const q = `requestDate=${wednesdayAhead()}&pax=2&courseId=${course.id}`;
    const slots = await (await fetch(`${base}/shops/${shopId}/availability?${q}`, { headers: partner })).json();
    if (slots.availableTimes?.length > 0) {
      booking = { course: course.id, start: `${wednesdayAhead()}T${slots.availableTimes[0]}:00` };
      break;
    }
  }
  assert.ok(booking, 'a course of the demo shop with a free slot');
  await openOperation(page, '/references/inbound/create-reservation');
  await page.getByLabel('platform', { exact: true }).fill(keys.platform);
  await page.getByLabel('shopId', { exact: true }).fill(String(shopId));
  const body = {
    reservationStartTime: booking.start,
    guestFirstName: 'Aoi',
    guestLastName: 'Sato',
    numberOfGuests: 2,
    requestedCourses: [{ courseId: booking.course, courseAmountRequested: 2 }],
    originPlatformReservationNumber: `E2E-${Date.now()}`,
  };
  await page.getByLabel('Request body', { exact: true }).fill(JSON.stringify(body, null, 2));
  answer = await send(page);
  assert.match(answer, /\b200\b/);
  assert.match(answer, /"status": "(SUCCESS|PENDING)"/);

  // Only this origin was asked, and the keys live in session storage only.
  const server_ = new URL(server.url);
  assert.deepEqual(requests.filter((u) => u.host !== server_.host && u.protocol !== 'data:').map(String), []);
  const stored = await page.evaluate(() => [JSON.stringify(sessionStorage), JSON.stringify(localStorage)]);
  assert.ok(stored[0].includes(keys.merchant_key), 'the merchant key is kept for the session');
  assert.ok(!stored[1].includes(keys.merchant_key) && !stored[1].includes(keys.partner_key), 'no key in local storage');
  assert.ok(!page.url().includes(keys.merchant_key), 'no key in the URL');
  guard.assertClean();
});

test('the Japanese reference has Japanese chrome and texts at the same paths', async ({ page, guard }) => {
  await openOperation(page, '/ja/references/pay/refund');
  assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
  assert.match(await page.title(), /^決済を返金 \| Noren$/);
  await page.getByRole('heading', { level: 1, name: '決済を返金' }).waitFor();
  await page.getByRole('button', { name: 'API リクエストを送信' }).waitFor();
  await page.locator('main').getByText('レスポンス', { exact: true }).first().waitFor();
  // The sidebar groups and operations are Japanese too (the mobile menu holds the sidebar).
  const html = await page.content();
  assert.match(html, /事前定義決済/);
  assert.match(html, /API キーを確認/);
  // The language switcher leads to the same operation in English.
  await page.goto('/references/pay/refund', { waitUntil: 'load' });
  await waitForPortalHydration(page);
  await page.getByRole('heading', { level: 1, name: 'Refund a payment' }).waitFor();
  guard.assertClean();
});

test('on a phone the try-it panel loads when the reader moves towards it, not with the page', async ({ page, guard }) => {
  await page.goto('/references/pay/refund', { waitUntil: 'load' });
  await waitForPortalHydration(page);
  // The operation's text is there at once; the panel below it is a placeholder for now (it also
  // loads by itself once the page has been idle for 3 s, so this looks well before that).
  await page.getByRole('heading', { level: 1, name: 'Refund a payment' }).waitFor();
  await page.waitForTimeout(300);
  assert.equal(await page.locator('.openapi-explorer__request-btn').count(), 0, 'no panel before the reader moves');
  await page.mouse.wheel(0, 600);
  await page.locator('.openapi-explorer__request-btn').waitFor({ timeout: 2_500 });
  guard.assertClean();
});

test('a schema field\'s nested fields are built when the reader opens it, and another status code\'s when its tab is chosen', async ({ page, guard }) => {
  for (const [path, tab] of [['/references/pay/refund', '400'], ['/ja/references/pay/refund', '400']]) {
    await page.goto(path, { waitUntil: 'load' });
    await waitForPortalHydration(page);
    const response = page.locator('[role=tabpanel]:not([hidden])').filter({ has: page.locator('details.response') }).first();
    // The 200 answer's `payment` field is closed: its fields (e.g. `history`) are not built yet.
    const payment = response.locator('details', { has: page.locator(':scope > summary strong', { hasText: /^payment$/ }) }).first();
    await payment.waitFor();
    assert.equal(await payment.getAttribute('open'), null, path);
    assert.equal(await payment.locator('summary strong', { hasText: /^history$/ }).count(), 0, path);
    await payment.locator(':scope > summary').click();
    await payment.locator('summary strong', { hasText: /^history$/ }).first().waitFor();
    assert.equal(await payment.getAttribute('open'), '', path);
    // Another status code's answer is built when its tab is chosen.
    await page.getByRole('tab', { name: tab, exact: true }).first().click();
    // The error body's fields: `code` (the 200 answer has `result_code`, not `code`).
    await page.locator('details.response:visible strong.openapi-schema__property', { hasText: /^code$/ }).first().waitFor();
  }
  guard.assertClean();
});

test('a guide loads none of the references\' code', async ({ page, guard }) => {
  const scripts = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/docs/payments/webhooks', { waitUntil: 'load' });
  await waitForPortalHydration(page);
  // Switching to another language's tab renders its code block (no script of the references).
  await page.getByRole('tab', { name: 'Python' }).click();
  await page.getByText('hmac.compare_digest', { exact: false }).first().waitFor();
  assert.deepEqual(scripts.filter((p) => /\/references\.[0-9a-f]+\.js$/.test(p)), []);
  // The same chunk is what a reference page loads (so the check above can fail).
  await page.goto('/references/pay/refund', { waitUntil: 'load' });
  await waitForPortalHydration(page);
  assert.ok(scripts.some((p) => /\/references\.[0-9a-f]+\.js$/.test(p)), scripts.join(' '));
  guard.assertClean();
});

test.describe('code samples', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the code samples load beside the panel and name this server in full', async ({ page, guard, server }) => {
    await openOperation(page, '/references/pay/whoami');
    const samples = page.locator('.openapi-tabs__code-container, .openapi-explorer__code-block').first();
    await samples.scrollIntoViewIfNeeded();
    await page.getByText(`${server.url}/v3/api_keys/whoami`, { exact: false }).first().waitFor();
    await page.getByText('X-Auth-API-Key', { exact: false }).first().waitFor();
    guard.assertClean();
  });
});

test.describe('search', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  // [start page, query, the hit's title, its breadcrumb (the API's name tells a reference
  // page from a guide's section of the same name), where it lands]
  for (const [start, query, title, api, path] of [
    ['/', 'availability', 'Check availability', 'Inbound API', '/references/inbound/get-availability'],
    ['/', 'refund', 'Refund a payment', 'Payment API', '/references/pay/refund'],
    ['/', 'import-start', 'Start a menu import', 'Ordering API', '/references/order/start-menu-import'],
    ['/ja/', '返金', '決済を返金', '決済 API', '/ja/references/pay/refund'],
    ['/ja/', '空席', '空席を確認', 'インバウンド API', '/ja/references/inbound/get-availability'],
    ['/ja/', '予約', '予約を作成', 'インバウンド API', '/ja/references/inbound/create-reservation'],
  ]) {
    test(`the navbar search finds "${query}" and lands on the operation`, async ({ page, guard }) => {
      await page.goto(start, { waitUntil: 'load' });
      await waitForPortalHydration(page);
      const input = page.locator('input.navbar__search-input');
      await input.click();
      await input.fill(query);
      const hit = page.locator('[role="option"]').filter({ hasText: title }).filter({ hasText: api }).first();
      await hit.waitFor();
      await hit.click();
      await page.waitForURL((url) => url.pathname === path);
      await page.locator('main h1').first().waitFor();
      guard.assertClean();
    });
  }

  test('text typed while the search code still loads is kept and searched', async ({ page, guard }) => {
    await page.goto('/', { waitUntil: 'load' });
    await waitForPortalHydration(page);
    // The box's code loads when the box is used; a slow network holds it back a while.
    await page.route('**/assets/js/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const input = page.locator('input.navbar__search-input');
    await input.click();
    await input.pressSequentially('availability', { delay: 30 });
    const hit = page.locator('[role="option"]').filter({ hasText: 'Check availability' }).first();
    await hit.waitFor();
    assert.equal(await input.inputValue(), 'availability');
    assert.ok(await input.evaluate((el) => el === document.activeElement), 'the box keeps the focus');
    guard.assertClean();
  });
});
