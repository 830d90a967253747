import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  answerConfirmation,
  createTenant,
  forbidNativeDialogs,
  signInAt,
  superadminApi,
  SUPERADMIN,
} from '../fixtures';
import { expectAccessible } from '../accessibility';

const ALFA = { name: 'Ruoli Alfa', admin: 'alfa@ruoli.test', password: 'alfa-pw-1' };
const BETA = { name: 'Ruoli Beta', admin: 'beta@ruoli.test', password: 'beta-pw-1' };
const GAMMA = { name: 'Ruoli Gamma', admin: 'gamma@ruoli.test', password: 'gamma-pw-1' };
const BETA_SLUG = 'ruoli-beta';
/** Where the screenshots of this journey go for review. */
const SHOTS = '/work/shots/roles';
const DESKTOP = { width: 1280, height: 800 };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const api = await superadminApi();
  for (const tenant of [ALFA, BETA, GAMMA]) {
    expect(await createTenant(api, { ...tenant, company: `${tenant.name} srl` })).toBe(true);
  }
  await api.dispose();
});

/** A browser of its own signed in at `/login`, so that two people use the app side by side. */
async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInAt(page, '/login', email, password);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

test("a role in another tenant puts it on the admin's home and opens its dashboard; removing it closes it", async ({
  browser,
}) => {
  const superadmin = await signedIn(browser, SUPERADMIN.email, SUPERADMIN.password);
  await superadmin.goto('/superadmin');
  await superadmin.getByRole('button', { name: `Roles of ${BETA.name}` }).click();
  const dialog = superadmin.getByRole('dialog', { name: `Roles: ${BETA.name}` });
  await expect(dialog.getByText('No accounts with a role in this tenant')).toBeVisible();
  await dialog.getByLabel('Account e-mail').fill(ALFA.admin);
  await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Manager' });
  await dialog.getByRole('button', { name: 'Add role' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Role saved');
  const row = dialog.getByRole('row').filter({ hasText: ALFA.admin });
  await expect(row.locator('.role-badge')).toHaveText('Manager');
  await superadmin.screenshot({ path: `${SHOTS}/roles-modal.png` });
  await expectAccessible(superadmin);

  const admin = await signedIn(browser, ALFA.admin, ALFA.password);
  await expect(admin.getByRole('heading', { name: 'Select a Tenant' })).toBeVisible();
  const alfa = admin.getByRole('link', { name: new RegExp(ALFA.name) });
  const beta = admin.getByRole('link', { name: new RegExp(BETA.name) });
  await expect(alfa.locator('.role-badge')).toHaveText('Admin');
  await expect(beta.locator('.role-badge')).toHaveText('Manager');
  await admin.screenshot({ path: `${SHOTS}/select-a-tenant.png` });
  await expectAccessible(admin);
  await beta.click();
  await expect(admin).toHaveURL(new RegExp(`/${BETA_SLUG}/dashboard$`));
  await expect(admin.getByText('Area Utente')).toBeVisible();
  await expect(admin.getByText('Giocatori Totali', { exact: true })).toBeVisible();

  forbidNativeDialogs(superadmin);
  await row.getByRole('button', { name: `Remove the role of ${ALFA.admin}` }).click();
  await answerConfirmation(
    superadmin,
    `Remove the role of "${ALFA.admin}" in "${BETA.name}"? The account no longer enters this tenant.`,
  );
  await expect(dialog.getByRole('status')).toHaveText('Role removed');
  await expect(dialog.getByText('No accounts with a role in this tenant')).toBeVisible();

  // The admin's next request finds the tenant closed: the API refuses it, the page sends it home.
  expect((await admin.request.get(`/api/tenants/${BETA_SLUG}/dashboard`)).status()).toBe(404);
  await admin.goto(`/${BETA_SLUG}/dashboard`);
  await expect(admin).toHaveURL(/\/home$/);
  await expect(admin.getByRole('heading', { name: 'Select a Tenant' })).toHaveCount(0);
});

test('a deleted tenant leaves its admin an orphan, whom the superadmin then deletes', async ({
  browser,
}) => {
  const superadmin = await signedIn(browser, SUPERADMIN.email, SUPERADMIN.password);
  forbidNativeDialogs(superadmin);
  await superadmin.goto('/superadmin');
  await superadmin.getByRole('button', { name: `Delete tenant ${GAMMA.name}` }).click();
  await answerConfirmation(superadmin, new RegExp(GAMMA.name));
  await expect(superadmin.getByRole('cell', { name: GAMMA.name, exact: true })).toHaveCount(0);

  await superadmin.getByRole('button', { name: 'Orphan Users' }).click();
  const panel = superadmin.getByRole('region', { name: 'Orphan Users' });
  const row = panel.getByRole('row').filter({ hasText: GAMMA.admin });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await superadmin.screenshot({ path: `${SHOTS}/orphan-users.png` });
  await expectAccessible(superadmin);

  const orphan = await signedIn(browser, GAMMA.admin, GAMMA.password);
  await expect(
    orphan.getByText('No tenant assigned. Please contact an administrator.'),
  ).toBeVisible();
  await orphan.screenshot({ path: `${SHOTS}/orphan-home.png` });
  await expectAccessible(orphan);

  await row.getByRole('button', { name: `Delete user ${GAMMA.admin}` }).click();
  await answerConfirmation(
    superadmin,
    `Delete the user "${GAMMA.admin}"? The account cannot sign in any more.`,
  );
  await expect(superadmin.getByText('User deleted successfully!')).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: GAMMA.admin })).toHaveCount(0);
  // The account is gone: its session ended and it cannot sign in again.
  expect((await orphan.request.get('/api/session')).status()).toBe(401);
  await signInAt(orphan, '/login', GAMMA.admin, GAMMA.password);
  await expect(orphan.getByText('Invalid email or password')).toBeVisible();
});
