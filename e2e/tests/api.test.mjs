// A smoke test of the payment API through the browser context's request API.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { useNoren } from '../harness.mjs';

const env = useNoren({ before, after });

test('healthz answers 200 and whoami identifies a demo merchant key', async () => {
  const { server, browser } = env;
  assert.ok(server && browser);
  const keys = await server.demo();
  assert.match(keys.merchant_key, /^sk_test_/);

  const context = await browser.newContext({ baseURL: server.url });
  try {
    const health = await context.request.get('/healthz');
    assert.equal(health.status(), 200);
    assert.ok(health.headers()['x-request-id'], 'every response carries X-Request-Id');

    const whoami = await context.request.get('/v3/api_keys/whoami', {
      headers: { 'X-Auth-API-Key': keys.merchant_key },
    });
    assert.equal(whoami.status(), 200, await whoami.text());
    const body = await whoami.json();
    for (const field of ['legal_person', 'shop', 'shop_device']) {
      assert.ok(body[field] && typeof body[field] === 'object', `whoami has ${field}`);
    }
    assert.equal(body.legal_person.id, keys.legal_person_id);
    assert.equal(body.shop.id, keys.shop_id);
  } finally {
    await context.close();
  }
});

test('whoami without a key answers 401 with the JSON error body', async () => {
  const { server, browser } = env;
  assert.ok(server && browser);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const res = await context.request.get('/v3/api_keys/whoami');
    assert.equal(res.status(), 401);
    const body = await res.json();
    assert.equal(body.code, 'unauthorized');
    assert.equal(typeof body.message, 'string');
  } finally {
    await context.close();
  }
});
