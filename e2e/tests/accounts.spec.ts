import { expect, test } from '@playwright/test';
import { outboxLinks, signInAt, SUPERADMIN } from '../fixtures';
import { expectAccessible } from '../accessibility';

const TENANT = {
  name: 'Avventure Urbane',
  slug: 'avventure-urbane',
  admin: 'capo@avventure.test',
  password: 'capo-pass-1',
};

test.describe.configure({ mode: 'serial' });

test('the superadmin creates a tenant whose admin then signs in to its dashboard', async ({
  page,
}, testInfo) => {
  await signInAt(page, '/login', SUPERADMIN.email, SUPERADMIN.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: /Superadmin/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Tappa Demo/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home-superadmin.png'), fullPage: true });
  await expectAccessible(page);

  await page.goto('/superadmin');
  await page.getByRole('button', { name: 'New Tenant' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(TENANT.name);
  await dialog.getByLabel('Company name').fill('Avventure srl');
  await dialog.getByLabel('Admin e-mail').fill(TENANT.admin);
  await dialog.getByLabel('Admin password').fill(TENANT.password);
  await expect(dialog.getByText(`/${TENANT.slug}`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('new-tenant.png'), fullPage: true });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Tenant' }).click();
  await expect(page.getByText('Tenant creato con successo!')).toBeVisible();
  await expect(page.getByRole('cell', { name: TENANT.slug, exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('superadmin.png'), fullPage: true });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInAt(page, `/${TENANT.slug}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/dashboard$`));
  await expect(page.getByText('Area Utente')).toBeVisible();
  for (const card of ['Routes Create', 'Giocatori Totali', 'Giocatori Attivi']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('ultimi 7 giorni')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('tenant-dashboard.png'), fullPage: true });
  await expectAccessible(page);
});

test("an admin of one tenant is refused at another tenant's login and signed out", async ({
  page,
}) => {
  await signInAt(page, '/demo/login', TENANT.admin, TENANT.password);
  await expect(page.getByText('You do not have access to this tenant')).toBeVisible();
  const session = await page.request.get('/api/session');
  expect(session.status()).toBe(401);
});

test('an anonymous visit to a tenant page lands on that tenant login', async ({ page }) => {
  await page.goto(`/${TENANT.slug}/routes`);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/login$`));
  await expect(page.getByText(TENANT.name).first()).toBeVisible();
  await expect(page).toHaveTitle(`${TENANT.name} - Login`);
  await expectAccessible(page, 'refused');
});

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  await page.goto('/login');
  await page
    .getByRole('button', { name: 'Forgot password?' })
    .or(page.getByRole('link', { name: 'Forgot password?' }))
    .click();
  const dialog = page.getByRole('dialog');
  await expectAccessible(page, 'forgot password dialog');
  await dialog.getByLabel('Email').fill(TENANT.admin);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5000 });

  await expect
    .poll(async () => (await outboxLinks(TENANT.admin, '/reset-password?token=')).length)
    .toBe(1);
  const [link] = await outboxLinks(TENANT.admin, '/reset-password?token=');
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByLabel('New password')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password').fill('nuova-pass-2');
  await page.getByLabel('Confirm password').fill('nuova-pass-2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await signInAt(page, '/login', TENANT.admin, 'nuova-pass-2');
  await expect(page).toHaveURL(/\/home$/);
});
