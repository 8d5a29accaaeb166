// A smoke test of the payment API through Playwright's request API.

import assert from 'node:assert/strict';
import { test } from '../fixtures.mjs';

test('healthz answers 200 and whoami identifies a demo merchant key', async ({ request, keys }) => {
  assert.match(keys.merchant_key, /^sk_test_/);

  const health = await request.get('/healthz');
  assert.equal(health.status(), 200);
  assert.ok(health.headers()['x-request-id'], 'every response carries X-Request-Id');

  const whoami = await request.get('/v3/api_keys/whoami', {
    headers: { 'X-Auth-API-Key': keys.merchant_key },
  });
  assert.equal(whoami.status(), 200, await whoami.text());
  const body = await whoami.json();
  for (const field of ['legal_person', 'shop', 'shop_device']) {
    assert.ok(body[field] && typeof body[field] === 'object', `whoami has ${field}`);
  }
  assert.equal(body.legal_person.id, keys.legal_person_id);
  assert.equal(body.shop.id, keys.shop_id);
});

test('whoami without a key answers 401 with the JSON error body', async ({ request }) => {
  const res = await request.get('/v3/api_keys/whoami');
  assert.equal(res.status(), 401);
  const body = await res.json();
  assert.equal(body.code, 'unauthorized');
  assert.equal(typeof body.message, 'string');
});
