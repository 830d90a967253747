import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { acceptDialogs, QR_CODE_ON_CAMERA, superadminApi } from '../fixtures';
import { newPhone, PLACES, startDemoRoute } from '../phone';
import { expectAccessible } from '../accessibility';

// The demo route, step by step, played by teams on phones with a fake position and a fake camera
// that films the QR code of the Piazza Navona step (see playwright.config.ts).
test.describe.configure({ mode: 'serial' });

/** Moves the phone to `place` and waits until the screen shows it inside the step's radius. */
async function standAt(context: BrowserContext, page: Page, place: keyof typeof PLACES) {
  await context.setGeolocation(PLACES[place]);
  await expect(page.locator('.gameplay__distance--inside')).toBeVisible();
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit' }).click();

test('a team plays the demo route from the first step to the end-of-game scoreboard', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const { context, page } = await newPhone(browser);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  const gameId = await startDemoRoute(page, 'volpi@squadre.test', 'Le Volpi');

  // Step 1, Fontana di Trevi (text): wrong, then too far, then right.
  await expect(page.getByText('Step 1 di 6')).toBeVisible();
  await standAt(context, page, 'trevi');
  await page.getByLabel('Your Answer').fill('1700');
  await submit(page);
  await expect(page.getByRole('alert')).toHaveText('Incorrect answer. Try again!');
  await context.setGeolocation(PLACES.treviFar);
  await expect(page.locator('.gameplay__distance')).toContainText(/50\d m/);
  await page.getByLabel('Your Answer').fill('1762');
  await submit(page);
  await expect(page.getByRole('alert')).toHaveText(
    /^You are too far from the location \(50\dm away, need to be within 60m\)$/,
  );
  await shot('1-too-far');
  await expectAccessible(page);
  await standAt(context, page, 'trevi');
  await submit(page);

  // Step 2, Pantheon (choice).
  await expect(page.getByText('Step 2 di 6')).toBeVisible();
  await standAt(context, page, 'pantheon');
  await page.getByRole('button', { name: 'Adriano' }).click();
  await submit(page);

  // Step 3, Piazza Navona (QR): scanned by the camera.
  await expect(page.getByText('Step 3 di 6')).toBeVisible();
  await standAt(context, page, 'navona');
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  await expect(page.getByText(`QR Code Scanned: ${QR_CODE_ON_CAMERA}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Scan Again' })).toBeVisible();
  await shot('3-qr-scanned');
  await expectAccessible(page);
  await submit(page);

  // Step 4, Campo de' Fiori (photo, facing north): a photo, the wrong way, then north.
  await expect(page.getByText('Step 4 di 6')).toBeVisible();
  await standAt(context, page, 'campoDeFiori');
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  await expect(page.getByRole('heading', { name: 'Take Photo' })).toBeVisible();
  await expectAccessible(page, 'camera');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/photo') && r.ok());
  await page.getByRole('button', { name: 'Scatta' }).click();
  const { photo_url: photoUrl } = (await (await uploaded).json()) as { photo_url: string };
  await expect(page.getByRole('button', { name: 'Retake Photo' })).toBeVisible();
  await page.getByRole('button', { name: 'W', exact: true }).click();
  await submit(page);
  await expect(page.getByRole('alert')).toHaveText(
    'Incorrect orientation! Check your compass direction.',
  );
  await page.getByRole('button', { name: 'N', exact: true }).click();
  await submit(page);
  await expect(page.getByText('Step 5 di 6')).toBeVisible();

  // The photo: the tenant's staff can open it, another team cannot.
  const staff = await superadminApi();
  const asStaff = await staff.get(photoUrl);
  expect(asStaff.status()).toBe(200);
  expect(asStaff.headers()['content-type']).toBe('image/jpeg');
  await staff.dispose();
  const other = await newPhone(browser);
  await startDemoRoute(other.page, 'curiosi@squadre.test', 'I Curiosi');
  expect((await other.page.request.get(photoUrl)).status()).toBe(404);
  await other.context.close();

  // Stop: saved as paused; the start screen greets the team back with it, and it resumes at step 5.
  const dialogs = acceptDialogs(page);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page).toHaveURL(/\/demo\/start$/);
  expect(dialogs).toEqual(['Vuoi davvero fermare il gioco? Il progresso verrà salvato.']);
  await expect(page.getByText('Bentornato!')).toBeVisible();
  await expect(page.getByText('Tappa 5')).toBeVisible();
  await page.getByRole('button', { name: 'Riprendi' }).click();
  await expect(page).toHaveURL(new RegExp(`game=${gameId}$`));
  await expect(page.getByText('Step 5 di 6')).toBeVisible();

  // Step 5, Largo di Torre Argentina (code).
  await standAt(context, page, 'argentina');
  await page.getByLabel('Your Answer').fill('GATTI42X');
  await submit(page);

  // Step 6, Altare della Patria (several choices, facing east): the end.
  await expect(page.getByText('Step 6 di 6')).toBeVisible();
  await standAt(context, page, 'vittoriano');
  await page.getByRole('button', { name: 'Quadrighe' }).click();
  await page.getByRole('button', { name: 'Milite Ignoto' }).click();
  await page.getByRole('button', { name: 'E', exact: true }).click();
  await shot('6-last-step');
  await expectAccessible(page);
  await submit(page);

  await expect(page).toHaveURL(
    new RegExp(`/demo/game/scoreboard\\?route=roma-centro-storico&game=${gameId}$`),
  );
  await expect(page.getByText('Complimenti!')).toBeVisible();
  await expect(page.getByText('Le Volpi').first()).toBeVisible();
  await shot('7-end-of-game');
  await expectAccessible(page);
  await context.close();
});

test('a team without the camera types the QR code by hand', async ({ browser }, testInfo) => {
  const { context, page } = await newPhone(browser, { camera: false });
  await startDemoRoute(page, 'gufi@squadre.test', 'I Gufi');
  for (const step of [1, 2]) {
    await expect(page.getByText(`Step ${step} di 6`)).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
  }
  await expect(page.getByText('Step 3 di 6')).toBeVisible();
  await standAt(context, page, 'navona');
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  await expect(page.getByText('Camera permission denied. Use manual input below.')).toBeVisible();
  await expect(page.getByText('Or enter the code manually')).toBeVisible();
  await page.getByRole('button', { name: 'Enter Code Manually' }).click();
  await page.getByLabel('Codice').fill('  NAVONA-4FIUMI ');
  await page.screenshot({ path: testInfo.outputPath('manual-qr.png') });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('QR Code Scanned: NAVONA-4FIUMI')).toBeVisible();
  await submit(page);
  await expect(page.getByText('Step 4 di 6')).toBeVisible();
  await context.close();
});
