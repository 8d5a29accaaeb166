// The official client against a live Noren (clients/run.sh): a paid and refunded payment, a
// cafeteria order, a hold → booking → cancel, and test clocks past an expiry, a refund window
// and the day-of cancellation rule; the error body as a typed exception; retries that honour
// Retry-After with one idempotency key; a delivery verified with standardwebhooks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createNoren, must, NorenError, TestClock, verifyWebhook, SPECS } from '../dist/index.js';
import { env, noren, chooseBrand, paidPayment, firstSlot, origin, jstToday } from './helpers.mjs';

test('a payment is paid through the sandbox and refunded', async () => {
  const { token, number } = await paidPayment(1800);
  const paid = must(
    await noren.pay.GET('/v3/predefined_payments/{token}', { params: { path: { token } } }),
  );
  assert.equal(paid.fulfilled, true);
  const refund = must(
    await noren.pay.POST('/v3/universal_payments/refund', { params: { query: { payment_number: number } } }),
  );
  assert.equal(refund.result_code, 2000, JSON.stringify(refund));
});

test('a cafeteria order is opened, appended to, finalized and paid', async () => {
  const order = must(
    await noren.order.POST('/api/admin/orders/cafeteria', {
      body: { shopId: env.shopId, tableNumber: '7', mutable: true },
    }),
  );
  const shop = must(await noren.order.GET('/api/order/shop/{id}', { params: { path: { id: env.shopId } } }));
  const menu = shop.orderMenus.flatMap((c) => c.menus).find((m) => m.name === 'Gyoza (6 pieces)');
  assert.ok(menu, 'the demo menu has gyoza');
  await noren.order.POST('/api/cafeteria/{id}/begin', {
    params: { path: { id: order.id } },
    body: { token: order.mutableToken },
  });
  const appended = must(
    await noren.order.POST('/api/cafeteria/{id}/append', {
      params: { path: { id: order.id } },
      body: { token: order.mutableToken, deviceTag: 'ts-client', menus: [{ id: menu.id, quantity: 2 }] },
    }),
  );
  assert.ok(appended.amount > 0);
  const finalized = must(
    await noren.order.POST('/api/cafeteria/{id}/finalize', {
      params: { path: { id: order.id } },
      body: { token: order.mutableToken },
    }),
  );
  const chosen = await chooseBrand(finalized.predefinedPaymentToken);
  assert.equal(chosen.status, 200);
  await noren.pay.POST('/sandbox/payments/{payment_number}/approve', {
    params: { path: { payment_number: chosen.body.attempt.payment_number } },
  });
  const after = must(await noren.order.GET('/api/cafeteria/{id}', { params: { path: { id: order.id } } }));
  assert.equal(after.status, 5, 'paid');
});

test('a hold becomes a booking, which is cancelled', async () => {
  const platform = env.platform;
  const shopId = env.inboundShop;
  const tomorrow = new Date(Date.now() + 9 * 3600_000 + 7 * 86400_000).toISOString().slice(0, 10);
  const slot = await firstSlot(shopId, 2, tomorrow);
  const asked = {
    reservationStartTime: slot.at,
    numberOfGuests: 2,
    requestedCourses: [{ courseId: slot.courseId, courseAmountRequested: 2 }],
  };
  const hold = must(
    await noren.inbound.POST('/v3/inbound-external/{platform}/shops/{shopId}/holds', {
      params: { path: { platform, shopId } },
      body: asked,
    }),
  );
  assert.equal(hold.status, 'HELD');
  const number = origin('hold');
  const booked = must(
    await noren.inbound.POST('/v3/inbound-external/{platform}/shops/{shopId}/reservations', {
      params: { path: { platform, shopId } },
      body: { ...asked, guestFirstName: 'Alex', guestLastName: 'Smith', originPlatformReservationNumber: number, holdId: hold.id },
    }),
  );
  assert.equal(booked.status, 'SUCCESS');
  const cancelled = must(
    await noren.inbound.PATCH('/v3/inbound-external/{platform}/shops/reservations/{reservationIdOrOriginNumber}/cancel', {
      params: { path: { platform, reservationIdOrOriginNumber: number } },
      body: { remark: 'Plans changed.' },
    }),
  );
  assert.ok(['CANCELLED', 'CANCELLED_WITH_FEE', 'CANCELLED_WITH_FULL_FEE'].includes(cancelled.status), cancelled.status);
});

test('test clocks: a payment expires, a refund passes its window, the day-of cancellation is refused', async () => {
  const clock = await TestClock.shop(noren, '2027-01-15T09:00:00Z', { name: 'ts client', replace: true });
  try {
    const created = must(
      await noren.pay.POST('/v3/predefined_payments/create_online_payment', {
        params: { query: { amount: 1200, expires_after: 3600 } },
      }),
    );
    const token = created.predefined_payment.token;
    assert.equal(created.predefined_payment.create_time, '2027-01-15T09:00:00.000Z');
    await clock.advanceBy(2 * 3600_000);
    assert.equal(clock.state.status, 'ready');
    const read = must(await noren.pay.GET('/v3/predefined_payments/{token}', { params: { path: { token } } }));
    assert.equal(read.expired, true);
    const refused = await chooseBrand(token);
    assert.equal(refused.status, 409, 'the checkout refuses an expired payment');

    const { number } = await paidPayment(1500);
    await clock.advance('2027-04-16T11:00:00Z');
    const late = must(
      await noren.pay.POST('/v3/universal_payments/refund', { params: { query: { payment_number: number } } }),
    );
    assert.equal(late.result_code, 2102);
  } finally {
    await clock.delete();
  }

  const platform = env.platform;
  const shopId = env.inboundShop;
  const pclock = await TestClock.platform(noren, platform, '2027-01-15T18:00:00+09:00', { replace: true });
  try {
    const slot = await firstSlot(shopId, 2, '2027-01-18');
    const number = origin('clock');
    const booked = must(
      await noren.inbound.POST('/v3/inbound-external/{platform}/shops/{shopId}/reservations', {
        params: { path: { platform, shopId } },
        body: {
          reservationStartTime: slot.at,
          guestFirstName: 'Mei',
          guestLastName: 'Chen',
          numberOfGuests: 2,
          requestedCourses: [{ courseId: slot.courseId, courseAmountRequested: 2 }],
          originPlatformReservationNumber: number,
        },
      }),
    );
    assert.equal(booked.status, 'SUCCESS');
    await pclock.advance(`${slot.date}T09:00:00+09:00`);
    await assert.rejects(
      noren.inbound.PATCH('/v3/inbound-external/{platform}/shops/reservations/{reservationIdOrOriginNumber}/cancel', {
        params: { path: { platform, reservationIdOrOriginNumber: number } },
        body: {},
      }),
      (err) => err instanceof NorenError && err.status === 409 && err.reason === 'cancellation_day_of',
    );
  } finally {
    await pclock.delete();
  }
  // Back on real time.
  const now = must(await noren.pay.POST('/v3/predefined_payments/create_online_payment', { params: { query: { amount: 100 } } }));
  assert.ok(Math.abs(Date.parse(now.predefined_payment.create_time) - Date.now()) < 120_000);
  assert.ok(jstToday() < '2027-01-15', 'this test was written before its clock time');
});

test('a refusal is a NorenError with the field path and the request id', async () => {
  await assert.rejects(
    noren.pay.POST('/v3/predefined_payments/create_online_payment', { params: { query: { amount: 1 } } }),
    (err) => {
      assert.ok(err instanceof NorenError);
      assert.equal(err.status, 400);
      assert.equal(err.code, 'client');
      assert.equal(err.errors[0].field, 'amount');
      assert.match(err.requestId, /^[0-9a-f-]{36}$/);
      return true;
    },
  );
  const stranger = createNoren({ baseUrl: env.base, apiKey: 'sk_test_unknownunknownunknownunknown' });
  await assert.rejects(stranger.pay.GET('/v3/api_keys/whoami'), (err) => err instanceof NorenError && err.status === 401);
});

test('429 and 503 are retried after Retry-After, with the one idempotency key', async () => {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ at: Date.now(), key: req.headers['idempotency-key'] });
    if (seen.length === 1) {
      res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'too_many_requests', message: 'slow down' }));
    } else if (seen.length === 2) {
      res.writeHead(503, { 'Retry-After': '0', 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 'server', message: 'restarting' }));
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ predefined_payment: { token: 't' }, url: 'u' }));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const client = createNoren({ baseUrl: `http://127.0.0.1:${server.address().port}`, apiKey: env.key });
    const answer = must(
      await client.pay.POST('/v3/predefined_payments/create_online_payment', { params: { query: { amount: 100 } } }),
    );
    assert.equal(answer.url, 'u');
    assert.equal(seen.length, 3);
    assert.ok(seen[0].key && seen.every((s) => s.key === seen[0].key), 'one key on every retry');
    assert.ok(seen[1].at - seen[0].at >= 950, 'waited the Retry-After second');
    // Out of retries: the last answer is thrown.
    seen.length = 0;
    const impatient = createNoren({ baseUrl: `http://127.0.0.1:${server.address().port}`, apiKey: env.key, maxRetries: 0 });
    await assert.rejects(impatient.pay.GET('/v3/api_keys/whoami'), (err) => err.status === 429 && err.code === 'too_many_requests');
  } finally {
    server.close();
  }
});

test('a real delivery verifies with verifyWebhook, and a forged one does not', async () => {
  let resolveDelivery;
  const delivered = new Promise((resolve) => (resolveDelivery = resolve));
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.writeHead(204).end();
      resolveDelivery({ body, headers: req.headers });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = must(
    await noren.pay.POST('/v3/webhook_endpoints', {
      params: { query: { url: `http://127.0.0.1:${server.address().port}/hook`, enabled_events: 'payment.paid' } },
    }),
  );
  try {
    const { token } = await paidPayment(900);
    const { body, headers } = await delivered;
    const event = verifyWebhook(body, headers, endpoint.secret);
    assert.equal(event.token, token);
    assert.throws(() => verifyWebhook(`${body} `, headers, endpoint.secret));
  } finally {
    await noren.pay.DELETE('/v3/webhook_endpoints/{id}', { params: { path: { id: endpoint.id } } });
    server.close();
  }
});

test('the client names the specs it was generated from', () => {
  assert.equal(SPECS.pay.version, '3.0.0');
  assert.match(SPECS.inbound.sha256, /^[0-9a-f]{64}$/);
});

test('the address and keys default to NOREN_API_BASE, NOREN_KEY and NOREN_PARTNER_KEY', async () => {
  process.env.NOREN_API_BASE = env.base;
  try {
    const me = must(await createNoren().pay.GET('/v3/api_keys/whoami'));
    assert.equal(me.shop.id, env.shopId);
  } finally {
    delete process.env.NOREN_API_BASE;
  }
});
