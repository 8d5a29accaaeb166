// The hosted checkout shell at /checkout/{token}, served by the noren server from checkout/dist.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openPage, useNoren } from '../harness.mjs';

const env = useNoren({ before, after }, { needs: ['checkout'] });

const TOKEN = 'e2e_Tok-0123456789abcdefghij';

test('the checkout page reads its token and says it is coming soon in English', async () => {
  const { context, page, guard, response } = await openPage(env, `/checkout/${TOKEN}`);
  try {
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Noren checkout' }).waitFor();
    await page.getByText('This payment page is coming soon').waitFor();
    assert.equal(await page.locator('main').getAttribute('data-token'), TOKEN);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    guard.assertClean();
  } finally {
    await context.close();
  }
});

test('the checkout page follows a Japanese browser language', async () => {
  const { context, page, guard, response } = await openPage(env, `/checkout/${TOKEN}`, {
    locale: 'ja-JP',
  });
  try {
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Noren チェックアウト' }).waitFor();
    await page.getByText('この支払いページは近日公開予定です').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
    guard.assertClean();
  } finally {
    await context.close();
  }
});
