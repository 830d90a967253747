import { randomUUID } from 'node:crypto';
import { expect, type Page, request, test } from '@playwright/test';
import {
  answerConfirmation,
  clientAddress,
  forbidNativeDialogs,
  superadminDesk,
} from '../fixtures';
import { newPhone, startDemoRoute } from '../phone';
import { expectAccessible } from '../accessibility';

const ROUTE = 'roma-centro-storico';
const TEAM = 'Le Civette';

/** The score cell of the team's row on a board. */
const scoreOf = (page: Page) =>
  page.getByRole('row').filter({ hasText: TEAM }).locator('td.ranking__score');

/** Marks the page so that a reload (which would clear the mark) can be told apart from a push. */
const markDocument = (page: Page) => page.evaluate('globalThis.tappaSameDocument = true');
const isSameDocument = async (page: Page) =>
  (await page.evaluate<unknown>('globalThis.tappaSameDocument')) === true;

test('a team scores while the admin scoreboard and the big screen are open: both update by push', async ({
  browser,
}, testInfo) => {
  // The organisers: the admin live scoreboard and the big screen, in a signed-in desktop browser.
  // The organisers' desk is another machine behind the same proxy: its own address, so the other
  // journeys' sign-ins from this host do not count against its per-IP limit.
  const desk = await superadminDesk(browser);
  const admin = await desk.newPage();
  await admin.goto(`/demo/scoreboard?route=${ROUTE}`);
  await expect(admin.getByRole('heading', { name: 'Live Rankings' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Top 3 Today' })).toBeVisible();
  const screen = await desk.newPage();
  await screen.setViewportSize({ width: 1920, height: 1080 });
  await screen.goto(`/demo/classifica?route=${ROUTE}`);
  await expect(screen).toHaveTitle('Tappa Demo - Classifica');
  for (const page of [admin, screen]) {
    await expect(page.getByText('In diretta')).toBeVisible();
    await markDocument(page);
  }

  // The team, on its phone at the Trevi fountain, answers the first step.
  const { context, page: phone } = await newPhone(browser, { camera: false });
  const gameId = await startDemoRoute(phone, 'civette@squadre.test', TEAM);
  await expect(phone.locator('.gameplay__distance--inside')).toBeVisible();
  await phone.getByLabel('Your Answer').fill('1762');
  const answered = phone.waitForResponse((r) => r.url().endsWith('/submit') && r.ok());
  await phone.getByRole('button', { name: 'Submit' }).click();
  const { total_score: score } = (await (await answered).json()) as { total_score: number };
  expect(score).toBeGreaterThan(0);

  // Within 2 s, without a reload, both boards show the new score.
  await expect(scoreOf(admin)).toHaveText(String(score), { timeout: 2000 });
  await expect(scoreOf(screen).first()).toHaveText(String(score), { timeout: 2000 });
  expect(await isSameDocument(admin)).toBe(true);
  expect(await isSameDocument(screen)).toBe(true);
  await admin.screenshot({ path: testInfo.outputPath('admin-scoreboard.png') });
  await expectAccessible(admin);
  await screen.screenshot({ path: testInfo.outputPath('big-screen.png') });
  await expectAccessible(screen);

  // The team skips the other five steps (each Skip confirmed): the end-of-game page shows its
  // place and its row.
  forbidNativeDialogs(phone);
  for (let step = 2; step <= 6; step += 1) {
    await expect(phone.getByText(`Step ${step} di 6`)).toBeVisible();
    await phone.getByRole('button', { name: 'Skip' }).click();
    await answerConfirmation(
      phone,
      'Vuoi davvero saltare questa tappa? Non potrai più rispondere.',
    );
  }
  await expect(phone).toHaveURL(
    new RegExp(`/demo/game/scoreboard\\?route=${ROUTE}&game=${gameId}$`),
  );
  await expect(phone).toHaveTitle('Tappa Demo - Classifica');
  await expect(phone.getByText('Complimenti!')).toBeVisible();
  await expect(phone.getByText(/^Posizione: #\d+$/)).toBeVisible();
  await expect(phone.getByText('Punteggio Finale')).toBeVisible();
  const ownRows = phone.locator('tr[aria-current="true"]');
  await expect(ownRows).toHaveCount(2);
  await expect(ownRows.first()).toContainText(TEAM);
  await expect(ownRows.first()).toContainText('6/6');
  await phone.screenshot({ path: testInfo.outputPath('end-of-game.png'), fullPage: true });
  await expectAccessible(phone);

  // The boards followed the skips too.
  await expect(
    admin.getByRole('row').filter({ hasText: TEAM }).locator('td.ranking__progress'),
  ).toHaveText('6/6', { timeout: 2000 });
  await context.close();
  await desk.close();
});

/** Teams that play the demo route through the player API, each from a phone of its own. */
async function teamsPlay(names: readonly string[]) {
  const trevi = { lat: 41.900932, lng: 12.483313, accuracy_m: 5 };
  for (const [i, name] of names.entries()) {
    const api = await request.newContext({
      baseURL: process.env.E2E_BASE_URL,
      extraHTTPHeaders: { 'x-tappa-csrf': '1', 'x-forwarded-for': clientAddress() },
    });
    const email = `schermo${i}@squadre.test`;
    expect((await api.post('/api/play/demo/identify', { data: { email } })).ok()).toBe(true);
    const registered = await api.put('/api/play/demo/registration', {
      multipart: { data: JSON.stringify({ team_name: name, team_members: null }) },
    });
    expect(registered.ok()).toBe(true);
    const started = await api.post(`/api/play/demo/routes/${ROUTE}/start`);
    const { game_id: gameId } = (await started.json()) as { game_id: string };
    const game = (await (await api.get(`/api/play/demo/games/${gameId}`)).json()) as {
      steps: { id: string }[];
    };
    // Every other team answers the first step; the rest skip it: scores and progress differ.
    const first = game.steps[0]!.id;
    const played =
      i % 2 === 0
        ? await api.post(`/api/play/demo/games/${gameId}/steps/${first}/submit`, {
            data: {
              submission_id: randomUUID(),
              answer: '1762',
              position: trevi,
              heading_deg: null,
            },
          })
        : await api.post(`/api/play/demo/games/${gameId}/steps/${first}/skip`, {
            data: { submission_id: randomUUID() },
          });
    expect(played.ok()).toBe(true);
    await api.dispose();
  }
}

test('the big screen is usable on a phone (390 px) and still fills a projector', async ({
  browser,
}, testInfo) => {
  const names = Array.from({ length: 12 }, (_, i) =>
    i % 3 === 0 ? `Squadra dal nome lunghissimo n. ${i + 1} bis` : `Team ${i + 1} bis`,
  );
  await teamsPlay(names);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  await phone.goto(`/demo/classifica?route=${ROUTE}`);
  await expect(phone.getByText('In diretta')).toBeVisible();
  const rows = phone.locator('.big-screen__board tbody tr');
  await expect(rows.filter({ hasText: names[0]! })).toHaveCount(1);
  // No sideways scrolling, the whole ranking reachable by scrolling down.
  const widths = await phone.evaluate<{ page: number; view: number }>(
    '({ page: document.documentElement.scrollWidth, view: innerWidth })',
  );
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  // Rank, name and points of every row are inside the screen and in readable type.
  const smallestType = await phone.evaluate<number>(
    `Math.min(...[...document.querySelectorAll('.big-screen__board td')].map((cell) =>
      parseFloat(getComputedStyle(cell).fontSize)))`,
  );
  expect(smallestType).toBeGreaterThanOrEqual(16);
  for (const row of await rows.all()) {
    await row.scrollIntoViewIfNeeded();
    for (const cell of ['.ranking__position', '.ranking__team', '.ranking__score']) {
      const box = await row.locator(cell).boundingBox();
      expect(box, cell).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.width).toBeGreaterThan(20);
    }
  }
  await expect(phone.getByRole('heading', { name: 'Top 3 di Oggi' })).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('big-screen-390.png'), fullPage: true });
  await expectAccessible(phone);

  // The projector keeps its one-screen board: nothing scrolls at 1366×768.
  await phone.setViewportSize({ width: 1366, height: 768 });
  const desk = await phone.evaluate<{ width: number; height: number }>(
    '({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight })',
  );
  expect(desk.width).toBeLessThanOrEqual(1366);
  expect(desk.height).toBeLessThanOrEqual(768);
  await phone.screenshot({ path: testInfo.outputPath('big-screen-1366.png') });
  await expectAccessible(phone);
  await context.close();
});
