import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { SUPERADMIN } from '../fixtures';

// Issue 16, item 1: a player page's API answers are preloaded with index.html (decision 0041);
// so are the live console's (issue 31: its first load with 1,000 teams).

const RUN = randomBytes(3).toString('hex');

/** The API GETs the page makes while `open` runs, each with how often it was requested. */
async function apiRequests(page: Page, open: () => Promise<void>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      seen.set(url.pathname, (seen.get(url.pathname) ?? 0) + 1);
    }
  });
  await open();
  return seen;
}

/** The API paths a page's `Link` header preloads. */
async function preloadedData(page: Page, path: string): Promise<string[]> {
  const response = await page.request.get(path);
  const link = response.headers().link ?? '';
  return [...link.matchAll(/<([^>]+)>; rel=preload; as=fetch/g)].map((match) => match[1] ?? '');
}

test('the start page and the route list use the API answers preloaded with them, fetching each once', async ({
  page,
}) => {
  expect(await preloadedData(page, '/demo/start')).toEqual([
    '/api/public/tenants/demo',
    '/api/public/platform-brand',
    '/api/play/demo/me',
  ]);
  const start = await apiRequests(page, async () => {
    await page.goto('/demo/start');
    await expect(page.getByLabel('Email della squadra')).toBeVisible();
  });
  for (const path of await preloadedData(page, '/demo/start')) expect(start.get(path)).toBe(1);

  await page.getByLabel('Email della squadra').fill(`first-load-${RUN}@squadre.test`);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.getByLabel('Nome della squadra').fill('I Primi');
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page).toHaveURL(/\/demo\/select-route$/);
  // The list reached by registration fetches its routes itself; only the reload below counts.
  await expect(page.locator('.route-card').first()).toBeVisible();

  const preloaded = await preloadedData(page, '/demo/select-route');
  expect(preloaded).toContain('/api/play/demo/routes');
  const list = await apiRequests(page, async () => {
    await page.reload();
    await expect(page.locator('.route-card').first()).toBeVisible();
  });
  for (const path of preloaded) expect(list.get(path)).toBe(1);
});

test("the live console uses the API answers preloaded with it, its teams' included, fetching each once", async ({
  page,
}) => {
  const signIn = await page.request.post('/api/session/sign-in', {
    data: SUPERADMIN,
    headers: { 'x-tappa-csrf': '1' },
  });
  expect(signIn.ok()).toBe(true);
  const preloaded = await preloadedData(page, '/demo/live');
  expect(preloaded).toEqual([
    '/api/session',
    '/api/public/tenants/demo',
    '/api/public/platform-brand',
    '/api/tenants/demo/routes',
    '/api/tenants/demo/live',
  ]);
  const seen = await apiRequests(page, async () => {
    await page.goto('/demo/live');
    // The teams' panel shows what the console's answer holds (the demo's teams, or none yet).
    await expect(
      page
        .getByRole('table', { name: 'Squadre' })
        .or(page.getByText('Nessuna squadra in gioco'))
        .first(),
    ).toBeVisible();
    await expect(page.getByText('In diretta')).toBeVisible();
  });
  for (const path of preloaded) expect(seen.get(path)).toBe(1);
});
