// What the tests share: the live server and its demo keys (clients/run.sh starts it), the
// customer's side of the hosted checkout (the browser's calls, outside the client), and the
// first bookable slot of a shop.
import { createNoren, must } from '../dist/index.js';

export const env = {
  base: required('NOREN_BASE'),
  key: required('NOREN_KEY'),
  partnerKey: required('NOREN_PARTNER_KEY'),
  platform: required('NOREN_PLATFORM'),
  shopId: Number(required('NOREN_SHOP_ID')),
  // A restaurant of the platform that confirms in real time, with a cancellation policy.
  inboundShop: Number(required('NOREN_INBOUND_SHOP')),
};

function required(name) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: clients/run.sh sets it to the demo server's`);
  return v;
}

export const noren = createNoren({ baseUrl: env.base, apiKey: env.key, partnerKey: env.partnerKey });

/** The customer chooses the first brand of the hosted checkout (what its page does). */
export async function chooseBrand(token) {
  const view = await (await fetch(`${env.base}/checkout/api/${token}`)).json();
  const res = await fetch(`${env.base}/checkout/api/${token}/attempts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ payment_method: view.brands[0].payment, tip: 0 }),
  });
  return { status: res.status, body: await res.json() };
}

/** A new payment of `amount` yen, chosen and approved with the sandbox brand: its number. */
export async function paidPayment(amount, query = {}) {
  const { data } = await noren.pay.POST('/v3/predefined_payments/create_online_payment', {
    params: { query: { amount, ...query } },
  });
  const token = must({ data }).predefined_payment.token;
  const chosen = await chooseBrand(token);
  const number = chosen.body.attempt.payment_number;
  await noren.pay.POST('/sandbox/payments/{payment_number}/approve', {
    params: { path: { payment_number: number } },
  });
  return { token, number };
}

/** The shop's first course and its first bookable start time for `pax`, from `from` (JST day). */
export async function firstSlot(shopId, pax, from) {
  const platform = env.platform;
  const courses = must(
    await noren.inbound.GET('/v3/inbound-external/{platform}/shops/{shopId}/courses', {
      params: { path: { platform, shopId }, query: { languageCode: 'en' } },
    }),
  );
  const courseId = courses.rows[0].id;
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + 61 * 86400_000).toISOString().slice(0, 10);
  const calendar = must(
    await noren.inbound.GET('/v3/inbound-external/{platform}/shops/{shopId}/availability/calendar', {
      params: { path: { platform, shopId }, query: { from, to, pax, courseId } },
    }),
  );
  const day = calendar.days.find((d) => d.available);
  if (!day) throw new Error(`shop ${shopId} has no bookable day from ${from}`);
  const free = must(
    await noren.inbound.GET('/v3/inbound-external/{platform}/shops/{shopId}/availability', {
      params: { path: { platform, shopId }, query: { requestDate: day.date, pax, courseId } },
    }),
  );
  return { courseId, date: day.date, at: free.availableStartTimes[0] };
}

/** A unique origin number for a booking. */
export function origin(label) {
  return `TS-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/** Today in JST, `yyyy-MM-dd`. */
export function jstToday() {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}
