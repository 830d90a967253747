import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import { GAME_URL, newPhone, PLACES, startDemoRoute } from '../phone';

// 'Continua su un altro telefono' (decision 0066): a team's second phone joins the same game with
// the 6-character code the first phone shows, without an e-mail; both phones then play it.

test('a second phone continues the game with the code, and the first phone sees its answer', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const phoneA = await newPhone(browser, { camera: false });
  const a = phoneA.page;
  const gameId = await startDemoRoute(a, 'delfini@squadre.test', 'I Delfini');

  // The game card at step 1: the progress bar, the labelled distance, the place as a button.
  await expect(a.getByText('Step 1 di 6')).toBeVisible();
  await expect(a.getByRole('progressbar', { name: 'Avanzamento' })).toBeVisible();
  await expect(a.getByText('Distanza: 0 m')).toBeVisible();
  await expect(a.getByText('Sei nel raggio')).toBeVisible();
  await expect(a.getByRole('button', { name: 'Fontana di Trevi' })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await a.screenshot({ path: testInfo.outputPath('game-card-phone-no-answer.png') });
  await a.getByLabel('Your Answer').fill('1762');
  await expect(a.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await a.screenshot({ path: testInfo.outputPath('game-card-phone.png') });
  await a.getByLabel('Your Answer').fill('');

  // Phone A shows the code and its QR code.
  await a.getByRole('button', { name: 'Continua su un altro telefono' }).click();
  const panel = a.getByRole('dialog', { name: 'Continua su un altro telefono' });
  await expect(panel.getByRole('img', { name: /Codice QR/ })).toBeVisible();
  const code = (await panel.getByTestId('handoff-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  await expect(panel.getByRole('timer')).toHaveText(/^Valido ancora per (10:00|9:5\d)$/);
  await a.screenshot({ path: testInfo.outputPath('handoff-phone.png') });
  await expectAccessible(a);

  // Phone B, with no cookie of this team, types the code from the start page's link.
  const phoneB = await newPhone(browser, { camera: false });
  const b = phoneB.page;
  await b.goto('/demo/start');
  await b.getByRole('link', { name: 'Hai un codice per continuare?' }).click();
  await expect(b).toHaveURL(/\/demo\/continua$/);
  await expect(b.getByRole('heading', { level: 1, name: 'Continua il gioco' })).toBeVisible();
  await expectAccessible(b);
  await b.getByLabel('Codice').fill(code.toLowerCase());
  await b.getByRole('button', { name: 'Continua' }).click();
  await expect(b).toHaveURL(GAME_URL);
  expect(GAME_URL.exec(b.url())?.[1]).toBe(gameId);
  await expect(b.getByText('Team: I Delfini')).toBeVisible();
  await expect(b.getByText('Step 1 di 6')).toBeVisible();

  // Phone B answers step 1.
  await phoneB.context.setGeolocation(PLACES.trevi);
  await expect(b.locator('.gameplay__distance--inside')).toBeVisible();
  await b.getByLabel('Your Answer').fill('1762');
  await b.getByRole('button', { name: 'Submit' }).click();
  await expect(b.getByText('Step 2 di 6')).toBeVisible();
  await expectAccessible(b);

  // The code worked once: its QR address on a third phone says so.
  const phoneC = await newPhone(browser, { camera: false });
  await phoneC.page.goto(`/demo/continua?code=${code}`);
  await expect(phoneC.page.getByRole('alert')).toHaveText(
    "Questo codice è già stato usato: chiedine uno nuovo sull'altro telefono",
  );

  // Phone A is still the team's: after a reload it is on step 2 too, and plays on.
  await panel.getByRole('button', { name: 'Chiudi' }).click();
  await a.reload();
  await expect(a.getByText('Step 2 di 6')).toBeVisible();
  await expect(a.getByText('Team: I Delfini')).toBeVisible();

  // The same game card at desktop width (a team may follow on a laptop with its cookie).
  const desktop = await browser.newContext({
    storageState: await phoneB.context.storageState(),
    viewport: { width: 1366, height: 768 },
    permissions: ['geolocation'],
    geolocation: PLACES.pantheon,
  });
  const d = await desktop.newPage();
  await d.goto(b.url());
  await expect(d.getByText('Step 2 di 6')).toBeVisible();
  await expect(d.getByText('Sei nel raggio')).toBeVisible();
  await d.getByRole('button', { name: 'Adriano' }).click();
  await expect(d.getByRole('button', { name: 'Submit' })).toBeEnabled();
  // Back to the top of the card (picking an answer scrolled down to it).
  await d.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await d.screenshot({ path: testInfo.outputPath('game-card-desktop.png') });
  await expectAccessible(d);

  await Promise.all([phoneA, phoneB, phoneC].map(({ context }) => context.close()));
  await desktop.close();
});
