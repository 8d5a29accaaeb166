// Accessibility (issue 18, item 5; issue 36): axe-core finds no violation of any impact on any
// portal route, in English and Japanese, at phone (375 px) and desktop (1280 px) width (issue 36
// fixed the last moderate and minor ones: a second banner landmark on the home pages, the blog
// without an <h1>, the logo's alt repeating the link's text); and no serious or critical one on a
// reference operation with its try-it panel in use, and with the search dialog open.
//
// axe is evaluated through the DevTools protocol (page.evaluate of its source): the portal's
// Content-Security-Policy rightly refuses the inline <script> that page.addScriptTag would add.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test, waitForPortalHydration } from '../fixtures.mjs';
import { PORTAL_ROUTES, japanese } from '../portal-routes.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

test.use({ needs: ['portal'] });


/** The violations on the page (only the serious and critical ones unless `all`), as `rule: nodes` lines. */
async function violations(page, { all = false } = {}) {
  await page.evaluate(AXE);
  // Lighthouse also runs axe's experimental td-has-header (every data cell has a header), which
  // caught tables with an empty header cell: it runs here too.
  const result = await page.evaluate(() => globalThis.axe.run({ rules: { 'td-has-header': { enabled: true } } }));
  return result.violations
    .filter((v) => all || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const lang of ['en', 'ja']) {
      test(`every ${lang} route has no axe violation`, async ({ page, guard }) => {
        test.setTimeout(180_000);
        const found = [];
        for (const route of PORTAL_ROUTES) {
          const path = lang === 'en' ? route : japanese(route);
          const response = await page.goto(path, { waitUntil: 'load' });
          assert.equal(response?.status(), 200, path);
          await waitForPortalHydration(page);
          for (const v of await violations(page, { all: true })) found.push(`${path}: ${v}`);
        }
        assert.deepEqual(found, []);
        guard.assertClean();
      });
    }

    test('a reference operation with its try-it panel in use, and the search dialog open', async ({ page, guard, keys }) => {
      await page.goto('/references/pay/refund', { waitUntil: 'load' });
      await waitForPortalHydration(page);
      await page.getByLabel('X-Auth-API-Key', { exact: true }).fill(keys.merchant_key);
      await page.getByLabel('payment_number', { exact: true }).fill('4829301746502918');
      assert.deepEqual(await violations(page), []);
      // The navbar search (a small box on a phone that widens when used).
      const input = page.locator('input.navbar__search-input');
      await input.click();
      await input.fill('refund');
      await page.locator('[role="option"]').first().waitFor();
      assert.deepEqual(await violations(page), []);
      guard.assertClean();
    });
  });
}
