// Layout shift of the hosted checkout, measured in chromium: a PerformanceObserver for
// `layout-shift` entries is installed before the page's own scripts (addInitScript), and a whole
// sandbox payment is walked (skeleton, brands, brand, tip, Pay, the brand page, in two flows
// Decline and back to the brands, Approve, the receipt) at desktop width with the scrollbars a
// desktop browser draws, and at 375×740 on a phone, in English and Japanese. At each stage the
// Cumulative Layout Shift (the sum of `value` over the entries without `hadRecentInput`, as
// web-vitals counts it) must stay under 0.01, and choosing a brand or a tip must move nothing at
// all (not even the shifts that follow an input are allowed there). Each flow logs its values.
//
// The page's API calls are answered late, as on a phone network: the payment only once the
// skeleton has been painted, and each step more than 500 ms after the click, past the window in
// which a shift is excused as a response to the input.

import assert from 'node:assert/strict';
import { launchOptions } from '../chromium.mjs';
import { test } from '../fixtures.mjs';

// This file's browser keeps its scrollbars, as a desktop browser draws them.
test.use({ needs: ['checkout'], launchOptions: launchOptions({ scrollbars: true }) });

/** CLS must stay under this at every stage (Google's "good" is 0.1; the goal is none at all). */
const CLS_LIMIT = 0.01;
/** Delay of the GET of the payment, on top of waiting for the skeleton to be painted. */
const LOAD_DELAY_MS = 300;
/** Delay of each step (start attempt, approve): past the 500 ms `hadRecentInput` window. */
const STEP_DELAY_MS = 700;

/** Calls the merchant API with the demo key; answers the parsed JSON. */
async function merchant(server, keys, method, path, params = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${server.url}${path}?${query}`, {
    method,
    headers: { 'X-Auth-API-Key': keys.merchant_key },
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${method} ${path}: ${text}`);
  return JSON.parse(text);
}

/**
 * Runs in the page before any of its scripts: records every layout-shift entry (buffered, so the
 * ones before the observer's callback ran are included) with the nodes that moved.
 */
function observeLayoutShifts() {
  /** @type {Array<{value: number, hadRecentInput: boolean, time: number, path: string, sources: unknown[]}>} */
  const shifts = [];
  Object.defineProperty(window, '__layoutShifts', { value: shifts });
  const describe = (node) => {
    if (!node) return '(gone)';
    if (node.nodeType !== Node.ELEMENT_NODE) {
      return `text "${String(node.textContent).trim().slice(0, 30)}" in ${describe(node.parentElement)}`;
    }
    const cls = typeof node.className === 'string' && node.className ? `.${node.className.split(' ').join('.')}` : '';
    const text = String(node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `<${node.tagName.toLowerCase()}${cls}>${text ? ` "${text}"` : ''}`;
  };
  const box = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      shifts.push({
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        time: Math.round(entry.startTime),
        path: location.pathname,
        sources: (entry.sources ?? []).map((s) => `${describe(s.node)}: ${box(s.previousRect)} -> ${box(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Waits until the page is still: fonts loaded, every image decoded, two frames painted, and a
 * little time for the observer's callbacks (queued as tasks) to run.
 */
async function settle(page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((img) => (img.complete ? Promise.resolve() : img.decode().catch(() => undefined))),
    );
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  });
  await page.waitForTimeout(250);
}

/** The layout shifts recorded so far. */
async function shifts(page) {
  return page.evaluate(() => /** @type {any} */ (window).__layoutShifts.slice());
}

/** CLS: the sum over the entries that did not follow an input. */
const cls = (entries) => entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0);

/** Four decimals; a shift too small for them still shows that it is there. */
const fmt = (n) => (n > 0 && n < 0.00005 ? n.toExponential(1) : n.toFixed(4));

/** The entries, one a line with the nodes that moved, for a failure message or the log. */
const explain = (entries) =>
  entries
    .map(
      (e) =>
        `    ${fmt(e.value)} at ${e.time} ms on ${e.path}${e.hadRecentInput ? ' (after an input)' : ''}\n` +
        e.sources.map((s) => `      ${s}`).join('\n'),
    )
    .join('\n');

/**
 * The vertical place in the document (not the viewport: choosing may scroll) and the height of
 * every element, by index in document order, to check that a choice moves nothing up or down.
 */
async function verticalLayout(page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')].map((el, i) => {
      const r = el.getBoundingClientRect();
      return `${i} <${el.tagName.toLowerCase()}> top ${(r.top + window.scrollY).toFixed(1)} height ${r.height.toFixed(1)}`;
    }),
  );
}

/** The texts the flow looks for, per language. */
const TEXT = {
  en: {
    shop: 'Noren Demo Cafe',
    tip: /^10%/,
    pay: 'Pay ¥1,100',
    brandTitle: (brand) => `Pay with ${brand}`,
    approve: 'Approve payment',
    decline: 'Decline payment',
    declined: (brand) => `The payment with ${brand} was declined.`,
    paid: 'Payment complete',
    redirecting: 'Taking you back to the shop in 3 seconds…',
  },
  ja: {
    shop: 'のれんデモカフェ',
    tip: /^10%/,
    pay: '1,100円を支払う',
    brandTitle: (brand) => `${brand}でのお支払い`,
    approve: '支払いを承認する',
    decline: '支払いを拒否する',
    declined: (brand) => `${brand}でのお支払いは承認されませんでした。`,
    paid: 'お支払いが完了しました',
    redirecting: '3秒後にショップのページへ戻ります…',
  },
};

const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** A phone: its scrollbars overlay the page, as on iOS and Android. */
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

/** `decline`: the first brand page is declined (a notice over the brand choice), then approved. */
const FLOWS = [
  { name: 'desktop 1280×800, English', lang: 'en', context: { ...DESKTOP, locale: 'en-US' } },
  { name: 'phone 375×740, English', lang: 'en', context: { ...PHONE, locale: 'en-US' }, decline: true },
  { name: 'phone 375×740, Japanese', lang: 'ja', context: { ...PHONE, locale: 'ja-JP' } },
  { name: 'desktop 1280×800, Japanese', lang: 'ja', context: { ...DESKTOP, locale: 'ja-JP' }, decline: true },
];

for (const flow of FLOWS) {
  test.describe(() => {
    test.use(flow.context);

    test(`no layout shift through a whole payment: ${flow.name}`, async ({ server, keys, page, guard }) => {
      const text = TEXT[flow.lang];
      const body = await merchant(server, keys, 'POST', '/v3/predefined_payments/create_online_payment', {
        amount: 1000,
        tip_vas_enabled: true,
        order_no: `E2E-CLS-${Date.now()}`,
        // The receipt then shows "taking you back…" and the return link; the test ends before the
        // 3 s redirect.
        redirection_url: `${server.url}/docs`,
      });
      const token = body.predefined_payment.token;
      const path = new URL(body.url).pathname;

      /** @type {Array<{stage: string, cls: number, all: number}>} */
      const stages = [];
      /** The entries at the latest stage. */
      let lastEntries = [];
      try {
        await page.addInitScript(observeLayoutShifts);
        let skeletonPainted = false;
        await page.route(`**/checkout/api/${token}**`, async (route) => {
          const get = route.request().method() === 'GET';
          await new Promise((r) => setTimeout(r, get ? LOAD_DELAY_MS : STEP_DELAY_MS));
          if (get && !skeletonPainted) {
            // The payment is held back until the loading skeleton is on screen (two frames drawn).
            skeletonPainted = await page.evaluate(async () => {
              for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(() => r(undefined)));
              return document.querySelector('main[aria-busy="true"]') !== null;
            });
          }
          await route.continue();
        });

        const record = async (stage) => {
          await settle(page);
          const entries = await shifts(page);
          stages.push({ stage, cls: cls(entries), all: entries.reduce((s, e) => s + e.value, 0) });
          lastEntries = entries;
          return entries;
        };

        /**
         * A choice on the page (a radio): no layout-shift entry at all, not even one excused as
         * following the input, and no element moves up or down or changes its height.
         */
        const choose = async (stage, act) => {
          const before = await shifts(page);
          const layoutBefore = await verticalLayout(page);
          await act();
          const added = (await record(stage)).slice(before.length);
          assert.equal(
            added.length,
            0,
            `${stage}: the layout shifted by ${fmt(added.reduce((s, e) => s + e.value, 0))}:\n${explain(added)}`,
          );
          const layoutAfter = await verticalLayout(page);
          const moved = layoutAfter.filter((line, i) => line !== layoutBefore[i]);
          assert.deepEqual(moved, [], `${stage}: no element moves up or down or changes its height`);
        };

        // 1. The page, its loading skeleton (the payment is still on its way), then the payment with
        //    its brands and their badges.
        const response = await page.goto(path, { waitUntil: 'load' });
        assert.equal(response?.status(), 200);
        await page.getByRole('heading', { level: 1, name: text.shop, exact: true }).waitFor();
        assert.ok(skeletonPainted, 'the skeleton was painted before the payment arrived');
        const brands = page.locator('input[name="brand"]');
        assert.ok((await brands.count()) >= 2, 'the demo shop has at least two brands');
        await record('brands shown');

        // 2. A brand, then 3. a tip: nothing moves.
        const brandName = await page.locator('label:has(input[name="brand"])').first().locator('span').last().textContent();
        await choose('brand chosen', () => brands.first().check());
        await choose('tip chosen', async () => {
          await page.getByRole('radio', { name: text.tip }).check();
          await page.getByRole('button', { name: text.pay }).waitFor();
        });

        // 4. Pay: the sandbox brand page with its badge.
        const pay = async (stage) => {
          await page.getByRole('button', { name: text.pay }).click();
          await page.getByRole('heading', { level: 1, name: text.brandTitle(brandName), exact: true }).waitFor();
          await record(stage);
        };
        await pay('brand page');

        if (flow.decline) {
          // Decline: back to the brand choice, the reason in the notice over it; the tip is kept.
          await page.getByRole('button', { name: text.decline }).click();
          await page.getByRole('status').getByText(text.declined(brandName)).waitFor();
          await page.getByRole('heading', { level: 1, name: text.shop, exact: true }).waitFor();
          await record('declined → brands');
          await choose('brand chosen again', () => brands.first().check());
          await pay('brand page again');
        }

        // 5. Approve: the receipt, and "taking you back" (read before the redirect).
        await page.getByRole('button', { name: text.approve }).click();
        await page.getByRole('heading', { level: 1, name: text.paid, exact: true }).waitFor();
        await page.getByRole('status').getByText(text.redirecting, { exact: true }).waitFor();
        const entries = await record('receipt');
        assert.ok(new URL(page.url()).pathname.startsWith(`${path}/pay/`), 'measured before the redirect');

        for (const { stage, cls: value } of stages) {
          assert.ok(value < CLS_LIMIT, `CLS ${fmt(value)} at "${stage}" (${flow.name}) is under ${CLS_LIMIT}:\n${explain(entries)}`);
        }
        guard.assertClean();
      } finally {
        // The values so far, passed or not, so that CI logs show them.
        if (stages.length > 0) {
          console.log(
            `CLS ${flow.name}: ${stages.map((s) => `${s.stage} ${fmt(s.cls)}`).join(', ')}` +
              ` (every shift, inputs included: ${fmt(stages[stages.length - 1].all)})`,
          );
        }
        if (lastEntries.length > 0) console.log(`layout shifts (${flow.name}):\n${explain(lastEntries)}`);
      }
    });
  });
}
