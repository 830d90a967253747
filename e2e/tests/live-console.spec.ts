import { expect, type Page, test } from '@playwright/test';
import { answerConfirmation, forbidNativeDialogs, superadminDesk } from '../fixtures';
import { newPhone, startDemoRoute } from '../phone';
import { expectAccessible } from '../accessibility';

// Issue 31, decision 0071: the organiser's live console follows a team, gives it points with a
// reason that its phone shows at once, skips its step for it, and freezes the public standings
// until 'Rivela'.

const ROUTE = 'roma-centro-storico';
const TEAM = 'I Fenicotteri';

/** The team's row on the console. */
const consoleRow = (page: Page) =>
  page.getByRole('table', { name: 'Squadre' }).getByRole('row').filter({ hasText: TEAM });

/** The score cell of the team's row on the console (the third column). */
const consoleScore = (page: Page) => consoleRow(page).getByRole('cell').nth(1);

/** The score cell of the team's row on the big screen. */
const screenScore = (page: Page) =>
  page.getByRole('row').filter({ hasText: TEAM }).locator('td.ranking__score').first();

/** Gives the team `points` with `reason` from its row's menu. */
async function givePoints(page: Page, points: number, reason: string) {
  await page.getByRole('button', { name: `Azioni per ${TEAM}` }).click();
  await page.getByRole('menuitem', { name: 'Punti' }).click();
  const dialog = page.getByRole('dialog', { name: `Punti a ${TEAM}` });
  await dialog.getByLabel(/^Punti \(da/).fill(String(points));
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByRole('button', { name: 'Assegna' }).click();
  await expect(dialog).toHaveCount(0);
}

test('the organiser follows a team, gives it points, skips its step, and freezes and reveals the standings', async ({
  browser,
}, testInfo) => {
  // Two browsers and a phone through a whole event: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  // The organisers' desk: the console and the big screen, signed in, behind its own address.
  const desk = await superadminDesk(browser);
  const routes = (await (await desk.request.get('/api/tenants/demo/routes')).json()) as {
    routes: { id: string; slug: string }[];
  };
  const routeId = routes.routes.find((route) => route.slug === ROUTE)?.id ?? '';
  expect(routeId).not.toBe('');

  const organiser = await desk.newPage();
  forbidNativeDialogs(organiser);
  await organiser.goto(`/demo/live?route=${routeId}`);
  await expect(organiser.getByRole('heading', { name: 'Live' })).toBeVisible();
  await expect(organiser.getByText('In diretta')).toBeVisible();
  const bigScreen = await desk.newPage();
  await bigScreen.setViewportSize({ width: 1920, height: 1080 });
  await bigScreen.goto(`/demo/classifica?route=${ROUTE}`);
  await expect(bigScreen.getByText('In diretta')).toBeVisible();

  // The team plays: its first answer moves it on the console, by push.
  const { context, page: phone } = await newPhone(browser, { camera: false });
  await startDemoRoute(phone, 'fenicotteri@squadre.test', TEAM);
  await expect(consoleRow(organiser)).toContainText('1/6');
  await phone.getByLabel('Your Answer').fill('1762');
  const answered = phone.waitForResponse((r) => r.url().endsWith('/submit') && r.ok());
  await phone.getByRole('button', { name: 'Submit' }).click();
  const { total_score: score } = (await (await answered).json()) as { total_score: number };
  expect(score).toBeGreaterThan(0);
  await expect(consoleRow(organiser)).toContainText('2/6');
  await expect(consoleScore(organiser)).toHaveText(String(score));
  await expect(organiser.getByRole('region', { name: 'Attività' })).toContainText(TEAM);

  // Five points with a reason: the console, the phone and the big screen follow.
  await givePoints(organiser, 5, 'Foto più bella');
  await expect(consoleScore(organiser)).toHaveText(String(score + 5));
  const notice = phone.getByRole('alert').filter({ hasText: '+5 punti: Foto più bella' });
  await expect(notice).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('phone-staff-notice.png') });
  await expectAccessible(phone, 'staff notice');
  await phone.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  await expect(screenScore(bigScreen)).toHaveText(String(score + 5));
  await organiser.screenshot({ path: testInfo.outputPath('live-console.png'), fullPage: true });
  await expectAccessible(organiser);

  // Help for the team: the organiser skips its step, with a reason; the phone says so and
  // shows the next step without a reload.
  await organiser.getByRole('button', { name: `Azioni per ${TEAM}` }).click();
  await organiser.getByRole('menuitem', { name: 'Salta la tappa' }).click();
  const help = organiser.getByRole('dialog', { name: `Salta la tappa: ${TEAM}` });
  await expect(help).toContainText(`Salta la tappa per ${TEAM} (tappa 2/6 Pantheon)?`);
  await help.getByLabel('Motivo').fill('Cantiere in piazza');
  await help.getByRole('button', { name: 'Conferma' }).click();
  await expect(help).toHaveCount(0);
  await expect(consoleRow(organiser)).toContainText('3/6');
  const skipped = phone.getByRole('alert').filter({ hasText: 'Tappa saltata: Cantiere in piazza' });
  await expect(skipped).toBeVisible();
  await expect(phone.getByText('Step 3 di 6')).toBeVisible();
  await phone.getByRole('button', { name: 'OK' }).click();
  await expect(skipped).toHaveCount(0);
  await expect(organiser.getByRole('region', { name: 'Attività' })).toContainText(
    'Cantiere in piazza',
  );

  // Frozen: the big screen says so and keeps the old score while the console moves on.
  await organiser.getByRole('button', { name: 'Congela classifica' }).click();
  await answerConfirmation(organiser, /^Congelare la classifica pubblica di questa route\?/);
  await expect(bigScreen.getByText('Classifica congelata')).toBeVisible();
  await givePoints(organiser, 10, 'Aiuto a un passante');
  await expect(consoleScore(organiser)).toHaveText(String(score + 15));
  await expect(screenScore(bigScreen)).toHaveText(String(score + 5));
  await bigScreen.screenshot({ path: testInfo.outputPath('big-screen-frozen.png') });

  // Revealed: the real standings again.
  await organiser.getByRole('button', { name: 'Rivela' }).click();
  await answerConfirmation(organiser, 'Rivelare la classifica reale di questa route?');
  await expect(bigScreen.getByText('Classifica congelata')).toHaveCount(0);
  await expect(screenScore(bigScreen)).toHaveText(String(score + 15));

  await context.close();
  await desk.close();
});
