import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { answerConfirmation, forbidNativeDialogs } from '../fixtures';
import { newPhone, startDemoRoute } from '../phone';
import { expectAccessible } from '../accessibility';

const ROUTE = 'roma-centro-storico';
const TEAM = 'Le Gazze Ladre';
/** A PNG's first eight bytes. */
const PNG_SIGNATURE = '89504e470d0a1a0a';

/** The width and height a PNG's IHDR chunk gives (it comes first, right after the signature). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('a team reads its own results after the game and downloads its share image (issue 38)', async ({
  browser,
}, testInfo) => {
  const { context, page } = await newPhone(browser, { camera: false });
  // A desktop Chromium may offer a share sheet for files: the journey takes the download.
  await context.addInitScript(
    "Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined });",
  );
  const gameId = await startDemoRoute(page, 'gazze@squadre.test', TEAM);

  // Step 1 answered at the Trevi fountain; the other five skipped: the game is over.
  await expect(page.locator('.gameplay__distance--inside')).toBeVisible();
  await page.getByLabel('Your Answer').fill('1762');
  const answered = page.waitForResponse((r) => r.url().endsWith('/submit') && r.ok());
  await page.getByRole('button', { name: 'Submit' }).click();
  const { total_score: score } = (await (await answered).json()) as { total_score: number };
  expect(score).toBeGreaterThan(0);
  forbidNativeDialogs(page);
  for (let step = 2; step <= 6; step += 1) {
    await expect(page.getByText(`Step ${step} di 6`)).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    await answerConfirmation(page, 'Vuoi davvero saltare questa tappa? Non potrai più rispondere.');
  }
  await expect(page).toHaveURL(
    new RegExp(`/demo/game/scoreboard\\?route=${ROUTE}&game=${gameId}$`),
  );
  await expect(page.getByText('Complimenti!')).toBeVisible();

  // 'I nostri risultati': loaded when opened; its steps, tries, points and reasons.
  const results = page.waitForResponse((r) => r.url().endsWith(`/games/${gameId}/results`));
  await page.getByRole('button', { name: 'I nostri risultati' }).click();
  expect((await results).status()).toBe(200);
  const section = page.locator('.team-results-card');
  const steps = section.locator('.team-results__step');
  await expect(steps).toHaveCount(6);
  const first = steps.first();
  await expect(first.getByRole('heading', { level: 4 })).toHaveText('1. Fontana di Trevi');
  await expect(first.locator('.team-results__status')).toHaveText('Risolta');
  await expect(first.locator('.team-results__figures')).toContainText('Tentativi1');
  await expect(first.locator('.team-results__figures')).toContainText(`Punti+${score}`);
  await expect(first.locator('.team-results__reasons')).toContainText('Risposta giusta');
  for (let i = 1; i < 6; i += 1) {
    await expect(steps.nth(i).locator('.team-results__status')).toHaveText('Saltata');
  }
  const summary = section.locator('.team-results__summary');
  await expect(summary).toContainText(`Punteggio${score}`);
  await expect(summary).toContainText(/Posizione#\d+/);
  await expect(summary).toContainText('Tempo totale');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: testInfo.outputPath('team-results.png') });
  await page.screenshot({ path: testInfo.outputPath('end-of-game.png'), fullPage: true });
  await expectAccessible(page, 'I nostri risultati');

  // 'Scarica immagine': a 1080×1080 PNG named after the team, drawn (not blank).
  const downloaded = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Scarica immagine' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('tappa-le-gazze-ladre.png');
  const png = await readFile(await download.path());
  expect(png.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
  expect(pngSize(png)).toEqual({ width: 1080, height: 1080 });
  await testInfo.attach('share-image', { body: png, contentType: 'image/png' });
  await sharp(png).toFile(testInfo.outputPath('share-image.png'));
  // Drawn: the background is the brand's fill, and the text in its pair leaves other pixels.
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    return `#${[...data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  };
  expect(pixel(40, 400)).toBe('#3473db');
  const colours = new Set<string>();
  for (let y = 0; y < info.height; y += 7)
    for (let x = 0; x < info.width; x += 7) colours.add(pixel(x, y));
  expect(colours.has('#ffffff')).toBe(true);
  expect(colours.size).toBeGreaterThan(10);
  await context.close();
});
