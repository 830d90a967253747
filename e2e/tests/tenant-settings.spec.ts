import { type Browser, expect, test } from '@playwright/test';
import {
  answerConfirmation,
  createTenant,
  forbidNativeDialogs,
  signInAt,
  superadminApi,
  tenantAdminPage,
} from '../fixtures';
import { expectAccessible } from '../accessibility';

const TENANT = { name: 'Staff Alfa', admin: 'admin@staff-alfa.test', password: 'alfa-pw-1' };
const SLUG = 'staff-alfa';
const MANAGER = { email: 'marta@staff-alfa.test', name: 'Marta', password: 'marta-pw-1' };
const DESKTOP = { width: 1280, height: 800 };

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Staff Alfa srl' })).toBe(true);
  await api.dispose();
});

/** A browser of its own signed in at the tenant's login, landing on its dashboard. */
const signedIn = (browser: Browser, email: string, password: string) =>
  tenantAdminPage(browser, SLUG, { email, password });

test('a tenant admin adds a game manager, edits, deactivates and removes them', async ({
  browser,
}) => {
  const admin = await signedIn(browser, TENANT.admin, TENANT.password);
  await admin.getByRole('link', { name: 'Impostazioni' }).click();
  await expect(admin).toHaveTitle(`Impostazioni - ${TENANT.name}`);
  await admin.getByRole('tab', { name: 'Admin Users' }).click();
  await expect(admin).toHaveURL(new RegExp(`/${SLUG}/settings\\?tab=admin-users$`));
  const panel = admin.getByRole('tabpanel');
  const adminRow = panel.getByRole('row').filter({ hasText: TENANT.admin });
  await expect(adminRow.locator('.role-badge')).toHaveText('Admin');

  await panel.getByRole('button', { name: 'Aggiungi admin' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Nuovo admin' });
  await dialog.getByLabel('E-mail').fill(MANAGER.email);
  await dialog.getByLabel('Nome').fill(MANAGER.name);
  await dialog.getByLabel('Password').fill(MANAGER.password);
  await dialog.getByRole('radio', { name: 'Manager' }).check();
  await admin.screenshot({ path: test.info().outputPath('add-admin-dialog.png') });
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
  await expect(admin.getByText('Admin aggiunto con successo!')).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: MANAGER.email });
  await expect(row.locator('.role-badge')).toHaveText('Manager');
  await expect(row.getByText('Attivo', { exact: true })).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('admin-users-tab.png') });
  await expectAccessible(admin);

  // A reload keeps the tab the URL names.
  await admin.reload();
  await expect(admin.getByRole('tab', { name: 'Admin Users' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // The new manager signs in at the tenant login and reads the tab without write controls.
  const manager = await signedIn(browser, MANAGER.email, MANAGER.password);
  await manager.goto(`/${SLUG}/settings?tab=admin-users`);
  await expect(manager.getByRole('row').filter({ hasText: TENANT.admin })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Aggiungi admin' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: `Rimuovi ${TENANT.admin}` })).toHaveCount(0);
  // The tenant's Stripe account is for its admins: a game manager has no Payments tab.
  await expect(manager.getByRole('tab', { name: 'Pagamenti' })).toHaveCount(0);
  await manager.screenshot({ path: test.info().outputPath('admin-users-manager-view.png') });
  await expectAccessible(manager);

  // Edit: a new name; then the active checkbox off.
  await row.getByRole('button', { name: `Modifica ${MANAGER.email}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Modifica admin' });
  await edit.getByLabel('Nome').fill('Marta Rossi');
  await expectAccessible(admin, 'edit dialog');
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByText('Admin aggiornato con successo!')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Marta Rossi' })).toBeVisible();
  await row.getByRole('button', { name: `Modifica ${MANAGER.email}` }).click();
  await edit.getByRole('checkbox', { name: 'Attivo' }).uncheck();
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(row.getByText('Non attivo', { exact: true })).toBeVisible();

  // Deactivated: the session ended, and signing in again is refused.
  expect((await manager.request.get(`/api/tenants/${SLUG}/dashboard`)).status()).toBe(401);
  const refused = await browser.newPage({ viewport: DESKTOP });
  await signInAt(refused, `/${SLUG}/login`, MANAGER.email, MANAGER.password);
  await expect(refused.getByRole('heading', { name: 'Your account is inactive' })).toBeVisible();
  await expect(refused.getByText('Giocatori Totali')).toHaveCount(0);
  expect((await refused.request.get(`/api/tenants/${SLUG}/dashboard`)).status()).toBe(403);

  // Removed after a confirmation: the row is gone.
  forbidNativeDialogs(admin);
  await row.getByRole('button', { name: `Rimuovi ${MANAGER.email}` }).click();
  await answerConfirmation(admin, `Rimuovere ${MANAGER.email} dagli admin di questo tenant?`);
  await expect(admin.getByText('Admin rimosso')).toBeVisible();
  await expect(panel.getByRole('row').filter({ hasText: MANAGER.email })).toHaveCount(0);

  // The last admin cannot remove themselves: the server's reason is shown.
  await adminRow.getByRole('button', { name: `Rimuovi ${TENANT.admin}` }).click();
  await answerConfirmation(admin, `Rimuovere ${TENANT.admin} dagli admin di questo tenant?`);
  await expect(panel.getByRole('alert')).toHaveText(
    'Non puoi disattivare né eliminare il tuo account',
  );
});

test('a tenant admin connects Stripe test keys, sees the webhook to set up, then disconnects', async ({
  browser,
}) => {
  const admin = await signedIn(browser, TENANT.admin, TENANT.password);
  await admin.goto(`/${SLUG}/settings`);
  await admin.getByRole('tab', { name: 'Pagamenti' }).click();
  await expect(admin).toHaveURL(new RegExp(`/${SLUG}/settings\\?tab=payments$`));
  const panel = admin.getByRole('tabpanel');
  await expect(panel.getByText('Non collegato')).toBeVisible();

  await panel.getByLabel('Chiave segreta').fill('sk_test_51E2eTappaKeyFor4242');
  await panel.getByLabel('Segreto di firma del webhook').fill('whsec_E2eTappaSigning0001');
  await panel.getByRole('button', { name: 'Collega Stripe' }).click();
  await expect(admin.getByText('Account Stripe collegato!')).toBeVisible();
  await expect(panel.getByText('Collegato (test)')).toBeVisible();
  await expect(panel.getByText('Chiave: sk_test_…4242')).toBeVisible();
  await expect(panel.getByLabel('Chiave segreta')).toHaveValue('');
  await expect(panel.getByLabel('URL del webhook')).toHaveValue(
    /\/api\/payments\/stripe\/webhook\/[0-9a-f-]{36}$/,
  );
  await expect(panel.getByText('checkout.session.async_payment_failed')).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('payments-tab.png'), fullPage: true });
  await expectAccessible(admin);

  // A reload reads the connection from the server; the secrets are never sent back.
  await admin.reload();
  await expect(panel.getByText('Collegato (test)')).toBeVisible();
  const settings = await admin.request.get(`/api/tenants/${SLUG}/payment-settings`);
  expect(await settings.text()).not.toContain('E2eTappa');

  forbidNativeDialogs(admin);
  await panel.getByRole('button', { name: 'Scollega Stripe' }).click();
  await answerConfirmation(
    admin,
    "Scollegare l'account Stripe? Le squadre non potranno pagare le route a pagamento finché non lo colleghi di nuovo.",
  );
  await expect(admin.getByText('Account Stripe scollegato')).toBeVisible();
  await expect(panel.getByText('Non collegato')).toBeVisible();
});
