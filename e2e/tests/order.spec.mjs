// A dine-in order of the demo restaurant paid in the hosted checkout (issue 11): the merchant
// creates the order, the table's phones begin it and add dishes through the ordering API, finalize
// makes its payment, and the customer pays it in chromium on the checkout's sandbox page; the
// order is then paid (status 5) and the merchant moves it to finished (20).

import assert from 'node:assert/strict';
import { test } from '../fixtures.mjs';

test.use({ needs: ['checkout'], viewport: { width: 390, height: 844 } });

/** Calls `path` on the server with a JSON body; answers the parsed JSON after checking 200. */
async function call(server, method, path, body, key) {
  const headers = { 'Content-Type': 'application/json' };
  if (key) headers['X-Auth-API-Key'] = key;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${method} ${path}: ${text}`);
  return JSON.parse(text);
}

test('a table orders ramen and gyoza, pays in the checkout, and the kitchen finishes the order', async ({ page, guard, server, keys }) => {
  const shop = await call(server, 'GET', `/api/order/shop/${keys.shop_id}?lang=ja`);
  const menus = shop.orderMenus.flatMap((c) => c.menus);
  const ramen = menus.find((m) => m.name === '醤油ラーメン');
  const gyoza = menus.find((m) => m.name === '餃子（6個）');
  assert.ok(ramen && gyoza, `the demo restaurant has ramen and gyoza: ${menus.map((m) => m.name)}`);
  const large = ramen.variations.find((v) => v.variationCategoryRequired && v.menuPrice > 0);

  const order = await call(server, 'POST', '/api/admin/orders/cafeteria', { shopId: keys.shop_id, mutable: true, tableNumber: '7' }, keys.merchant_key);
  const token = order.mutableToken;
  await call(server, 'POST', `/api/cafeteria/${order.id}/begin`, { token });
  await call(server, 'POST', `/api/cafeteria/${order.id}/append`, {
    token,
    deviceTag: 'phone-a',
    lang: 'ja',
    menus: [{ id: ramen.id, variations: [{ id: large.id }] }],
  });
  const appended = await call(server, 'POST', `/api/cafeteria/${order.id}/append`, {
    token,
    deviceTag: 'phone-b',
    lang: 'ja',
    menus: [{ id: gyoza.id, quantity: 2 }],
  });
  const amount = ramen.menuPrice + large.menuPrice + 2 * gyoza.menuPrice;
  assert.equal(appended.amount, amount);
  const finalized = await call(server, 'POST', `/api/cafeteria/${order.id}/finalize`, { token });
  assert.equal(finalized.status, 2);

  const yen = `¥${amount.toLocaleString('en-US')}`;
  const response = await page.goto(`/checkout/${finalized.predefinedPaymentToken}`, { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await page.getByText(yen, { exact: true }).first().waitFor();
  await page.getByRole('radio', { name: 'PayPay', exact: true }).check();
  await page.getByRole('button', { name: `Pay ${yen}` }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.getByRole('heading', { level: 1, name: 'Payment complete', exact: true }).waitFor();
  guard.assertClean();

  const paid = await call(server, 'GET', `/api/cafeteria/${order.id}`);
  assert.equal(paid.status, 5, 'paid in the checkout: pending confirmation');
  for (const status of [10, 15, 20]) {
    const moved = await call(server, 'POST', `/api/admin/cafeteria/${order.id}/status`, { status }, keys.merchant_key);
    assert.equal(moved.status, status);
  }
});
