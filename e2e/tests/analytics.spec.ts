import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { clientAddress, createRouteWithSteps, createTenant, superadminApi } from '../fixtures';
import { expectAccessible } from '../accessibility';

// Issue 38, decision 0088: after a scripted event, the analytics page's table says what the
// teams did, step by step, live while a team is still on a step and once the event has ended;
// its CSV says the same.

const TENANT = { name: 'Analisi Epsilon', admin: 'epsilon@analisi.test', password: 'epsilon-pw-1' };
const SLUG = 'analisi-epsilon';
const ROUTE = {
  slug: 'giro-analisi',
  title: 'Giro delle analisi',
  access_type: 'free' as const,
  place: { name: 'Piazza', lat: 45.4642, lng: 9.19 },
  tasks: [
    { task: 'Primo indovinello', answer: 'uno' },
    { task: 'Secondo indovinello', answer: 'due' },
    { task: 'Terzo indovinello', answer: 'tre' },
  ],
};
const PLACES = ['Piazza 1', 'Piazza 2', 'Piazza 3'];

/** What a team does at a step: answers wrong first then right, right at once, or skips. */
type Move = 'right' | 'wrong-then-right' | 'skip';

/**
 * A team plays the route through the player API as its phone does: registers, starts, loads the
 * game (which starts the step's clock) and makes its `moves`, one step each, reloading the game
 * after each step as the phone does; a team with fewer moves than steps stays on the next step.
 */
async function teamPlays(email: string, teamName: string, moves: readonly Move[]) {
  const phone: APIRequestContext = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { 'x-tappa-csrf': '1', 'x-forwarded-for': clientAddress() },
  });
  const play = `/api/play/${SLUG}`;
  expect((await phone.post(`${play}/identify`, { data: { email } })).ok()).toBe(true);
  const registered = await phone.put(`${play}/registration`, {
    multipart: { data: JSON.stringify({ team_name: teamName, team_members: null }) },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const started = await phone.post(`${play}/routes/${ROUTE.slug}/start`);
  expect(started.ok(), await started.text()).toBe(true);
  const { game_id: gameId } = (await started.json()) as { game_id: string };
  const game = `${play}/games/${gameId}`;
  const { steps } = (await (await phone.get(game)).json()) as { steps: { id: string }[] };
  const answer = async (stepId: string, text: string) => {
    const res = await phone.post(`${game}/steps/${stepId}/submit`, {
      data: { submission_id: randomUUID(), answer: text, position: null, heading_deg: null },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { outcome: string }).outcome;
  };
  for (const [i, move] of moves.entries()) {
    const step = steps[i]!.id;
    if (move === 'skip') {
      const skipped = await phone.post(`${game}/steps/${step}/skip`, {
        data: { submission_id: randomUUID() },
      });
      expect(skipped.ok(), await skipped.text()).toBe(true);
    } else {
      if (move === 'wrong-then-right') expect(await answer(step, 'sbagliata')).toBe('wrong');
      expect(await answer(step, ROUTE.tasks[i]!.answer)).toBe('correct');
    }
    expect((await phone.get(game)).ok()).toBe(true);
  }
  await phone.dispose();
}

/** The cells of the steps table's row of `place`, as text. */
function rowCells(page: Page, place: string) {
  return page
    .getByRole('table', { name: 'Tappe' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: place, exact: true }) })
    .getByRole('cell');
}

test('after a scripted event the analytics table and its CSV say what the teams did (issue 38)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Epsilon srl' })).toBe(true);
  const routeId = await createRouteWithSteps(api, SLUG, ROUTE);

  // Three teams: one solves everything (a wrong try at step 2), one skips step 2, one solves
  // step 1 at its second try and stays on step 2.
  await teamPlays('alfa@analisi.test', 'Alfa', ['right', 'wrong-then-right', 'right']);
  await teamPlays('beta@analisi.test', 'Beta', ['right', 'skip', 'right']);
  await teamPlays('gamma@analisi.test', 'Gamma', ['wrong-then-right']);

  const desk = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const signIn = await desk.request.post('/api/session/sign-in', {
    data: { email: TENANT.admin, password: TENANT.password },
    headers: { 'x-tappa-csrf': '1' },
  });
  expect(signIn.ok()).toBe(true);
  const page = await desk.newPage();
  await page.goto(`/${SLUG}/analytics?route=${routeId}`);
  await expect(page.getByRole('heading', { name: 'Analisi', level: 1 })).toBeVisible();

  // Live: Gamma is on step 2 now, and nobody has dropped off yet.
  // Columns: N., place, reached, solved, skipped, on it now, solve rate, median, p90, mean
  // tries, first try, hints (points), drop-off.
  await expect(rowCells(page, PLACES[1]!).nth(5)).toHaveText('1');
  await expect(rowCells(page, PLACES[1]!).nth(12)).toHaveText('0');

  // 'Termina ora': Gamma's game ends on step 2; the page shows it on its next refresh.
  const ended = await api.put(`/api/tenants/${SLUG}/live/routes/${routeId}/end`);
  expect(ended.ok(), await ended.text()).toBe(true);
  await expect(rowCells(page, PLACES[1]!).nth(12)).toHaveText('1', { timeout: 15_000 });

  const expected = [
    // reached, solved, skipped, on it, rate, mean tries, first try, hints, drop-off
    ['1', PLACES[0], '3', '3', '0', '0', '100%', '1,3', '67%', '0 (0)', '0'],
    ['2', PLACES[1], '3', '1', '1', '0', '33%', '2,0', '0%', '0 (0)', '1'],
    ['3', PLACES[2], '2', '2', '0', '0', '100%', '1,0', '100%', '0 (0)', '0'],
  ];
  for (const [number, place, ...figures] of expected) {
    const cells = rowCells(page, place!);
    await expect(cells.nth(0)).toHaveText(number!);
    const [reached, solved, skipped, onIt, rate, meanTries, firstTry, hints, dropOff] = figures;
    await expect(cells.nth(2)).toHaveText(reached!);
    await expect(cells.nth(3)).toHaveText(solved!);
    await expect(cells.nth(4)).toHaveText(skipped!);
    await expect(cells.nth(5)).toHaveText(onIt!);
    await expect(cells.nth(6)).toHaveText(rate!);
    await expect(cells.nth(9)).toHaveText(meanTries!);
    await expect(cells.nth(10)).toHaveText(firstTry!);
    await expect(cells.nth(11)).toHaveText(hints!);
    await expect(cells.nth(12)).toHaveText(dropOff!);
  }
  await expect(page.getByText('Squadre partite')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('analytics.png'), fullPage: true });
  await expectAccessible(page, 'analytics');

  // 'Esporta CSV': the same figures, raw.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  const csv = (await readFile(await (await downloaded).path(), 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines[0]).toContain('Arrivate');
  expect(lines[2]).toMatch(/^2[,;]"?Piazza 2"?[,;]3[,;]1[,;]1[,;]0[,;]/);
  expect(lines[2]).toMatch(/[,;]1$/);
  await desk.close();
  await api.dispose();
});
