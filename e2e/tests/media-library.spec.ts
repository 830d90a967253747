import { expect, test } from '@playwright/test';
import { routeFields } from '../../apps/server/test/helpers/forms';
import {
  answerConfirmation,
  createTenant,
  forbidNativeDialogs,
  pngFile,
  superadminApi,
  tenantAdminPage,
} from '../fixtures';
import { newPhone } from '../phone';
import { expectAccessible } from '../accessibility';

const TENANT = { name: 'Media Gamma', admin: 'admin@media-gamma.test', password: 'gamma-pw-1' };
const ADMIN = { email: TENANT.admin, password: TENANT.password };
const SLUG = 'media-gamma';

const ROUTE = { slug: 'giro-sonoro', title: 'Giro sonoro' };
let routeId = '';

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Media Gamma srl' })).toBe(true);
  // A free route without geolocation: one text step at the Pantheon.
  const base = `/api/tenants/${SLUG}/routes`;
  const created = await api.post(base, { data: routeFields(ROUTE) });
  expect(created.status()).toBe(201);
  routeId = ((await created.json()) as { id: string }).id;
  const step = { place: 'Pantheon', lat: 41.8986, lng: 12.4769, radius_m: 50 };
  const json = {
    id: ROUTE.slug,
    title: ROUTE.title,
    steps: [{ ...step, ord: 1, task: 'Quante colonne?', check_type: 'text', check_answer: '16' }],
  };
  expect((await api.post(`${base}/import`, { data: { json: JSON.stringify(json) } })).ok()).toBe(
    true,
  );
  await api.dispose();
});

test('a tenant admin fills the media library: a folder, an image and an audio file', async ({
  browser,
}) => {
  const page = await tenantAdminPage(browser, SLUG, ADMIN);
  await page.goto(`/${SLUG}/media`);
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await expectAccessible(page, 'empty');

  // A folder, opened: its address keeps it.
  await page.getByRole('button', { name: 'New Folder' }).click();
  await page.getByLabel('Nome della cartella').fill('  Roma  ');
  await page.getByRole('button', { name: 'Crea', exact: true }).click();
  await page.getByRole('button', { name: 'Apri la cartella Roma' }).click();
  await expect(page).toHaveURL(/\?folder=[0-9a-f-]{36}$/);
  await expect(page.getByText('This folder is empty')).toBeVisible();

  // An image (named .bin: the server types it by content) and an audio clip (a WAV tone).
  const image = await pngFile('fontana.bin', 1600, 1000, '#0E7490');
  await page.locator('input[type="file"]').setInputFiles([
    { ...image, mimeType: 'application/octet-stream' },
    { name: 'campana.wav', mimeType: 'audio/wav', buffer: wavTone() },
  ]);
  const thumb = page.getByRole('img', { name: 'fontana.bin' });
  await expect(thumb).toBeVisible();
  await expect(thumb).toHaveAttribute('src', /\.phone\.webp$/);
  await expect(page.getByText('campana.wav')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('media-library.png') });
  await expectAccessible(page);

  // The audio file is served with ranges, so a phone can seek in it.
  const audioUrl = await page.getByRole('link', { name: 'campana.wav' }).getAttribute('href');
  const ranged = await page.request.get(audioUrl ?? '', { headers: { range: 'bytes=0-99' } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()['content-type']).toBe('audio/wav');

  // Deleting a file (after a confirmation) empties its place in storage.
  forbidNativeDialogs(page);
  await page.getByRole('button', { name: 'Elimina campana.wav' }).click();
  await answerConfirmation(page, 'Delete campana.wav?');
  await expect(page.getByText('campana.wav')).toBeHidden();
  expect((await page.request.get(audioUrl ?? '')).status()).toBe(404);
  await page.context().close();
});

test('an image and an audio clip of the library go on a step, and a team sees and hears them', async ({
  browser,
}) => {
  const page = await tenantAdminPage(browser, SLUG, ADMIN);
  await page.goto(`/${SLUG}/media`);
  await page
    .locator('input[type="file"]')
    .setInputFiles([
      await pngFile('pantheon.png', 1200, 800, '#B45309'),
      { name: 'guida.wav', mimeType: 'audio/wav', buffer: wavTone() },
    ]);
  // Both uploaded: their tiles link to the stored files.
  await expect(page.getByRole('link', { name: 'pantheon.png' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'guida.wav' })).toBeVisible();

  // The step editor picks both from the library.
  await page.goto(`/${SLUG}/routes/${routeId}/steps`);
  await page.getByRole('button', { name: /Pantheon/ }).click();
  for (const [n, filename] of [
    [1, 'pantheon.png'],
    [2, 'guida.wav'],
  ] as const) {
    await page.getByRole('button', { name: 'Add media' }).click();
    await page.getByRole('button', { name: `Media ${n}: Choose from the library` }).click();
    const picker = page.getByRole('dialog', { name: 'Scegli un file della libreria' });
    await expect(picker.getByRole('button', { name: `Scegli ${filename}` })).toBeVisible();
    if (n === 1) await expectAccessible(page, 'media picker');
    await picker.getByRole('button', { name: `Scegli ${filename}` }).click();
    await expect(picker).toBeHidden();
  }
  await expect(page.getByLabel('Media 2: Type')).toHaveValue('audio');
  await page.getByLabel('Media 2: Caption').fill('Ascolta la guida');
  await page.screenshot({ path: test.info().outputPath('step-media.png') });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Steps saved')).toBeVisible();
  await page.context().close();

  // A team on a phone: the step shows the phone-sized image and plays the audio.
  const { context: phoneContext, page: phone } = await newPhone(browser, { camera: false });
  await phone.goto(`/${SLUG}/start`);
  await phone.getByLabel('Email della squadra').fill('ascolto@squadre.test');
  await phone.getByRole('button', { name: 'Registrati' }).click();
  await phone.getByLabel('Nome della squadra').fill('Gli Ascoltatori');
  await phone.getByRole('button', { name: 'Continua' }).click();
  await phone.getByRole('button', { name: ROUTE.title }).click();
  await phone.getByRole('button', { name: 'Seleziona questo percorso' }).click();
  const image = phone.locator('.gameplay img[src*="phone.webp"]');
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
  ).toBe(800);
  const audio = phone.getByLabel('Ascolta la guida');
  const duration = await audio.evaluate(async (node) => {
    const element = node as unknown as { muted: boolean; play(): Promise<void>; duration: number };
    element.muted = true;
    await element.play();
    return element.duration;
  });
  expect(duration).toBeCloseTo(1, 1);
  await phone.screenshot({ path: test.info().outputPath('step-media-phone.png') });
  await expectAccessible(phone);
  await phoneContext.close();
});

/** One second of a 440 Hz tone, 8 kHz mono 8-bit WAV. */
function wavTone(): Buffer {
  const rate = 8000;
  const samples = Buffer.alloc(rate);
  for (let i = 0; i < rate; i++)
    samples[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}
