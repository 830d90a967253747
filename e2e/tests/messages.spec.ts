import { expect, type Page, test } from '@playwright/test';
import {
  createRouteWithSteps,
  forbidNativeDialogs,
  superadminApi,
  superadminDesk,
} from '../fixtures';
import { newPhone, PLACES, startRoute } from '../phone';
import { expectAccessible } from '../accessibility';

// Issue 35, decision 0084: the organiser sends a message asking for a read confirmation to the
// teams of a route while one phone is offline; both phones show it (the offline one once it is
// back) until 'Ho letto', and the console counts it; a team writes privately to the organiser,
// the staff answer, and the other team sees none of it.

const ROUTE = { slug: 'messaggi-in-gioco', title: 'Messaggi in gioco' };

/** The banner of a message from the organiser on a phone. */
const bannerOf = (page: Page) => page.locator('.message-banner');

test.beforeAll(async () => {
  const api = await superadminApi();
  await createRouteWithSteps(api, 'demo', {
    ...ROUTE,
    access_type: 'free',
    place: { name: 'Fontana di Trevi', lat: PLACES.trevi.latitude, lng: PLACES.trevi.longitude },
    tasks: [{ task: "L'anno della fontana?", answer: '1762' }],
  });
  await api.dispose();
});

test('a confirmed message reaches two phones, one back from offline; a private question is answered', async ({
  browser,
}, testInfo) => {
  // Two phones and the console through a round of messages: more than the default on a busy machine.
  test.setTimeout(120_000);
  const aquile = await newPhone(browser, { camera: false });
  const bisonti = await newPhone(browser, { camera: false });
  for (const [phone, name] of [
    [aquile, 'Aquile'],
    [bisonti, 'Bisonti'],
  ] as const) {
    await startRoute(phone.page, {
      tenantSlug: 'demo',
      routeTitle: ROUTE.title,
      email: `${name.toLowerCase()}-messaggi@squadre.test`,
      teamName: name,
    });
    // The phone's feed is open: 'Messaggi' shows on the game screen.
    await expect(phone.page.getByRole('button', { name: /^Messaggi/ })).toBeVisible();
  }

  // The organiser opens Messaggi from the live console.
  const desk = await superadminDesk(browser, { width: 1366, height: 900 });
  const staff = await desk.newPage();
  forbidNativeDialogs(staff);
  await staff.goto('/demo/live');
  await staff.getByRole('link', { name: /^Messaggi/ }).click();
  await expect(staff).toHaveURL(/\/demo\/live\/messages$/);

  // One phone goes into a dead zone; the message is sent to the route's teams meanwhile.
  await bisonti.context.setOffline(true);
  await staff.getByLabel('Le squadre di un percorso').check();
  await staff.getByLabel('Percorso', { exact: true }).selectOption({ label: ROUTE.title });
  await staff
    .getByLabel('Testo')
    .fill('Ritrovo alle 18 in piazza. Mappa: https://example.org/mappa');
  await staff.getByLabel('Conferma di lettura richiesta').check();
  await staff.getByRole('button', { name: 'Invia', exact: true }).click();
  const sent = staff
    .locator('.staff-messages__item')
    .filter({ hasText: 'Ritrovo alle 18' })
    .first();
  await expect(sent).toContainText('Letto da 0 di 2');

  // The connected phone shows it at once, held until 'Ho letto'.
  const banner = bannerOf(aquile.page);
  await expect(banner).toContainText('Ritrovo alle 18 in piazza');
  await expect(banner.getByRole('link', { name: 'https://example.org/mappa' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Chiudi' })).toHaveCount(0);
  await aquile.page.screenshot({ path: testInfo.outputPath('phone-banner.png') });
  await expectAccessible(aquile.page, 'game screen with a message');
  await banner.getByRole('button', { name: 'Ho letto' }).click();
  await expect(banner).toBeHidden();
  await expect(sent).toContainText('Letto da 1 di 2');

  // Back from the dead zone, the other phone gets what it missed.
  await bisonti.context.setOffline(false);
  const late = bannerOf(bisonti.page);
  await expect(late).toContainText('Ritrovo alle 18 in piazza', { timeout: 20_000 });
  await late.getByRole('button', { name: 'Ho letto' }).click();
  await expect(sent).toContainText('Letto da 2 di 2');

  // A private question to the organiser.
  await aquile.page.getByRole('button', { name: /^Messaggi/ }).click();
  const inbox = aquile.page.getByRole('dialog', { name: 'Messaggi' });
  await inbox.getByLabel("Scrivi all'organizzatore").fill('Siamo bloccati alla fontana');
  await inbox.getByRole('button', { name: 'Invia' }).click();
  // Sent: the field is cleared and the line is in the team's thread.
  await expect(inbox.getByLabel("Scrivi all'organizzatore")).toHaveValue('');
  await expect(inbox.locator('.inbox__list')).toContainText('Siamo bloccati alla fontana');
  await aquile.page.screenshot({ path: testInfo.outputPath('phone-inbox.png') });
  await expectAccessible(aquile.page, 'inbox with a question');

  // The staff see it unread, open the thread and answer.
  const threads = staff.locator('.staff-messages__threads');
  await expect(threads).toContainText('Aquile');
  await threads.getByRole('button', { name: /Aquile/ }).click();
  const thread = staff.locator('.staff-messages__thread-view');
  await expect(thread).toContainText('Siamo bloccati alla fontana');
  await staff.getByLabel('Risposta').fill('Guardate dietro la statua');
  await staff.getByRole('button', { name: 'Rispondi' }).click();
  await expect(thread).toContainText('Guardate dietro la statua');
  await staff.screenshot({ path: testInfo.outputPath('console-messages.png'), fullPage: true });
  await expectAccessible(staff, 'messages page with a thread');

  // The team reads the answer in its thread; the other team sees none of it.
  await expect(inbox.locator('.inbox__list')).toContainText('Guardate dietro la statua');
  await bisonti.page.getByRole('button', { name: /^Messaggi/ }).click();
  const other = bisonti.page.getByRole('dialog', { name: 'Messaggi' });
  await expect(other).toContainText('Ritrovo alle 18 in piazza');
  await expect(other).not.toContainText('Siamo bloccati alla fontana');
  await expect(other).not.toContainText('Guardate dietro la statua');

  await desk.close();
  await aquile.context.close();
  await bisonti.context.close();
});
