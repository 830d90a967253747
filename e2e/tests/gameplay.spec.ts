import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { routeFields } from '../../apps/server/test/helpers/forms';
import {
  answerConfirmation,
  createTenant,
  forbidNativeDialogs,
  QR_CODE_ON_CAMERA,
  superadminApi,
} from '../fixtures';
import { newPhone, PLACES, startDemoRoute, startRoute } from '../phone';
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
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate('window.scrollTo(0, 0)');
  await shot('4-photo-step-360');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  await expect(page.getByRole('heading', { name: 'Take Photo' })).toBeVisible();
  await expectAccessible(page, 'camera');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/photo') && r.ok());
  await page.getByRole('button', { name: 'Scatta', exact: true }).click();
  const { photo_url: photoUrl } = (await (await uploaded).json()) as { photo_url: string };
  await expect(page.getByRole('button', { name: 'Retake Photo' })).toBeVisible();
  await expectAccessible(page, 'photo taken');
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
  forbidNativeDialogs(page);
  await page.getByRole('button', { name: 'Stop' }).click();
  await answerConfirmation(page, 'Vuoi davvero fermare il gioco? Il progresso verrà salvato.');
  await expect(page).toHaveURL(/\/demo\/start$/);
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

/**
 * A phone photo as a camera app saves it: 4000 × 3000 pixels stored sideways with the EXIF
 * orientation 6 (shown upright as 3000 × 4000), a few MB of JPEG.
 */
async function phonePhoto() {
  const buffer = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#6b8e23',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer };
}

test('a team without the camera types the QR code by hand and sends a photo from its picker', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const { context, page } = await newPhone(browser, { camera: false });
  await startDemoRoute(page, 'gufi@squadre.test', 'I Gufi');
  // Skip asks first, in the app's own dialog: cancelled, the step stays; confirmed, the team
  // moves on.
  forbidNativeDialogs(page);
  const skipQuestion = 'Vuoi davvero saltare questa tappa? Non potrai più rispondere.';
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Sei sicuro?' })).toBeVisible();
  await expectAccessible(page, 'skip confirmation');
  await page.screenshot({ path: testInfo.outputPath('dialog-skip.png') });
  await answerConfirmation(page, skipQuestion, false);
  await expect(page.getByText('Step 1 di 6')).toBeVisible();
  for (const step of [1, 2]) {
    await expect(page.getByText(`Step ${step} di 6`)).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    await answerConfirmation(page, skipQuestion);
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

  // Step 4 (photo): the camera is refused, and the phone's picker takes over inside the overlay.
  await expect(page.getByText('Step 4 di 6')).toBeVisible();
  await standAt(context, page, 'campoDeFiori');
  await page.getByRole('button', { name: 'Take a Photo' }).click();
  const overlay = page.getByRole('dialog', { name: 'Take Photo' });
  await expect(overlay.getByRole('alert')).toHaveText(
    'Camera permission denied. Please allow camera access in your browser.',
  );
  await page.screenshot({ path: testInfo.outputPath('photo-camera-denied.png') });
  await expectAccessible(page);
  const photo = await phonePhoto();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/photo') && r.ok());
  await overlay.getByLabel('Scegli o scatta una foto').setInputFiles(photo);
  const upload = await uploaded;
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('button', { name: 'Retake Photo' })).toBeVisible();
  // Brought down on the phone, upright: 1200 × 1600 (the server alone would keep 2048 px).
  const sentBytes = Number((await upload.request().allHeaders())['content-length']);
  expect(sentBytes).toBeGreaterThan(0);
  expect(sentBytes).toBeLessThan(photo.buffer.length / 4);
  const { photo_url: photoUrl } = (await upload.json()) as { photo_url: string };
  const stored = await page.request.get(photoUrl);
  expect(stored.status()).toBe(200);
  const storedMeta = await sharp(await stored.body()).metadata();
  expect({ width: storedMeta.width, height: storedMeta.height }).toEqual({
    width: 1200,
    height: 1600,
  });
  await page.getByRole('button', { name: 'N', exact: true }).click();
  await submit(page);
  await expect(page.getByText('Step 5 di 6')).toBeVisible();
  await context.close();
});

/** A long title, to see the game header at phone width. */
const WALK_TITLE =
  'Passeggiata ai Fori Imperiali, al Colosseo, al Palatino e ai giardini segreti del Celio';

test('a team walks an exploration route and ends it with Next on the last step', async ({
  browser,
}, testInfo) => {
  const api = await superadminApi();
  const tenant = { name: 'Passeggiate', admin: 'admin@passeggiate.test', password: 'passo-passo' };
  expect(await createTenant(api, { ...tenant, company: 'Passeggiate srl' })).toBe(true);
  const base = '/api/tenants/passeggiate/routes';
  const created = await api.post(base, {
    data: routeFields({ title: WALK_TITLE, slug: 'fori', route_type: 'exploration' }),
  });
  expect(created.status()).toBe(201);
  const place = (name: string, i: number) => ({
    place: name,
    lat: 41.89 + i / 1000,
    lng: 12.49,
    radius_m: 50,
    task: `Che cosa vedi a ${name}?`,
    check_type: 'text',
    check_answer: name.toLowerCase(),
  });
  const steps = ['Foro', 'Colosseo', 'Celio'].map(place);
  const imported = await api.post(`${base}/import`, {
    data: { json: JSON.stringify({ id: 'fori', title: WALK_TITLE, steps }) },
  });
  expect(imported.ok()).toBe(true);
  await api.dispose();

  const { context, page } = await newPhone(browser, { camera: false });
  await page.setViewportSize({ width: 360, height: 740 });
  const gameId = await startRoute(page, {
    tenantSlug: 'passeggiate',
    routeTitle: WALK_TITLE,
    email: 'viandanti@squadre.test',
    teamName: 'I Viandanti del Celio e dei Fori',
  });
  await expect(page.getByText('Step 1 di 3')).toBeVisible();

  // The header at 360 px, once the team's messages are there: the title on two lines at most, the
  // controls on one row, no overflow.
  await expect(page.getByRole('button', { name: /^Messaggi/ })).toBeVisible();
  const title = page.getByRole('heading', { name: WALK_TITLE });
  // (The journeys compile without the DOM's types: the page's own function is named by hand.)
  const lineHeight = await title.evaluate((el) => {
    const view = globalThis as unknown as {
      getComputedStyle: (node: typeof el) => { lineHeight: string };
    };
    return view.getComputedStyle(el).lineHeight;
  });
  const lineHeightPx = parseFloat(lineHeight);
  expect(lineHeightPx).toBeGreaterThan(0);
  expect((await title.boundingBox())?.height ?? Infinity).toBeLessThanOrEqual(lineHeightPx * 2 + 1);
  const rowOf = async (name: string) =>
    Math.round((await page.getByRole('button', { name }).boundingBox())?.y ?? -1);
  expect(await rowOf('Pausa')).toBe(await rowOf('Stop'));
  const pageWidthPx = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(pageWidthPx).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('header-360x740.png') });
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('header-390x844.png') });
  await expectAccessible(page);

  // Next moves on without an answer; an answer moves on too; Next on the last step ends it.
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 di 3')).toBeVisible();
  await page.getByLabel('Your Answer').fill('Colosseo');
  await submit(page);
  await expect(page.getByText('Step 3 di 3')).toBeVisible();
  const finished = page.waitForResponse((r) => r.url().endsWith(`/games/${gameId}/finish`));
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await finished).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Percorso Completato' })).toBeVisible();
  await expect(
    page.getByText('Complimenti! Hai completato con successo il percorso.'),
  ).toBeVisible();

  // The server agrees: the game is completed, and reopening it shows the completion again.
  const result = await page.request.get(`/api/public/tenants/passeggiate/games/${gameId}/result`);
  expect(((await result.json()) as { status: string }).status).toBe('completed');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Percorso Completato' })).toBeVisible();
  await expectAccessible(page, 'completed');
  await context.close();
});
