import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { createRouteWithSteps, forbidNativeDialogs, signInAt, superadminApi } from '../fixtures';
import { newPhone, PLACES } from '../phone';
import { expectAccessible } from '../accessibility';

// Issue 34, decision 0083: two teams send photos on a step under staff review; a judge rejects
// one with a reason, the team is told and retakes it, the judge approves the retake and the
// other team's photo; the photo wall shows only the team that agreed to it.

const ROUTE = { slug: 'foto-giudicate', title: 'Foto giudicate' };
const JUDGE = { email: 'giudice@demo.test', password: 'giudice-e2e-pw' };

/** A photo of one colour, as a phone's picker gives it. */
async function photo(background: string) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name: 'foto.jpg', mimeType: 'image/jpeg', buffer };
}

/** The team on the photo step sends `background` from its picker and submits it. */
async function sendPhoto(page: Page, background: string) {
  await page.getByRole('button', { name: /Take a Photo|Retake Photo/ }).click();
  const overlay = page.getByRole('dialog', { name: 'Take Photo' });
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/photo') && r.ok());
  await overlay.getByLabel('Scegli o scatta una foto').setInputFiles(await photo(background));
  await uploaded;
  await expect(overlay).toBeHidden();
  const submitted = page.waitForResponse((r) => r.url().endsWith('/submit') && r.ok());
  await page.getByRole('button', { name: 'Submit' }).click();
  await submitted;
}

/** A team registers (ticking the wall's consent or not) and starts the route. */
async function team(page: Page, name: string, consent: boolean) {
  await page.goto('/demo/start');
  await page.getByLabel('Email della squadra').fill(`${name.toLowerCase()}@squadre.test`);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.getByLabel('Nome della squadra').fill(name);
  if (consent) {
    await page.getByLabel("Le nostre foto possono essere mostrate durante l'evento").check();
  }
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByRole('button', { name: ROUTE.title }).click();
  await page.getByRole('button', { name: 'Seleziona questo percorso' }).click();
  await expect(page).toHaveURL(/\/demo\/gioco\/step\?/);
}

test.beforeAll(async () => {
  const api = await superadminApi();
  await createRouteWithSteps(api, 'demo', {
    ...ROUTE,
    access_type: 'free',
    place: { name: 'Fontana di Trevi', lat: PLACES.trevi.latitude, lng: PLACES.trevi.longitude },
    review: 'staff',
    tasks: [{ task: "L'anno della fontana?", answer: '1762' }],
  });
  const judge = await api.post('/api/tenants/demo/staff', {
    data: { ...JUDGE, display_name: 'Giudice', role: 'judge' },
  });
  expect(judge.status(), await judge.text()).toBeLessThan(300);
  await api.dispose();
});

test('a judge rejects a photo with a reason, the team retakes it, the wall shows the consenting team', async ({
  browser,
}, testInfo) => {
  // Two phones and a judge's desk through a review round: more than the default on a busy machine.
  test.setTimeout(120_000);
  const falchi = await newPhone(browser, { camera: false });
  const gufi = await newPhone(browser, { camera: false });
  await team(falchi.page, 'Falchi', true);
  await team(gufi.page, 'Gufi', false);
  await sendPhoto(falchi.page, '#1D4ED8');
  await sendPhoto(gufi.page, '#7E22CE');

  // The judge signs in at the tenant's login and lands on the queue.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const judge = await desk.newPage();
  forbidNativeDialogs(judge);
  await signInAt(judge, '/demo/login', JUDGE.email, JUDGE.password);
  await expect(judge).toHaveURL(/\/demo\/live\/review$/);
  await expect(judge.getByRole('heading', { name: 'Revisione' })).toBeVisible();
  const image = judge.getByRole('img', { name: 'Foto della squadra per la tappa 1' });
  await expect(image).toBeVisible();
  // The team is hidden until asked for.
  await expect(judge.getByText('Squadra: Falchi')).toHaveCount(0);
  await judge.getByRole('button', { name: /Mostra squadra/ }).click();
  await expect(judge.getByText(/Squadra: (Falchi|Gufi)/)).toBeVisible();
  await judge.screenshot({ path: testInfo.outputPath('review-queue-1280.png') });
  await expectAccessible(judge, 'review queue');

  // Decide by keyboard: the Falchi's photo is rejected, the Gufi's approved.
  for (let i = 0; i < 2; i++) {
    const shown = (await judge.getByText(/Squadra: (Falchi|Gufi)/).textContent()) ?? '';
    if (shown.includes('Falchi')) {
      await judge.keyboard.press('r');
      await judge.getByLabel('Oppure scrivi il motivo').fill('Non si vede la fontana');
      await judge.keyboard.press('Enter');
    } else {
      await judge.keyboard.press('a');
    }
    if (i === 0) await judge.getByRole('button', { name: /Mostra squadra/ }).click();
  }
  await expect(judge.getByText('Nessuna risposta da rivedere')).toBeVisible();

  // The Falchi's phone is told, and 'Rifai la foto' brings it back to the step.
  await expect(falchi.page.getByText('Foto rifiutata: Non si vede la fontana')).toBeVisible();
  await falchi.page.screenshot({ path: testInfo.outputPath('review-rejected-phone.png') });
  await falchi.page.getByRole('button', { name: 'Rifai la foto' }).click();
  await sendPhoto(falchi.page, '#15803D');
  await expect(gufi.page.getByText('Foto approvata')).toBeVisible();

  // The retake reaches the queue (asked again while empty) and is approved.
  await expect(image).toBeVisible({ timeout: 15_000 });
  await judge.keyboard.press('a');
  await expect(falchi.page.getByText('Foto approvata')).toBeVisible();

  // The wall: the Falchi agreed, the Gufi did not.
  const wall = await desk.newPage();
  await wall.setViewportSize({ width: 1920, height: 1080 });
  await wall.goto('/demo/live/wall');
  await expect(wall.getByRole('img', { name: /Foto di Falchi/ })).toBeVisible();
  await expect(wall.getByRole('img', { name: /Foto di Gufi/ })).toHaveCount(0);
  await wall.screenshot({ path: testInfo.outputPath('photo-wall-1920.png') });
  await expectAccessible(wall, 'photo wall');
  await Promise.all([desk.close(), falchi.context.close(), gufi.context.close()]);
});
