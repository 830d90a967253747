import { randomBytes } from 'node:crypto';
import type { GameState, Rankings } from '@tappa/contracts';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createRouteWithSteps, generateCodes, superadminApi } from '../fixtures';
import { type PageGlobals, waitForServiceWorker } from '../service-worker';
import { expectAccessible } from '../accessibility';

// Issue 16: a team loses its signal between buildings and plays on (decision 0037).

/** Each run its own route and team, so the journey can run again on the same server. */
const RUN = randomBytes(3).toString('hex');
const ROUTE = {
  slug: `senza-rete-${RUN}`,
  title: 'Senza rete',
  place: { name: 'Vicolo', lat: 41.898614, lng: 12.476869 },
  tasks: [
    { task: 'Quanti leoni?', answer: 'quattro' },
    { task: 'Che fiume?', answer: 'Tevere' },
    { task: 'Che colle?', answer: 'Palatino' },
  ],
};

/** A route of one photo step (the fixture's route without tasks). */
const PHOTO_ROUTE = {
  slug: `foto-senza-rete-${RUN}`,
  title: 'Foto senza rete',
  place: ROUTE.place,
};

/** Registers a team on the demo tenant and opens the route with a fresh code; the game id. */
async function startWithCode(
  page: Page,
  code: string,
  route: { slug: string } = ROUTE,
  team = 'offline',
): Promise<string> {
  await page.goto('/demo/start');
  await page.getByLabel('Email della squadra').fill(`${team}-${RUN}@squadre.test`);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.getByLabel('Nome della squadra').fill('I Senza Rete');
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page).toHaveURL(/\/demo\/select-route$/);
  await page.goto(`/demo/${route.slug}/details`);
  await page.getByRole('button', { name: 'Seleziona questo percorso' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Codice').fill(code);
  await modal.getByRole('button', { name: 'Verifica' }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/gioco/step\\?route=${route.slug}&game=`));
  return new URL(page.url()).searchParams.get('game') ?? '';
}

/** Waits until the service worker controls the page and holds the game for a reload. */
async function waitForOfflineCopy(page: Page, gameId: string) {
  await waitForServiceWorker(page);
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const { caches } = globalThis as unknown as PageGlobals;
        const urls = (await (await caches.open('tappa-player-data')).keys()).map((r) => r.url);
        return urls.some((url) => url.endsWith(`/games/${id}`)) &&
          urls.some((url) => url.endsWith('/api/public/tenants/demo'))
          ? 'stored'
          : 'not yet';
      }, gameId),
    )
    .toBe('stored');
}

async function answer(page: Page, stepNumber: number, text: string) {
  await expect(page.getByText(`Step ${stepNumber} di 3`)).toBeVisible();
  await page.getByLabel('Your Answer').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('two steps played offline, a reload without signal, then each scored once on reconnecting', async ({
  page,
  context,
}, testInfo) => {
  const admin = await superadminApi();
  const routeId = await createRouteWithSteps(admin, 'demo', ROUTE);
  const [code = ''] = await generateCodes(admin, 'demo', routeId, 1);
  const scoreboardUrl = `/api/public/tenants/demo/scoreboard?route=${ROUTE.slug}`;
  const teamRow = async () => {
    const rankings = (await (await admin.get(scoreboardUrl)).json()) as Rankings;
    return rankings.overall.find((row) => row.team_name === 'I Senza Rete') ?? null;
  };

  // The player pages link the tenant's manifest.
  const gameId = await startWithCode(page, code);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/api/public/tenants/demo/manifest.webmanifest',
  );
  await waitForOfflineCopy(page, gameId);
  // Chromium finds nothing missing to install it (manifest, icons, service worker); a test
  // browser's context is incognito, which alone stops an installation.
  const cdp = await context.newCDPSession(page);
  await expect
    .poll(async () => {
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      return installabilityErrors
        .map((error) => error.errorId)
        .filter((errorId) => errorId !== 'in-incognito');
    })
    .toEqual([]);
  await cdp.detach();
  expect((await teamRow())?.progress ?? 0).toBe(0);

  const tries: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/submit')) {
      tries.push((request.postDataJSON() as { submission_id: string }).submission_id);
    }
  });

  await context.setOffline(true);
  // The service worker's own requests are offline too: a URL it never stored fails.
  const probe = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).fetch('/api/public/tenants/demo?probe=1').then(
      (response) => response.status,
      () => 'failed',
    ),
  );
  expect(probe).toBe('failed');
  const banner = page.getByRole('status');
  await answer(page, 1, 'quattro');
  await expect(banner).toHaveText('Sei offline: 1 risposta in attesa di invio.');
  await answer(page, 2, 'Tevere');
  await expect(banner).toHaveText('Sei offline: 2 risposte in attesa di invio.');
  await expect(page.getByText('Step 3 di 3')).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();

  // A reload without signal shows the step the team is on, with its answers still waiting.
  await page.reload();
  await expect(page.getByText('Step 3 di 3')).toBeVisible();
  await expect(page.getByText('Che colle?')).toBeVisible();
  await expect(banner).toHaveText('Sei offline: 2 risposte in attesa di invio.');
  await page.screenshot({ path: testInfo.outputPath('offline-reloaded.png'), fullPage: true });
  await expectAccessible(page, 'offline, reloaded');
  expect(tries).toEqual([]);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  expect(tries).toHaveLength(2);
  expect(new Set(tries).size).toBe(2);

  // Both tries scored, once each: the server's state and the scoreboard agree.
  const state = (await (
    await page.request.get(`/api/play/demo/games/${gameId}`)
  ).json()) as GameState;
  expect(state.steps.map((step) => step.status)).toEqual(['ok', 'ok', 'pending']);
  const [first, second] = state.steps;
  expect(state.total_score).toBe((first?.points ?? 0) + (second?.points ?? 0));
  await expect.poll(async () => (await teamRow())?.progress).toBe(2);
  expect((await teamRow())?.score).toBe(state.total_score);

  // The last step online ends the game as usual.
  await answer(page, 3, 'Palatino');
  await expect(page).toHaveURL(/\/demo\/game\/scoreboard\?/);
  await admin.dispose();
});

test("a photo taken offline is the step's photo again after a reload, and is sent on reconnecting", async ({
  page,
  context,
}, testInfo) => {
  const admin = await superadminApi();
  const routeId = await createRouteWithSteps(admin, 'demo', PHOTO_ROUTE);
  const [code = ''] = await generateCodes(admin, 'demo', routeId, 1);
  const gameId = await startWithCode(page, code, PHOTO_ROUTE, 'offline-photo');
  await waitForOfflineCopy(page, gameId);
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/photo'))
      uploads.push(request.url());
  });

  await context.setOffline(true);
  const picture = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#3B82F6' },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Scegli o scatta una foto')
    .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: picture });
  const taken = page.getByRole('img', { name: 'La foto scattata' });
  await expect(taken).toBeVisible();
  // Submit opens once the photo (made smaller on the phone first) is kept in the queue.
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();

  // A reload without signal: the photo waiting in the queue is the step's photo, ready to send.
  await page.reload();
  await expect(page.getByText('Step 1 di 1')).toBeVisible();
  await expect(taken).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await page.screenshot({
    path: testInfo.outputPath('offline-photo-reloaded.png'),
    fullPage: true,
  });
  expect(uploads).toEqual([]);

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/photo') && r.ok());
  await context.setOffline(false);
  await uploaded;
  await expect(taken).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/demo\/game\/scoreboard\?/);
  const state = (await (
    await page.request.get(`/api/play/demo/games/${gameId}`)
  ).json()) as GameState;
  expect(state.steps.map((step) => step.status)).toEqual(['ok']);
  expect(uploads).toHaveLength(1);
  await admin.dispose();
});

test('an answer made offline is sent from another page when the team left the game screen', async ({
  page,
  context,
}) => {
  const admin = await superadminApi();
  const route = { ...ROUTE, slug: `lasciato-${RUN}`, title: 'Lasciato' };
  const routeId = await createRouteWithSteps(admin, 'demo', route);
  const [code = ''] = await generateCodes(admin, 'demo', routeId, 1);
  const gameId = await startWithCode(page, code, route, 'offline-left');
  await waitForOfflineCopy(page, gameId);
  const tries: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/submit')) tries.push(request.url());
  });

  await context.setOffline(true);
  await answer(page, 1, 'quattro');
  await expect(page.getByRole('status')).toHaveText('Sei offline: 1 risposta in attesa di invio.');
  await expect
    .poll(() =>
      page.evaluate(() =>
        (globalThis as unknown as PageGlobals).localStorage.getItem('tappa-offline-waiting'),
      ),
    )
    .toBe('1');
  // The team leaves the game screen for the route list (the app's shell, from the worker).
  await page.goto('/demo/select-route');
  expect(tries).toEqual([]);

  await context.setOffline(false);
  await expect.poll(() => tries.length).toBe(1);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/play/demo/games/${gameId}`);
      return ((await response.json()) as GameState).steps.map((step) => step.status);
    })
    .toEqual(['ok', 'pending', 'pending']);
  await admin.dispose();
});
