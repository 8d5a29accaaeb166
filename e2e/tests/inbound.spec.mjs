// A partner platform's developer new to Noren (issue 12, "Done means"): reads the inbound guide
// and the reference in the browser, then, with the demo partner key, searches the demo shops in
// Japanese, picks a course, sees availability, books, finds the booking by its origin number and
// cancels it; a second cancel is refused with a machine-readable reason.

import assert from 'node:assert/strict';
import { test, waitForPortalHydration } from '../fixtures.mjs';

test.use({ needs: ['portal'] });

/** Calls the inbound API with the demo partner key; answers [status, parsed JSON]. */
async function call(server, keys, method, path, body) {
  const res = await fetch(`${server.url}/v3/inbound-external/${keys.platform}/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${keys.partner_key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return [res.status, await res.json()];
}

/** `yyyy-MM-dd` of the Wednesday 8 to 14 days ahead (the demo shops open on Wednesdays). */
function wednesdayAhead() {
  const d = new Date(Date.now() + 9 * 3600 * 1000); // JST wall clock, read through UTC getters
  d.setUTCDate(d.getUTCDate() + 8 + ((3 - ((d.getUTCDay() + 8) % 7) + 7) % 7));
  return d.toISOString().slice(0, 10);
}

test('the inbound guide leads to the reference, and its flow books and cancels a table', async ({ page, guard, server, keys }) => {
  // The guide: its index links to the booking page, which shows the calls.
  let response = await page.goto('/docs/inbound', { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await waitForPortalHydration(page);
  await page.locator('main article h1').first().waitFor();
  await page.locator('main article a[href="/docs/inbound/booking"]').first().click();
  await page.waitForURL('**/docs/inbound/booking');
  await page.locator('main article').getByText('/availability', { exact: false }).first().waitFor();

  // The reference lists the operations the guide uses, each on its own page.
  response = await page.goto('/references/inbound', { waitUntil: 'load' });
  assert.equal(response?.status(), 200);
  await waitForPortalHydration(page);
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  await sidebar.getByRole('link', { name: 'Create a reservation' }).waitFor();
  await sidebar.getByRole('link', { name: /availability/i }).first().click();
  await page.waitForURL('**/references/inbound/get-availability');
  await page.locator('main h1').filter({ hasText: /availability/i }).waitFor();
  guard.assertClean();

  // Search in Japanese: every demo shop, with its Japanese name.
  const [status, found] = await call(server, keys, 'GET', 'shops?languageCode=ja&limit=50');
  assert.equal(status, 200);
  assert.equal(found.count, keys.inbound_shop_ids.length);
  const shop = found.rows.find((s) => s.realTimeBookable);
  assert.ok(shop, 'a real-time bookable demo shop');

  // A course, and its availability on a day the shop is open.
  const [, courses] = await call(server, keys, 'GET', `shops/${shop.id}/courses?languageCode=en`);
  const date = wednesdayAhead();
  let course;
  let times = [];
  for (const c of courses.rows) {
    const [s, a] = await call(server, keys, 'GET', `shops/${shop.id}/availability?requestDate=${date}&pax=2&courseId=${c.id}`);
    assert.equal(s, 200);
    if (a.availableTimes.length > 0) {
      course = c;
      times = a.availableTimes;
      break;
    }
  }
  assert.ok(course, `a course of shop ${shop.id} with slots on ${date}`);

  // Book, find by the origin number, cancel.
  const origin = `E2E-${Date.now()}`;
  const [created, booking] = await call(server, keys, 'POST', `shops/${shop.id}/reservations`, {
    reservationStartTime: `${date}T${times[0]}:00`,
    guestFirstName: 'Alex',
    guestLastName: 'Smith',
    guestPhoneNumber: '090-1234-5678',
    numberOfGuests: 2,
    requestedCourses: [{ courseId: course.id, courseAmountRequested: 2 }],
    originPlatformReservationNumber: origin,
  });
  assert.equal(created, 200, JSON.stringify(booking));
  assert.equal(booking.status, 'SUCCESS');
  const [, again] = await call(server, keys, 'GET', `shops/reservations/${origin}`);
  assert.equal(again.id, booking.id);
  const [cancelled, after] = await call(server, keys, 'PATCH', `shops/reservations/${origin}/cancel`, { remark: 'plans changed' });
  assert.equal(cancelled, 200, JSON.stringify(after));
  assert.match(after.status, /^CANCELLED/);
  const [refused, why] = await call(server, keys, 'PATCH', `shops/reservations/${booking.id}/cancel`, {});
  assert.equal(refused, 409);
  assert.equal(why.reason, 'status_conflict');
});
