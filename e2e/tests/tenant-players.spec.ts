import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { createTenant, signInAt, superadminApi } from '../fixtures';

const TENANT = { name: 'Giocatori Delta', admin: 'delta@giocatori.test', password: 'delta-pw-1' };
const SLUG = 'giocatori-delta';
const DESKTOP = { width: 1280, height: 800 };
/** Teams registered before the two the journey looks for: the list needs a second page. */
const EXTRA_TEAMS = 50;

/** Registers a team with the tenant as its phone does: identify by e-mail, then the form. */
async function registerTeam(email: string, teamName: string, address: string): Promise<void> {
  // Each phone its own address behind the proxy, so the per-address limits see separate teams.
  const phone: APIRequestContext = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { 'x-tappa-csrf': '1', 'x-forwarded-for': address },
  });
  const identified = await phone.post(`/api/play/${SLUG}/identify`, { data: { email } });
  expect(identified.ok()).toBe(true);
  const registered = await phone.put(`/api/play/${SLUG}/registration`, {
    multipart: { data: JSON.stringify({ team_name: teamName, team_members: null }) },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await phone.dispose();
}

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Delta srl' })).toBe(true);
  await api.dispose();
  for (let n = 1; n <= EXTRA_TEAMS; n += 1) {
    await registerTeam(`extra${n}@squadre.test`, `Squadra ${n}`, `198.51.100.${n}`);
  }
  await registerTeam('volpi@squadre.test', 'Le Volpi', '198.51.100.201');
  await registerTeam('gufi@squadre.test', '=I Gufi', '198.51.100.202');
});

test('the tenant admin finds a registered team in the Players tab and downloads the CSV', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  await signInAt(page, `/${SLUG}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard$`));
  await page.goto(`/${SLUG}/settings?tab=players`);

  // The newest 50 teams (header row included), then the older ones on 'Load more'.
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(51);
  const volpi = table.getByRole('row').filter({ hasText: 'Le Volpi' });
  await expect(volpi).toContainText('volpi@squadre.test');
  await expect(volpi).toContainText('Registered');
  await page.screenshot({ path: test.info().outputPath('players-tab.png') });
  await page.getByRole('button', { name: 'Carica altri' }).click();
  await expect(table.getByRole('row')).toHaveCount(EXTRA_TEAMS + 3);
  await expect(page.getByRole('button', { name: 'Carica altri' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('players-load-more.png'), fullPage: true });

  const search = page.getByRole('searchbox', { name: 'Cerca giocatori' });
  await search.fill('VOLPI@');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Le Volpi')).toBeVisible();
  await search.fill('nessuno');
  await expect(page.getByText('No players found matching your search')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('players-no-match.png') });
  await search.fill('');
  // Back to the whole list as it was, both pages loaded.
  await expect(table.getByRole('row')).toHaveCount(EXTRA_TEAMS + 3);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${SLUG}-players.csv`);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFTeam Name,Email,Route,Registered At,Game Started\n')).toBe(true);
  expect(csv).toMatch(/\nLe Volpi,volpi@squadre\.test,,"[\d/]+, [\d:]+",No\n/);
  // A team name that looks like a formula stays text in a spreadsheet.
  expect(csv).toContain("\n'=I Gufi,gufi@squadre.test,");
  expect(csv.trimEnd().split('\n')).toHaveLength(EXTRA_TEAMS + 3);
  await context.close();
});
