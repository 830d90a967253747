import { expect, test } from '@playwright/test';
import { acceptDialogs, createTenant, pngFile, signInAt, superadminApi } from '../fixtures';

const TENANT = { name: 'Media Gamma', admin: 'admin@media-gamma.test', password: 'gamma-pw-1' };
const SLUG = 'media-gamma';

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Media Gamma srl' })).toBe(true);
  await api.dispose();
});

test('a tenant admin fills the media library: a folder, an image and an audio file', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAt(page, `/${SLUG}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard$`));
  await page.goto(`/${SLUG}/media`);
  await expect(page.getByText('This folder is empty')).toBeVisible();

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

  // The audio file is served with ranges, so a phone can seek in it.
  const audioUrl = await page.getByRole('link', { name: 'campana.wav' }).getAttribute('href');
  const ranged = await page.request.get(audioUrl ?? '', { headers: { range: 'bytes=0-99' } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()['content-type']).toBe('audio/wav');

  // Deleting a file (after a confirmation) empties its place in storage.
  const dialogs = acceptDialogs(page);
  await page.getByRole('button', { name: 'Elimina campana.wav' }).click();
  await expect(page.getByText('campana.wav')).toBeHidden();
  expect(dialogs).toContain('Delete campana.wav?');
  expect((await page.request.get(audioUrl ?? '')).status()).toBe(404);
  await context.close();
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
