import { randomBytes } from 'node:crypto';
import type { PlayerProfile } from '@tappa/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { startDemoRoute } from '../phone';
import { queuedKeys, waitForServiceWorker } from '../service-worker';

// Issue 28, item 3: leaving the game page saves the game as paused (doc 2 §4), also when the
// player's service worker controls the page, and without a connection once it is back
// (decision 0056).

/** Each run its own teams, so the journeys can run again on the same server. */
const RUN = randomBytes(3).toString('hex');
const ROUTE_TITLE = 'Roma: il cuore del centro storico';

/** The team's games listed under 'Giochi Interrotti' (the ids the server lists as paused). */
async function pausedGames(api: APIRequestContext): Promise<string[]> {
  const response = await api.get('/api/play/demo/me');
  const profile = (await response.json()) as PlayerProfile;
  return profile.paused_games.map((game) => game.id);
}

/** 'Riprendi' on select-route: the game plays again and its screen opens. */
async function resumeFromSelectRoute(page: Page, gameId: string) {
  await page.goto('/demo/select-route');
  const interrupted = page.getByRole('region', { name: 'Giochi Interrotti' });
  await expect(interrupted.getByText(ROUTE_TITLE)).toBeVisible();
  await interrupted.getByRole('button', { name: 'Riprendi' }).click();
  await expect(page).toHaveURL(new RegExp(`game=${gameId}$`));
  expect(await pausedGames(page.request)).toEqual([]);
  await onGameScreen(page);
}

/** The game screen is shown, and the service worker controls it. */
async function onGameScreen(page: Page) {
  await expect(page.getByText('Step 1 di 6')).toBeVisible();
  await waitForServiceWorker(page);
}

test('the game is paused however the team leaves its page, with the service worker in control', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const gameId = await startDemoRoute(page, `esce-${RUN}@squadre.test`, 'Quelli che Escono');
  await onGameScreen(page);
  expect(await pausedGames(page.request)).toEqual([]);

  // Another address typed in (a full navigation, answered by the worker).
  await page.goto('/demo/select-route');
  await expect.poll(() => pausedGames(page.request)).toEqual([gameId]);

  // The back button, within the app.
  await resumeFromSelectRoute(page, gameId);
  await page.goBack();
  await expect(page).toHaveURL(/\/demo\/select-route$/);
  await expect.poll(() => pausedGames(page.request)).toEqual([gameId]);

  // The tab closed.
  await resumeFromSelectRoute(page, gameId);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => pausedGames(context.request)).toEqual([gameId]);
});

test('a game left without a connection is paused once the connection is back', async ({
  page,
  context,
}) => {
  const gameId = await startDemoRoute(page, `senza-rete-${RUN}@squadre.test`, 'Fuori Copertura');
  await onGameScreen(page);

  await context.setOffline(true);
  // The route list opens from the worker; the pause waits in the offline queue meanwhile.
  await page.goto('/demo/select-route');
  await expect.poll(() => queuedKeys(page)).toEqual([`pause:${gameId}`]);
  expect(await pausedGames(context.request)).toEqual([]);

  // Waits for the queued pause to reach the server (an event, however busy the machine is).
  const sent = context.waitForEvent('response', {
    predicate: (response) =>
      response.request().method() === 'POST' && response.url().endsWith(`/${gameId}/pause`),
  });
  await context.setOffline(false);
  expect((await sent).ok()).toBe(true);
  expect(await pausedGames(page.request)).toEqual([gameId]);
  await expect.poll(() => queuedKeys(page)).toEqual([]);
});
