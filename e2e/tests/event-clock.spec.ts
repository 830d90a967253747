import { expect, type Page, test } from '@playwright/test';
import type { GameState, RouteSummary } from '@tappa/contracts';
import { routeFields } from '../../apps/server/test/helpers/forms';
import { expectAccessible } from '../accessibility';
import { forbidNativeDialogs, superadminApi, superadminDesk } from '../fixtures';
import { newPhone, PLACES, startRoute } from '../phone';

// Issue 36, decision 0085: one clock for an event. Two teams choose the route before its start
// and wait on a countdown; both start on the same instant; the organiser pauses every game from
// the live console, resumes it, and ends the event.

const ROUTE = { slug: 'evento-del-tevere', title: 'Evento del Tevere' };
const step = (ord: number) => ({
  ord,
  place: `Argine ${ord}`,
  lat: PLACES.trevi.latitude,
  lng: PLACES.trevi.longitude,
  radius_m: 50,
  task: `Che cosa vedi dall'argine ${ord}?`,
  check_type: 'text',
  check_answer: `risposta ${ord}`,
});

const isoIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** The phone's game, as the server states it. */
async function gameOf(page: Page): Promise<GameState> {
  const gameId = new URL(page.url()).searchParams.get('game');
  return (await (await page.request.get(`/api/play/demo/games/${gameId}`)).json()) as GameState;
}

test('two teams start an event on the same instant; the organiser pauses, resumes and ends it', async ({
  browser,
}) => {
  const api = await superadminApi();
  const base = '/api/tenants/demo/routes';
  const fields = (start: string, end: string) =>
    routeFields({
      title: ROUTE.title,
      slug: ROUTE.slug,
      access_type: 'free',
      event_start: start,
      event_end: end,
    });
  const created = await api.post(base, { data: fields(isoIn(3600), isoIn(7200)) });
  expect(created.status()).toBe(201);
  const route = (await created.json()) as RouteSummary;
  const json = JSON.stringify({ id: ROUTE.slug, title: ROUTE.title, steps: [1, 2, 3].map(step) });
  expect((await api.post(`${base}/import`, { data: { json } })).ok()).toBe(true);

  // Both teams choose the route an hour before its start: each phone counts down.
  const teams = [];
  const entries: [string, string][] = [
    ['argini@squadre.test', 'Gli Argini'],
    ['ponti@squadre.test', 'I Ponti Alti'],
  ];
  for (const [email, teamName] of entries) {
    const phone = await newPhone(browser, { camera: false });
    await startRoute(phone.page, { tenantSlug: 'demo', routeTitle: ROUTE.title, email, teamName });
    await expect(phone.page.getByText(/^Si parte tra (1:00:00|59:\d\d)$/)).toBeVisible();
    teams.push(phone);
  }
  const [first, second] = teams;
  await first!.page.screenshot({ path: test.info().outputPath('event-countdown.png') });
  await expectAccessible(first!.page, 'the countdown before the event');

  // The organiser moves the start to a few seconds from now: both games start then.
  const startsAt = isoIn(4);
  const moved = await api.put(`${base}/${route.id}`, { data: fields(startsAt, isoIn(7200)) });
  expect(moved.ok()).toBe(true);
  await api.dispose();
  for (const { page } of teams) await page.reload();
  for (const { page } of teams) {
    await expect(page.getByText('Step 1 di 3')).toBeVisible({ timeout: 60_000 });
  }
  const clocks = await Promise.all(teams.map(async ({ page }) => (await gameOf(page)).clock_at));
  expect(clocks).toEqual([startsAt, startsAt]);

  // 'Pausa per tutti' from the live console: every phone holds, then plays on after the resume.
  const desk = await superadminDesk(browser, { width: 1366, height: 900 });
  const organiser = await desk.newPage();
  forbidNativeDialogs(organiser);
  await organiser.goto(`/demo/live?route=${route.id}`);
  await organiser.getByRole('button', { name: 'Pausa per tutti' }).click();
  const confirm = organiser.getByRole('alertdialog');
  await expect(confirm).toContainText(
    `Mettere in pausa il gioco per tutte le squadre di ${ROUTE.title}?`,
  );
  await confirm.getByRole('button', { name: 'Conferma' }).click();
  await expect(organiser.getByRole('button', { name: 'Riprendi per tutti' })).toBeVisible();
  for (const { page } of teams) {
    await expect(
      page.getByRole('status').filter({ hasText: 'Gioco in pausa per tutti' }),
    ).toBeVisible();
  }
  await second!.page.screenshot({ path: test.info().outputPath('event-paused.png') });
  await expectAccessible(second!.page, 'the pause for everyone');
  await organiser.screenshot({ path: test.info().outputPath('event-console.png') });
  await expectAccessible(organiser, 'the console with the event paused');

  await organiser.getByRole('button', { name: 'Riprendi per tutti' }).click();
  await organiser.getByRole('alertdialog').getByRole('button', { name: 'Conferma' }).click();
  for (const { page } of teams) await expect(page.getByText('Step 1 di 3')).toBeVisible();
  await first!.page.getByLabel('Your Answer').fill('risposta 1');
  await first!.page.getByRole('button', { name: 'Submit' }).click();
  await expect(first!.page.getByText('Step 2 di 3')).toBeVisible();

  // 'Termina ora': every open game ends as a time-out does (the phones show the final standings).
  await organiser.getByRole('button', { name: 'Termina ora' }).click();
  await organiser.getByRole('alertdialog').getByRole('button', { name: 'Conferma' }).click();
  for (const { page } of teams)
    await expect(page.getByRole('heading', { name: 'Complimenti!' })).toBeVisible();
  for (const { page } of teams) expect((await gameOf(page)).status).toBe('completed');
  await desk.close();
  for (const { context } of teams) await context.close();
});
