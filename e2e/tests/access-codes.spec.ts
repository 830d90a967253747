import { expect, type Page, test } from '@playwright/test';
import {
  answerConfirmation,
  createRouteWithSteps,
  createTenant,
  forbidNativeDialogs,
  signInAt,
  superadminApi,
} from '../fixtures';
import { newPhone } from '../phone';
import { expectAccessible } from '../accessibility';

const TENANT = {
  name: 'Codici Veneti',
  slug: 'codici-veneti',
  admin: 'admin@codici.test',
  password: 'codici-pw',
};
const ROUTE = { slug: 'caccia-codici', title: 'Caccia ai codici' };

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Codici srl' })).toBe(true);
  await createRouteWithSteps(api, TENANT.slug, {
    ...ROUTE,
    place: { name: 'Rialto', lat: 45.438, lng: 12.336 },
  });
  await api.dispose();
});

/** The code in the first row of the available list. */
async function firstAvailableCode(page: Page): Promise<string> {
  const available = page.getByRole('region', { name: /Codici disponibili/ });
  return (await available.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '';
}

test('an admin generates codes, a new team redeems one from its QR link, the admin sees it used', async ({
  page,
  browser,
}, testInfo) => {
  forbidNativeDialogs(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, `/${TENANT.slug}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/dashboard$`));
  await page.getByRole('link', { name: 'Codici Accesso' }).click();
  await expect(page).toHaveTitle('Codici Accesso - Codici Veneti');
  await expect(page.getByLabel('Route')).toHaveValue(/.+/);
  await expect(page.getByText('Codici disponibili (0)')).toBeVisible();

  await page.getByLabel('Numero di codici').fill('0');
  await page.getByRole('button', { name: 'Genera codici' }).click();
  await expect(page.getByText('Inserisci un numero valido tra 1 e 1000')).toBeVisible();
  await page.getByLabel('Numero di codici').fill('4');
  await page.getByRole('button', { name: 'Genera codici' }).click();
  await expect(page.getByText('4 codici generati con successo!')).toBeVisible();
  await expect(page.getByText('Codici disponibili (4)')).toBeVisible();

  // Delete one, after the confirmation: an in-app dialog with the spec's question; Cancel keeps
  // the code, Confirm deletes it.
  const doomed = await firstAvailableCode(page);
  const question = 'Sei sicuro di voler eliminare questo codice?';
  await page.getByRole('button', { name: `Elimina ${doomed}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Sei sicuro?' })).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await page.screenshot({ path: testInfo.outputPath('dialog-confirm.png') });
  await answerConfirmation(page, question, false);
  await expect(page.getByText('Codici disponibili (4)')).toBeVisible();
  await expect(page.getByRole('button', { name: `Elimina ${doomed}` })).toBeFocused();
  await page.getByRole('button', { name: `Elimina ${doomed}` }).click();
  await answerConfirmation(page, question);
  await expect(page.getByText('Codici disponibili (3)')).toBeVisible();
  await expect(page.getByText(doomed)).toHaveCount(0);
  const code = await firstAvailableCode(page);
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  await page.screenshot({ path: test.info().outputPath('access-codes-available.png') });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Foglio da stampare' }).click();
  const sheet = page.getByRole('region', { name: 'Foglio da stampare' });
  await expect(sheet.getByRole('listitem')).toHaveCount(3);
  await expect(sheet.getByRole('img', { name: `QR code del codice ${code}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('access-codes-sheet.png') });
  await expectAccessible(page);
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: test.info().outputPath('access-codes-print.png'), fullPage: true });
  await expectAccessible(page);
  await page.emulateMedia({ media: 'screen' });

  // A team's phone that has never registered opens the card's QR link: the start screen first,
  // then back to the route with the code filled in.
  const { context, page: phone } = await newPhone(browser);
  const cardLink = `/${TENANT.slug}/${ROUTE.slug}/details?code=${code}`;
  await phone.goto(cardLink);
  await expect(phone).toHaveURL(new RegExp(`/${TENANT.slug}/start$`));
  await phone.getByLabel('Email della squadra').fill('aironi@squadre.test');
  await phone.getByRole('button', { name: 'Registrati' }).click();
  await phone.getByLabel('Nome della squadra').fill('Gli Aironi');
  await phone.getByRole('button', { name: 'Continua' }).click();
  await expect(phone).toHaveURL((url) => url.pathname + url.search === cardLink);
  await phone.getByRole('button', { name: 'Seleziona questo percorso' }).click();
  const modal = phone.getByRole('dialog');
  await expect(modal.getByLabel('Codice')).toHaveValue(code);
  await expectAccessible(phone, 'code dialog');
  await modal.getByRole('button', { name: 'Verifica' }).click();
  await expect(phone).toHaveURL(new RegExp(`/${TENANT.slug}/gioco/step\\?route=${ROUTE.slug}`));
  await context.close();

  await page.reload();
  const used = page.getByRole('region', { name: 'Codici utilizzati (1)' });
  await expect(used.getByRole('row', { name: new RegExp(`${code}.*Gli Aironi`) })).toBeVisible();
  await expect(page.getByText('Codici disponibili (2)')).toBeVisible();
  await page.getByLabel('Cerca codice o squadra').fill('aironi');
  await expect(page.getByText('Codici disponibili (0)')).toBeVisible();
  await expect(used.getByText('Gli Aironi')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('access-codes-used.png') });
  await expectAccessible(page);
});
