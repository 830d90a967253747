import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { createTenant, forbidNativeDialogs, signInAt, superadminApi } from '../fixtures';
import { expectAccessible } from '../accessibility';

const TENANT = {
  name: 'Primi Passi',
  slug: 'primi-passi',
  admin: 'admin@primipassi.test',
  password: 'primi-passi-pw',
};
const SAMPLE_TITLE = 'Roma: il cuore del centro storico';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Primi Passi srl' })).toBe(true);
  await api.dispose();
});

/** Saves a screenshot of the viewport among the test's outputs. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name) });
}

test("a new tenant's empty state leads to the sample route, whose card keeps its actions in a menu", async ({
  page,
}) => {
  forbidNativeDialogs(page);
  await signInAt(page, `/${TENANT.slug}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/dashboard$`));

  // The dashboard of a tenant without routes offers the first one.
  const offer = page.getByRole('region', { name: 'Il primo percorso' });
  await expect(offer.getByRole('button', { name: 'Crea il primo percorso' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Importa il percorso di esempio' })).toBeVisible();
  await expectAccessible(page, 'empty dashboard');

  // So does the route list, with the spec's empty text.
  await page.getByRole('link', { name: 'Routes' }).click();
  await expect(page.getByText('No routes yet. Import one to get started!')).toBeVisible();
  await shot(page, 'route-list-empty-desktop.png');
  await expectAccessible(page, 'empty route list');

  await offer.getByRole('button', { name: 'Importa il percorso di esempio' }).click();
  await expect(page.getByText('Route imported successfully!')).toBeVisible();
  const card = page.getByRole('article', { name: SAMPLE_TITLE });
  await expect(card.getByText('roma-centro-storico')).toBeVisible();
  await expect(card.getByText('Free')).toBeVisible();
  await expect(card.getByText('6 tappe')).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Enabled' })).toBeChecked();
  await expect(card.getByRole('link', { name: 'Steps' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Scoreboard' })).toBeVisible();
  // Every other action is in the menu, not on the card.
  await expect(card.getByRole('button', { name: 'Export JSON' })).toHaveCount(0);

  // The steps were imported with the demo's media, from this tenant's library.
  const { routes } = (await (
    await page.request.get(`/api/tenants/${TENANT.slug}/routes`)
  ).json()) as { routes: { id: string; title: string }[] };
  const { steps } = (await (
    await page.request.get(`/api/tenants/${TENANT.slug}/routes/${routes[0]!.id}/steps`)
  ).json()) as { steps: { place: string; media: { code?: string }[] }[] };
  expect(steps.map((step) => step.place)).toHaveLength(6);
  expect(steps.every((step) => step.media[0]?.code)).toBe(true);

  // The menu: opened by the keyboard, moved by the arrows, closed by Escape back to its button.
  const more = card.getByRole('button', { name: 'Altre azioni' });
  await more.focus();
  await page.keyboard.press('ArrowDown');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu', { name: 'Altre azioni' });
  await expect(menu.getByRole('menuitem', { name: 'Gestione Listini' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await shot(page, 'route-menu.png');
  await expectAccessible(page, 'route card menu');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  // A click outside closes it; a chosen entry runs.
  await more.click();
  await page.getByRole('heading', { level: 1, name: 'Routes' }).click();
  await expect(menu).toHaveCount(0);
  await more.click();
  const downloading = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: 'Export JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('roma-centro-storico.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    title: string;
    steps: unknown[];
  };
  expect([exported.title, exported.steps.length]).toEqual([SAMPLE_TITLE, 6]);
});

test('printed access-code cards: ten to an A4 sheet, each with the route, the address and its code', async ({
  page,
}) => {
  await signInAt(page, `/${TENANT.slug}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/dashboard$`));
  await page.goto(`/${TENANT.slug}/routes`);

  // The sample becomes a route played by access code; its menu then leads to its codes.
  const card = page.getByRole('article', { name: SAMPLE_TITLE });
  await card.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Route' });
  await form.getByLabel('Access code').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Access code')).toBeVisible();
  // A second route from the Create Route form, switched off: the list as an organiser sees it.
  await page.getByRole('button', { name: 'Create Route' }).click();
  const create = page.getByRole('dialog', { name: 'Create Route' });
  await create.getByLabel('Title').fill('Notte ai Musei');
  await create.getByRole('button', { name: 'Create Route' }).click();
  const museums = page.getByRole('article', { name: 'Notte ai Musei' });
  await expect(museums.getByText('0 tappe')).toBeVisible();
  await museums.getByRole('switch', { name: 'Enabled' }).click();
  await expect(museums.getByText('Disabled')).toBeVisible();
  await shot(page, 'route-list-desktop.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('button', { name: 'Altre azioni' })).toBeInViewport();
  await shot(page, 'route-list-phone.png');
  await expectAccessible(page, 'route list on a phone');
  await page.setViewportSize({ width: 1366, height: 768 });

  await card.getByRole('button', { name: 'Altre azioni' }).click();
  await page.getByRole('menuitem', { name: 'Codici Accesso' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/access-codes\\?route=`));
  await page.getByLabel('Numero di codici').fill('12');
  await page.getByRole('button', { name: 'Genera codici' }).click();
  await expect(page.getByText('12 codici generati con successo!')).toBeVisible();

  await page.getByRole('button', { name: 'Foglio da stampare' }).click();
  const sheet = page.getByRole('region', { name: 'Foglio da stampare' });
  await expect(
    sheet.getByRole('list', { name: 'Foglio 1 di 2' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expect(
    sheet.getByRole('list', { name: 'Foglio 2 di 2' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expectAccessible(page, 'print sheet');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Foglio da stampare' })).toBeHidden();
  const first = sheet.getByRole('listitem').first();
  await expect(first.getByText(SAMPLE_TITLE)).toBeVisible();
  await expect(first.getByText('Inquadra il codice QR per giocare')).toBeVisible();
  await expect(first.getByText(/Senza lettore QR\? Apri/)).toContainText(
    `/${TENANT.slug}/roma-centro-storico/details`,
  );
  await expect(first.getByText(TENANT.name)).toBeVisible();
  const code = (await first.locator('.ac-card__code').textContent()) ?? '';
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  await expect(first.getByRole('img', { name: `QR code del codice ${code}` })).toBeVisible();
  await page.setViewportSize({ width: 794, height: 1123 });
  await shot(page, 'printed-cards.png');

  // The PDF Chromium prints: two A4 pages with every code on them.
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
  await page.emulateMedia({ media: 'screen' });
});
