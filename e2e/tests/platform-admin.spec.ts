import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  SMTP2GO_REFUSED,
  type Smtp2goStub,
  startSmtp2goStub,
} from '../../apps/server/test/helpers/smtp2go-stub';
import { answerConfirmation, forbidNativeDialogs, signInAt, SUPERADMIN } from '../fixtures';
import { type RunningServer, startServer } from '../server';
import { expectAccessible } from '../accessibility';

// These journeys run against their own server, with SMTP2GO pointed at a local stand-in: saved
// mail settings would otherwise send every other spec's mail to the real provider instead of the
// outbox they read, and the extra superadmin and sign-ins stay out of the shared server.
let server: RunningServer;
let smtp2go: Smtp2goStub;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A second server's start (migrations, seed) may take up to its own 60 s on a busy machine.
  test.setTimeout(90_000);
  smtp2go = await startSmtp2goStub();
  server = await startServer({
    env: { SMTP2GO_API_URL: smtp2go.url },
    logName: 'server-platform-admin.log',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp2go?.close();
});

/** A page in a browser context of its own (its own cookies), on this spec's server. */
async function newDesktop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

/** Signs in as the e2e superadmin and opens one panel of the dashboard. */
async function openPanel(page: Page, panel: 'Manage Users' | 'Settings' | 'Audit Log' | 'Backup') {
  await signInAt(page, '/login', SUPERADMIN.email, SUPERADMIN.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/superadmin');
  await page.getByRole('button', { name: panel }).click();
  return page.getByRole('region', { name: panel });
}

const SECOND = { email: 'seconda@tappa.test', password: 'seconda-pw-1', name: 'Seconda Admin' };

test('Manage Users: create, edit, deactivate (its session ends), reactivate and delete', async ({
  browser,
}, testInfo) => {
  const page = await newDesktop(browser);
  forbidNativeDialogs(page);
  const panel = await openPanel(page, 'Manage Users');
  const row = (email: string) => panel.getByRole('row').filter({ hasText: email });
  await expect(row(SUPERADMIN.email)).toBeVisible();

  // The superadmin cannot deactivate themselves: the server's refusal is shown.
  await panel.getByRole('button', { name: `Active: deactivate ${SUPERADMIN.email}` }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Non puoi disattivare né eliminare il tuo account',
  );
  await expect(row(SUPERADMIN.email).getByRole('button', { name: /deactivate/ })).toHaveText(
    'Active',
  );

  await panel.getByRole('button', { name: 'New User' }).click();
  const create = page.getByRole('dialog', { name: 'New Superadmin User' });
  await create.getByLabel('E-mail').fill(SECOND.email);
  await create.getByLabel('Password').fill(SECOND.password);
  await page.screenshot({ path: testInfo.outputPath('user-dialog.png') });
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Superadmin user created successfully!')).toBeVisible();
  await expect(row(SECOND.email)).toBeVisible();

  await panel.getByRole('button', { name: `Edit user ${SECOND.email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Superadmin User' });
  await expect(edit.getByLabel('E-mail')).toHaveValue(SECOND.email);
  await expect(edit.getByLabel('E-mail')).not.toBeEditable();
  await edit.getByLabel('Display name').fill(SECOND.name);
  await expectAccessible(page, 'edit dialog');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(row(SECOND.email).getByRole('cell', { name: SECOND.name })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('manage-users.png') });
  await expectAccessible(page);

  // The new superadmin signs in, in a browser of its own.
  const second = await newDesktop(browser);
  await signInAt(second, '/login', SECOND.email, SECOND.password);
  await expect(second).toHaveURL(/\/home$/);
  await second.goto('/superadmin');
  await expect(second.getByRole('button', { name: 'Manage Users' })).toBeVisible();

  // Deactivated: its session ends at once, and signing in again meets 'Your account is inactive'.
  await panel.getByRole('button', { name: `Active: deactivate ${SECOND.email}` }).click();
  await expect(
    panel.getByRole('button', { name: `Inactive: activate ${SECOND.email}` }),
  ).toHaveText('Inactive');
  expect((await second.request.get('/api/session')).status()).toBe(401);
  await second.goto('/superadmin');
  await expect(second).toHaveURL(/\/login$/);
  await signInAt(second, '/login', SECOND.email, SECOND.password);
  await expect(second.getByText('Your account is inactive')).toBeVisible();

  await panel.getByRole('button', { name: `Inactive: activate ${SECOND.email}` }).click();
  await expect(
    panel.getByRole('button', { name: `Active: deactivate ${SECOND.email}` }),
  ).toBeVisible();

  await panel.getByRole('button', { name: `Delete user ${SECOND.email}` }).click();
  await answerConfirmation(
    page,
    `Delete the superadmin user "${SECOND.email}"? This cannot be undone.`,
  );
  await expect(page.getByText('User deleted successfully!')).toBeVisible();
  await expect(row(SECOND.email)).toHaveCount(0);
});

test('Settings: the key is saved and shown only masked; test e-mails succeed or show why not', async ({
  browser,
}, testInfo) => {
  const KEY = 'api-e2e0secret0key0wxyz';
  const page = await newDesktop(browser);
  let panel = await openPanel(page, 'Settings');
  await panel.getByLabel('API key').fill(KEY);
  await panel.getByLabel('Sender e-mail').fill('noreply@tappa.test');
  await panel.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  panel = page.getByRole('region', { name: 'Settings' });
  await expect(panel.getByLabel('API key')).toHaveAttribute('placeholder', 'Saved key: ••••wxyz');
  await expect(panel.getByLabel('API key')).toHaveValue('');
  await expect(panel.getByLabel('Sender e-mail')).toHaveValue('noreply@tappa.test');
  expect(await page.content()).not.toContain(KEY);

  await panel.getByLabel('Recipient').fill('prova@tappa.test');
  await panel.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Test email sent successfully! Inviata con SMTP2GO.')).toBeVisible();
  expect(smtp2go.calls.map((call) => [call.apiKey, call.body.sender, call.body.to])).toEqual([
    [KEY, 'noreply@tappa.test', ['prova@tappa.test']],
  ]);
  await page.screenshot({ path: testInfo.outputPath('settings.png') });
  await expectAccessible(page);

  await panel.getByLabel('Recipient').fill(SMTP2GO_REFUSED);
  await panel.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Failed to send test email: SMTP2GO rejected the message (HTTP 400): Sender not verified',
  );
});

test('Audit Log: the changes above, newest first, with who made them and from where', async ({
  browser,
}, testInfo) => {
  const page = await newDesktop(browser);
  const panel = await openPanel(page, 'Audit Log');
  const rows = panel.getByRole('row').filter({ has: page.getByRole('cell') });
  // Newest first: the settings saved last, then the second superadmin's story backwards.
  await expect(rows.first()).toContainText('E-mail settings saved');
  await expect(rows.first()).toContainText(SUPERADMIN.email);
  // The browser's own address, as the trusted proxy forwards it (`clientAddress` in fixtures).
  await expect(rows.first()).toContainText(/10\.\d+\.\d+\.\d+/);
  const story = rows.filter({ hasText: SECOND.email });
  await expect(story.getByRole('cell', { name: /^Superadmin / })).toHaveText([
    'Superadmin deleted',
    'Superadmin activated',
    'Superadmin deactivated',
    'Superadmin edited',
    'Superadmin created',
  ]);
  await expect(story.nth(3)).toContainText('fields: display_name');
  await page.screenshot({ path: testInfo.outputPath('audit-log.png') });
  await expectAccessible(page);

  // In a narrow window the table scrolls sideways: its box is a named region the keyboard reaches.
  await page.setViewportSize({ width: 700, height: 800 });
  const box = page.getByRole('region', { name: 'Tabella: Audit Log' });
  await expect(box).toHaveAttribute('tabindex', '0');
  await box.focus();
  await expect(box).toBeFocused();
  await expectAccessible(page, 'narrow, the table scrolling');
});

test('Backup: write one now, download it after the password is given again, delete it', async ({
  browser,
}, testInfo) => {
  const page = await newDesktop(browser);
  forbidNativeDialogs(page);
  const panel = await openPanel(page, 'Backup');
  await expect(panel).toContainText(
    'A backup is written every day at 03:00 UTC; the last 14 are kept.',
  );
  await panel.getByRole('button', { name: 'Back up now' }).click();
  // The new archive is listed (its 'Backup written' notice lasts 3 s: too short to wait for).
  const row = panel.getByRole('row').filter({ hasText: /tappa-backup-/ });
  await expect(row).toHaveCount(1);
  const name = (await row.locator('code').textContent()) ?? '';
  await page.screenshot({ path: testInfo.outputPath('backup.png') });
  await expectAccessible(page);

  // The archive holds personal data: the password again, a wrong one refused.
  await row.getByRole('button', { name: `Download ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Download a backup' });
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password errata');
  await page.screenshot({ path: testInfo.outputPath('backup-password.png') });
  await expectAccessible(page, 'the password dialog');
  await dialog.getByLabel('Password').fill(SUPERADMIN.password);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(name);
  const bytes = await readFile(await saved.path());
  // A gzipped archive (the restore drill reads such files back: backup.test.ts).
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  await expect(dialog).toHaveCount(0);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await answerConfirmation(page, `Delete the backup "${name}"? This cannot be undone.`);
  await expect(panel.getByText('No backups yet')).toBeVisible();
});
