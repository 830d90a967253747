import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  answerConfirmation,
  createTenant,
  forbidNativeDialogs,
  pngFile,
  signInAt,
  superadminApi,
} from '../fixtures';
import { expectAccessible } from '../accessibility';

const FIXTURE = new URL(
  '../../packages/domain/src/fixtures/route-roma-centro.json',
  import.meta.url,
);
const TENANT = {
  name: 'Percorsi Romani',
  slug: 'percorsi-romani',
  admin: 'admin@percorsi.test',
  password: 'percorsi-pw',
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Percorsi srl' })).toBe(true);
  await api.dispose();
});

async function signInAsAdmin(page: Page) {
  await signInAt(page, `/${TENANT.slug}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/dashboard$`));
}

/** Chooses `name` in the 'Altre azioni' menu of the route card `card`. */
async function chooseInMenu(card: Locator, name: string) {
  await card.getByRole('button', { name: 'Altre azioni' }).click();
  await card.page().getByRole('menuitem', { name }).click();
}

/** Signs in and opens the step editor of 'Navona in breve' from the route list. */
async function openNavonaSteps(page: Page) {
  await signInAsAdmin(page);
  await page.goto(`/${TENANT.slug}/routes`);
  await page
    .getByRole('article', { name: 'Navona in breve' })
    .getByRole('link', { name: 'Steps' })
    .click();
  await expect(page.getByRole('heading', { name: 'Steps: Navona in breve' })).toBeVisible();
}

test('an admin imports, exports, edits, replaces, toggles and illustrates a route', async ({
  page,
}, testInfo) => {
  forbidNativeDialogs(page);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Routes' }).click();
  await expect(page.getByText('No routes yet. Import one to get started!')).toBeVisible();
  await expectAccessible(page, 'empty');

  // A document without steps: the exact Italian message, and nothing is created.
  await page.getByRole('button', { name: 'Import Route JSON' }).click();
  let modal = page.getByRole('dialog');
  await modal
    .getByRole('textbox')
    .fill(JSON.stringify({ id: 'senza-tappe', title: 'Senza tappe' }));
  await modal.getByRole('button', { name: 'Import' }).click();
  await expect(modal.getByText('Il JSON deve contenere un array "steps"')).toBeVisible();
  await expectAccessible(page, 'import dialog, refused');
  await modal.getByRole('button', { name: 'Annulla' }).click();
  await expect(page.getByText('No routes yet. Import one to get started!')).toBeVisible();

  // Import the fixture from its file.
  await page.getByRole('button', { name: 'Import Route JSON' }).click();
  modal = page.getByRole('dialog');
  await modal.getByLabel('Carica un file .json').setInputFiles(FIXTURE.pathname);
  await expect(modal.getByRole('textbox')).not.toBeEmpty();
  await modal.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Route imported successfully!')).toBeVisible();
  const card = page.getByRole('article', { name: 'Roma: il cuore del centro storico' });
  await expect(card).toBeVisible();
  await expect(card.getByText('6 tappe')).toBeVisible();

  // Export gives back an equivalent document.
  const downloading = page.waitForEvent('download');
  await chooseInMenu(card, 'Export JSON');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('roma-centro-storico.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    id: string;
    steps: { place: string; check_answer: string | null; orientation: string | null }[];
  };
  const original = JSON.parse(await readFile(FIXTURE, 'utf8')) as typeof exported;
  expect(exported.id).toBe(original.id);
  expect(exported.steps.map((s) => [s.place, s.check_answer, s.orientation])).toEqual(
    original.steps.map((s) => [s.place, s.check_answer, s.orientation]),
  );

  // 'Modifica JSON' edits the document in place.
  await chooseInMenu(card, 'Modifica JSON');
  modal = page.getByRole('dialog', { name: 'Modifica JSON: Roma: il cuore del centro storico' });
  const text = modal.getByRole('textbox');
  await expect(text).toHaveValue(/roma-centro-storico/);
  await expectAccessible(page, 'edit JSON dialog');
  await text.fill(
    (await text.inputValue()).replace('Roma: il cuore del centro storico', 'Roma centro'),
  );
  await modal.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Route aggiornata con successo!')).toBeVisible();
  const edited = page.getByRole('article', { name: 'Roma centro' });
  await expect(edited).toBeVisible();

  // Replace it by a different document.
  await chooseInMenu(edited, 'Importa JSON per sostituire');
  modal = page.getByRole('dialog', { name: 'Importa JSON per sostituire: Roma centro' });
  await modal.getByRole('textbox').fill(
    JSON.stringify({
      id: 'navona-breve',
      title: 'Navona in breve',
      steps: [
        {
          place: 'Piazza Navona',
          lat: 41.89897,
          lng: 12.473078,
          radius_m: 80,
          task: 'Scansiona il QR',
          check_type: 'qr',
          check_answer: 'NAVONA',
        },
      ],
    }),
  );
  await modal.getByRole('button', { name: 'Sostituisci' }).click();
  const replaced = page.getByRole('article', { name: 'Navona in breve' });
  await expect(replaced.getByText('1 tappa')).toBeVisible();

  // Toggle off and on.
  const toggle = replaced.getByRole('switch', { name: 'Enabled' });
  // The switch follows the server's answer, so click and wait for it.
  await toggle.click();
  await expect(replaced.getByText('Disabled')).toBeVisible();
  await toggle.click();
  await expect(replaced.getByText('Disabled')).toBeHidden();

  // Upload an image, in the dialog of 'Upload Image'.
  await chooseInMenu(replaced, 'Upload Image');
  const imageDialog = page.getByRole('dialog', { name: 'Immagine: Navona in breve' });
  await imageDialog
    .getByLabel('Route image')
    .setInputFiles(await pngFile('navona.png', 320, 200, '#e76f51'));
  // The styled picker shows the chosen file's name and a preview.
  await expect(imageDialog.getByText('navona.png')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('file-picker.png') });
  await expectAccessible(page, 'file picker');
  await imageDialog.getByRole('button', { name: 'Upload Image' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Image uploaded successfully!' }),
  ).toBeVisible();
  await imageDialog.getByRole('button', { name: 'Close' }).click();
  await expect(replaced.locator('img')).toHaveAttribute(
    'src',
    /\/files\/route-images\/.+\.png\?v=\d+/,
  );
  await page.screenshot({ path: testInfo.outputPath('routes.png'), fullPage: true });
  await expectAccessible(page);
});

test('an admin adds and deletes a price list row', async ({ page }, testInfo) => {
  forbidNativeDialogs(page);
  await signInAsAdmin(page);
  await page.goto(`/${TENANT.slug}/routes`);
  const card = page.getByRole('article', { name: 'Navona in breve' });
  await chooseInMenu(card, 'Gestione Listini');
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Data inizio').fill('2026-12-01');
  await modal.getByLabel('Data fine').fill('2026-12-31');
  await modal.getByLabel('Costo (€)').fill('12.50');
  await expect(modal.getByLabel('Ora inizio')).toHaveValue('00:00');
  await expect(modal.getByLabel('Ora fine')).toHaveValue('23:59');
  await modal.getByRole('button', { name: 'Aggiungi' }).click();
  await expect(modal.getByText('€ 12,50')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pricing.png'), fullPage: true });
  await expectAccessible(page);
  await modal.getByRole('button', { name: /Elimina la riga/ }).click();
  await answerConfirmation(page, 'Eliminare questa riga di listino?');
  await expect(modal.getByText('Nessuna riga di listino per questa route')).toBeVisible();
});

test('an admin adds a step on the map and reorders it', async ({ page }, testInfo) => {
  forbidNativeDialogs(page);
  await openNavonaSteps(page);

  // With no step selected, a click on the map places a new step there.
  const map = page
    .getByRole('region', { name: 'Route map' })
    .or(page.getByLabel('Route map'))
    .first();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.4);
  await expect(page.getByRole('heading', { name: 'Step 2' })).toBeVisible();
  await page.getByLabel('Place').fill("Sant'Agnese in Agone");
  await page.getByLabel('Task').fill('Contate le finestre della facciata');
  await page.getByLabel('Check type').selectOption('text');
  await page.getByLabel('Answer').fill('12');
  await expectAccessible(page, 'new step');
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Move step 2 up' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Steps saved')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('step-editor.png') });
  await expectAccessible(page);

  const res = await page.request.get(`/api/tenants/${TENANT.slug}/routes`);
  const { routes } = (await res.json()) as { routes: { id: string; title: string }[] };
  const route = routes.find((r) => r.title === 'Navona in breve')!;
  const steps = (await (
    await page.request.get(`/api/tenants/${TENANT.slug}/routes/${route.id}/steps`)
  ).json()) as {
    steps: { ord: number; place: string; check_answer: string | null }[];
  };
  expect(steps.steps.map((s) => [s.ord, s.place, s.check_answer])).toEqual([
    [1, "Sant'Agnese in Agone", '12'],
    [2, 'Piazza Navona', 'NAVONA'],
  ]);
});

test('an admin with unsaved steps is asked before leaving the editor, by a link or by Back', async ({
  page,
}) => {
  await openNavonaSteps(page);
  const editor = page.url();
  await page.getByRole('button', { name: 'Move step 1 down' }).click();

  // Asked in the app's own dialog (the browser's box stays only for closing the tab).
  forbidNativeDialogs(page);
  const question = 'You have unsaved changes. Leave this page anyway?';
  await page.getByRole('link', { name: '← Routes' }).click();
  await answerConfirmation(page, question, false);
  expect(page.url()).toBe(editor);

  await page.goBack();
  await answerConfirmation(page, question, false);
  await expect(page).toHaveURL(editor);
  await expect(page.getByRole('heading', { name: 'Steps: Navona in breve' })).toBeVisible();

  await page.getByRole('link', { name: '← Routes' }).click();
  await answerConfirmation(page, question);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/routes$`));
});
