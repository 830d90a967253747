import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility';

test('the landing page welcomes visitors in Italian and explains the tenant login', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto su Tappa' })).toBeVisible();
  await expect(
    page.getByText("Per accedere usa l'indirizzo della tua organizzazione"),
  ).toBeVisible();
  await expect(page.getByText('/<nome-organizzazione>/login')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('landing.png'), fullPage: true });
  await expectAccessible(page);
});

test('an unknown path lands on the landing page', async ({ page }) => {
  await page.goto('/this/path/does/not/exist');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto su Tappa' })).toBeVisible();
});

test('a registered player URL is served by the app without redirecting', async ({ page }) => {
  await page.goto('/demo/gioco/step?route=roma-centro-storico&game=x');
  await expect(page).toHaveURL(/\/demo\/gioco\/step\?route=roma-centro-storico&game=x$/);
});

test('the server is healthy on the embedded database', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({
    status: 'ok',
    database: { ok: true, driver: 'pglite' },
  });
});
