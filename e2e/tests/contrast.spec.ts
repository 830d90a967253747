import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../accessibility';
import {
  createRouteWithSteps,
  createTenant,
  signInAt,
  SUPERADMIN,
  superadminApi,
} from '../fixtures';
import { newPhone } from '../phone';

// Brand colours of any tenant reach WCAG AA (decision 0040): a light and a dark brand, checked by
// axe-core on the player pages at phone size and on the tenant's admin pages at desktop size.

const BRANDS = [
  {
    slug: 'giallo-sole',
    // The buttons keep the yellow and take near-black text.
    fill: 'rgb(250, 204, 21)',
    name: 'Giallo Sole',
    colors: { primary_color: '#FACC15', secondary_color: '#FDE68A' },
  },
  {
    slug: 'notte-blu',
    fill: 'rgb(30, 58, 138)',
    name: 'Notte Blu',
    colors: { primary_color: '#1E3A8A', secondary_color: '#312E81' },
  },
];
const PASSWORD = 'contrast-pw-1';

test.beforeAll(async () => {
  const api = await superadminApi();
  for (const brand of BRANDS) {
    const admin = `admin@${brand.slug}.test`;
    const created = { name: brand.name, admin, password: PASSWORD, company: `${brand.name} srl` };
    expect(await createTenant(api, { ...created, colors: brand.colors })).toBe(true);
    await createRouteWithSteps(api, brand.slug, {
      slug: 'giro',
      title: 'Il giro',
      place: { name: 'Pantheon', lat: 41.898614, lng: 12.476869 },
    });
  }
  await api.dispose();
});

test('axe finds a white label on the default blue, the contrast this issue fixes', async ({
  page,
}) => {
  await page.setContent(
    '<main><h1>Prova</h1><button style="color:#fff;background:#3B82F6">Avanti</button></main>',
  );
  const failure = await expectAccessible(page).then(
    () => '',
    (error: unknown) => String(error),
  );
  expect(failure).toContain('serious color-contrast');
});

test('axe fails a journey on a moderate finding too: a page without a main landmark', async ({
  page,
}) => {
  await page.setContent(
    '<html lang="it"><head><title>Prova</title></head><body><h1>Prova</h1><p>Testo</p></body></html>',
  );
  const failure = await expectAccessible(page).then(
    () => '',
    (error: unknown) => String(error),
  );
  expect(failure).toContain('moderate landmark-one-main');
});

test("axe checks that a control's name holds its visible text (label in name)", async ({
  page,
}) => {
  await page.setContent(
    '<html lang="it"><head><title>Prova</title></head><body><main><h1>Prova</h1>' +
      '<button aria-label="Scegli foto.png">foto.png Immagine</button></main></body></html>',
  );
  const failure = await expectAccessible(page).then(
    () => '',
    (error: unknown) => String(error),
  );
  expect(failure).toContain('label-content-name-mismatch');
});

for (const brand of BRANDS) {
  test(`the ${brand.colors.primary_color} brand reads well on the player pages`, async ({
    browser,
  }) => {
    const { context, page } = await newPhone(browser);
    await page.goto(`/${brand.slug}/start`);
    await expect(page.getByLabel('Email della squadra')).toBeVisible();
    const register = page.getByRole('button', { name: 'Registrati' });
    await expect(register).toHaveCSS('background-color', brand.fill);
    await expectAccessible(page);
    await page.getByLabel('Email della squadra').fill(`squadra@${brand.slug}.test`);
    await register.click();
    await expect(page.getByText('Benvenuto!')).toBeVisible();
    await expectAccessible(page, 'team name');
    await page.getByLabel('Nome della squadra').fill('I Contrasti');
    await page.getByRole('button', { name: 'Continua' }).click();
    await expect(page.getByRole('button', { name: 'Il giro' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Il giro' }).click();
    await expect(page.getByRole('button', { name: 'Seleziona questo percorso' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Seleziona questo percorso' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'code dialog');
    await context.close();
  });

  test(`the ${brand.colors.primary_color} brand reads well on the admin pages`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page: Page = await context.newPage();
    await page.goto(`/${brand.slug}/login`);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectAccessible(page);
    await signInAt(page, `/${brand.slug}/login`, `admin@${brand.slug}.test`, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/${brand.slug}/dashboard$`));
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/${brand.slug}/routes`);
    await expect(page.getByText('Il giro')).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/${brand.slug}/settings`);
    await expect(page.getByRole('tab', { name: 'Brand' })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
    await context.close();
  });
}

test("the superadmin's pages, the global media library with its notice showing", async ({
  page,
}) => {
  await signInAt(page, '/login', SUPERADMIN.email, SUPERADMIN.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/superadmin');
  await expect(page.getByRole('button', { name: 'New Tenant' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/superadmin/media');
  await page.getByRole('button', { name: 'New Folder' }).click();
  await expectAccessible(page, 'new folder dialog');
  await page.getByLabel('Nome della cartella').fill('Contrasti');
  await page.getByRole('button', { name: 'Crea', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Avvisi' })).toBeVisible();
  await expectAccessible(page, 'notice');
});
