import { expect, test } from '@playwright/test';
import type { LiveConsole, RouteSummary } from '@tappa/contracts';
import { FIX_FRESH_MS } from '@tappa/domain';
import { expectAccessible } from '../accessibility';
import { forbidNativeDialogs, superadminApi, superadminDesk } from '../fixtures';
import { newPhone, PLACES, startRoute } from '../phone';

// Issue 37, decision 0086: a live map of the teams, private by default. Two phones with set
// positions play a route that asks for them: one shares, one declines. The organiser's 'Mappa'
// shows one marker, which moves when its phone moves (its fix sent over the fixes' socket,
// decision 0089) and fades once its fix is old.

const ROUTE = { slug: 'mappa-dei-rioni', title: 'Mappa dei rioni' };
const step = (ord: number) => ({
  ord,
  place: `Rione ${ord}`,
  lat: PLACES.trevi.latitude,
  lng: PLACES.trevi.longitude,
  radius_m: 50,
  task: `Che cosa vedi nel rione ${ord}?`,
  check_type: 'text',
  check_answer: `risposta ${ord}`,
});

test('one team shares its position, one declines; the console shows one marker that moves and ages', async ({
  browser,
}) => {
  const api = await superadminApi();
  const json = JSON.stringify({
    id: ROUTE.slug,
    title: ROUTE.title,
    location_sharing: true,
    location_purpose: 'Per ritrovarvi se vi perdete nei vicoli',
    steps: [1, 2, 3].map(step),
  });
  const imported = await api.post('/api/tenants/demo/routes/import', { data: { json } });
  expect(imported.ok()).toBe(true);
  const route = ((await imported.json()) as { route: RouteSummary }).route;

  // The team that shares: asked before its first step, then told on the game screen.
  const sharing = await newPhone(browser, { camera: false });
  await startRoute(sharing.page, {
    tenantSlug: 'demo',
    routeTitle: ROUTE.title,
    email: 'vicoli@squadre.test',
    teamName: 'I Vicoli',
  });
  const question = sharing.page.getByRole('heading', { name: 'Condividere la posizione?' });
  await expect(question).toBeVisible();
  await expect(
    sharing.page.getByText(
      'La posizione della squadra è visibile agli organizzatori durante il gioco e cancellata dopo 30 giorni',
    ),
  ).toBeVisible();
  await expect(sharing.page.getByText('Per ritrovarvi se vi perdete nei vicoli')).toBeVisible();
  await sharing.page.screenshot({ path: test.info().outputPath('map-question.png') });
  await expectAccessible(sharing.page, 'the question before the first step');
  // The fixes' socket (decision 0089): once it is open, the phone's fixes go over it.
  const sentOverSocket: { id: number; lat: number }[] = [];
  const answersOverSocket: unknown[] = [];
  sharing.page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/fixes/socket')) return;
    socket.on('framesent', ({ payload }) =>
      sentOverSocket.push(JSON.parse(String(payload)) as { id: number; lat: number }),
    );
    socket.on('framereceived', ({ payload }) =>
      answersOverSocket.push(JSON.parse(String(payload))),
    );
  });
  await sharing.page.getByRole('button', { name: 'Condividi la posizione' }).click();
  await expect(sharing.page.getByText('Posizione condivisa')).toBeVisible();
  // A fresh reading for the watch that sharing started: Chromium's emulated position is not
  // always given again to a watch that starts after others had it.
  await sharing.context.setGeolocation(PLACES.trevi);
  await expect(sharing.page.getByText('Step 1 di 3')).toBeVisible();
  await sharing.page.screenshot({ path: test.info().outputPath('map-sharing.png') });
  await expectAccessible(sharing.page, 'the game screen while sharing');

  // The team that declines plays all the same.
  const declining = await newPhone(browser, { camera: false });
  await startRoute(declining.page, {
    tenantSlug: 'demo',
    routeTitle: ROUTE.title,
    email: 'piazze@squadre.test',
    teamName: 'Le Piazze',
  });
  await declining.page.getByRole('button', { name: 'Gioca senza condividere' }).click();
  await expect(declining.page.getByText('Step 1 di 3')).toBeVisible();
  await declining.page.getByLabel('Your Answer').fill('risposta 1');
  await declining.page.getByRole('button', { name: 'Submit' }).click();
  await expect(declining.page.getByText('Step 2 di 3')).toBeVisible();

  /** The sharing team's newest position as the console reads it. */
  const fixOnConsole = async () => {
    const res = await api.get(`/api/tenants/demo/live?route=${route.id}`);
    const teams = ((await res.json()) as LiveConsole).teams;
    return teams.find((team) => team.team_name === 'I Vicoli')?.fix?.lat ?? null;
  };
  await expect.poll(fixOnConsole, { timeout: 30_000 }).toBe(PLACES.trevi.latitude);

  // The organiser's map: one marker, the other team listed without a position and why. Its page
  // runs on a clock the test moves, so the fix can grow old without waiting for it.
  const desk = await superadminDesk(browser, { width: 1366, height: 900 });
  const organiser = await desk.newPage();
  forbidNativeDialogs(organiser);
  await organiser.clock.install();
  await organiser.goto(`/demo/live?route=${route.id}`);
  await organiser.getByRole('tab', { name: 'Mappa' }).click();
  await expect(organiser.getByRole('heading', { name: 'Sulla mappa: 1 squadra' })).toBeVisible();
  await expect(organiser.locator('.live-map-team')).toHaveCount(1);
  await expect(organiser.getByText('Non condivide')).toBeVisible();
  const marker = organiser.locator('.live-map-team');
  await expect(marker).not.toHaveClass(/live-map-team--stale/);
  const placed = await marker.getAttribute('style');

  // The phone walks 500 m north: its next fix moves the marker, pushed to the console.
  await sharing.context.setGeolocation(PLACES.treviFar);
  await expect.poll(fixOnConsole, { timeout: 30_000 }).toBe(PLACES.treviFar.latitude);
  await expect.poll(() => marker.getAttribute('style')).not.toBe(placed);
  // That fix went over the socket, and was answered there.
  const farFix = sentOverSocket.find((fix) => fix.lat === PLACES.treviFar.latitude);
  expect(farFix, JSON.stringify(sentOverSocket)).toBeDefined();
  await expect.poll(() => answersOverSocket).toContainEqual({ id: farFix?.id, ok: true });
  await organiser.screenshot({ path: test.info().outputPath('map-console.png') });
  await expectAccessible(organiser, 'the console map');

  // Three minutes later on the console's clock, the newest fix is old: the marker fades.
  await organiser.clock.fastForward(FIX_FRESH_MS + 60_000);
  await expect(marker).toHaveClass(/live-map-team--stale/);
  await expect(marker).toContainText(/min fa/);
  await organiser.screenshot({ path: test.info().outputPath('map-console-stale.png') });

  // The map is in the console's address: a reload opens it again, on the same route.
  await expect(organiser).toHaveURL(new RegExp(`route=${route.id}&view=map$`));
  await organiser.reload();
  await expect(organiser.getByRole('tab', { name: 'Mappa' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(organiser.locator('.live-map-team')).toHaveCount(1);

  await api.dispose();
  await desk.close();
  for (const { context } of [sharing, declining]) await context.close();
});
