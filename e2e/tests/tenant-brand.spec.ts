import { expect, test } from '@playwright/test';
import { createTenant, pngFile, superadminApi, tenantAdminPage } from '../fixtures';
import { expectAccessible } from '../accessibility';

const TENANT = { name: 'Brand Beta', admin: 'admin@brand-beta.test', password: 'beta-pw-1' };
const SLUG = 'brand-beta';
const NEW_SLUG = 'beta-quest';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Brand Beta srl' })).toBe(true);
  await api.dispose();
});

test('a tenant admin brands the tenant, players see it, and a new slug keeps old links', async ({
  browser,
}) => {
  const admin = await tenantAdminPage(browser, SLUG, {
    email: TENANT.admin,
    password: TENANT.password,
  });
  await admin.goto(`/${SLUG}/settings`);
  const panel = admin.getByRole('tabpanel');
  /** Saves the Brand tab and waits until the form starts afresh from what the server stored. */
  const save = async () => {
    const saved = admin.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/brand'),
    );
    await panel.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect(panel.getByRole('button', { name: 'Save' })).toBeEnabled();
    await expect(admin.getByText('Tenant aggiornato con successo!')).toBeVisible();
  };
  await expect(admin.getByRole('tab', { name: 'Brand' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByLabel('Name', { exact: true })).toHaveValue(TENANT.name);
  await expect(panel.getByLabel('Expiry date')).toHaveAttribute('readonly', '');

  // The payoff in rich text: a bold word, then plain text.
  const payoff = panel.getByRole('textbox', { name: 'Payoff' });
  await payoff.click();
  await panel.getByRole('button', { name: 'Bold' }).first().click();
  await admin.keyboard.type('Roma');
  await panel.getByRole('button', { name: 'Bold' }).first().click();
  await admin.keyboard.type(' da scoprire');
  await expect(panel.getByRole('button', { name: 'Bold' }).first()).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  const description = panel.getByRole('textbox', { name: 'Description' });
  await description.click();
  await admin.keyboard.press('ControlOrMeta+A');
  await admin.keyboard.press('Delete');
  await panel.getByRole('button', { name: 'Italic' }).nth(1).click();
  await admin.keyboard.type('Una caccia al tesoro');
  await panel.getByLabel('City').fill('Roma');
  await panel
    .getByLabel('Brand logo')
    .setInputFiles(await pngFile('brand.png', 120, 120, '#7C3AED'));
  await panel
    .getByLabel('Footer logo')
    .setInputFiles(await pngFile('footer.png', 250, 40, '#111827'));
  await admin.screenshot({ path: test.info().outputPath('brand-tab.png'), fullPage: true });
  await expectAccessible(admin);
  await save();
  await expect(panel.getByRole('img', { name: 'Current Brand logo' })).toBeVisible();

  // A player's phone shows the brand logo, the payoff and the description.
  const phone = await browser.newContext(PHONE);
  const player = await phone.newPage();
  await player.goto(`/${SLUG}/start`);
  await expect(player.locator('.tenant-intro__payoff strong')).toHaveText('Roma');
  await expect(player.locator('.tenant-intro__payoff')).toHaveText('Roma da scoprire');
  await expect(player.locator('.tenant-intro__description')).toHaveText('Una caccia al tesoro');
  await expect(player.locator('.tenant-intro__description em')).toHaveText('Una caccia al tesoro');
  await expect(player.getByRole('img', { name: /Brand Beta/ })).toHaveAttribute(
    'src',
    /\/brand-assets\/[\w-]+\/brand-logo-\w+\.png$/,
  );
  await player.screenshot({ path: test.info().outputPath('player-start-branded.png') });
  await expectAccessible(player);

  // 'Profilo Attivo' off: the players are turned away; the admin switches it back on.
  await panel.getByLabel('Profilo Attivo').uncheck();
  await save();
  await expect(
    admin.getByRole('status').filter({ hasText: 'Profilo Attivo spento' }),
  ).toBeVisible();
  // The player pages read the tenant's status afresh on each load.
  await player.reload();
  await expect(player.getByText('Questo servizio non è al momento disponibile')).toBeVisible();
  await panel.getByLabel('Profilo Attivo').check();
  await save();

  // A new slug: the page moves to the new address, and the old one still leads there.
  await panel.getByLabel('Slug').fill(NEW_SLUG);
  await save();
  await expect(admin).toHaveURL(new RegExp(`/${NEW_SLUG}/settings\\?tab=brand$`));
  await expect(admin.getByRole('tabpanel').getByLabel('Slug')).toHaveValue(NEW_SLUG);
  await player.goto(`/${SLUG}/start`);
  await expect(player).toHaveURL(new RegExp(`/${NEW_SLUG}/start$`));
  await expect(player.locator('.tenant-intro__payoff strong')).toHaveText('Roma');
  await admin.context().close();
  await phone.close();
});
