import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import {
  answerConfirmation,
  createTenant,
  forbidNativeDialogs,
  signInAt,
  superadminApi,
} from '../fixtures';
import { expectAccessible } from '../accessibility';

const TENANT = { name: 'Giocatori Delta', admin: 'delta@giocatori.test', password: 'delta-pw-1' };
const SLUG = 'giocatori-delta';
const DESKTOP = { width: 1280, height: 800 };
/** Teams registered before the two the journey looks for: the list needs a second page. */
const EXTRA_TEAMS = 50;

/** A route with a text step and a photo step, for the team whose detail is opened. */
const PHOTO_ROUTE = 'giro-foto';
const FONTANA = { lat: 43.7731, lng: 11.2556 };
const PONTE = { lat: 43.768, lng: 11.2531 };

/** Draws a 160×120 picture in the page and answers it as base64 JPEG, as a camera would give. */
const DRAW_JPEG = `(() => {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 120;
  const draw = canvas.getContext('2d');
  draw.fillStyle = '#1d4ed8';
  draw.fillRect(0, 0, 160, 120);
  draw.fillStyle = '#facc15';
  draw.fillRect(40, 30, 80, 60);
  return canvas.toDataURL('image/jpeg').split(',')[1];
})()`;

/**
 * A team's phone, registered with the tenant as a phone does it: identify by e-mail, then the
 * form. The caller disposes of it.
 */
async function teamPhone(
  email: string,
  teamName: string,
  address: string,
): Promise<APIRequestContext> {
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
  return phone;
}

/** Registers a team with the tenant as its phone does. */
async function registerTeam(email: string, teamName: string, address: string): Promise<void> {
  await (await teamPhone(email, teamName, address)).dispose();
}

/**
 * A team plays the photo route through the API as its phone would: a wrong answer, the right one,
 * then the photo (`jpeg`) and its step.
 */
async function playPhotoRoute(email: string, teamName: string, jpeg: Buffer): Promise<void> {
  const phone = await teamPhone(email, teamName, '198.51.100.203');
  const play = `/api/play/${SLUG}`;
  const started = await phone.post(`${play}/routes/${PHOTO_ROUTE}/start`);
  expect(started.ok(), await started.text()).toBe(true);
  const { game_id: gameId } = (await started.json()) as { game_id: string };
  const state = (await (await phone.get(`${play}/games/${gameId}`)).json()) as {
    steps: { id: string }[];
  };
  const [fontana, ponte] = state.steps.map((step) => step.id);
  const submit = async (stepId: string | undefined, at: typeof FONTANA, answer: string | null) => {
    const res = await phone.post(`${play}/games/${gameId}/steps/${stepId}/submit`, {
      data: {
        submission_id: randomUUID(),
        answer,
        position: { ...at, accuracy_m: 5 },
        heading_deg: null,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { outcome: string }).outcome;
  };
  expect(await submit(fontana, FONTANA, '3')).toBe('wrong');
  expect(await submit(fontana, FONTANA, '4')).toBe('correct');
  const uploaded = await phone.post(`${play}/games/${gameId}/steps/${ponte}/photo`, {
    multipart: { photo: { name: 'ponte.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  expect(await submit(ponte, PONTE, null)).toBe('correct');
  await phone.dispose();
}

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Delta srl' })).toBe(true);
  const step = { radius_m: 50, task: 'Guarda bene' };
  const imported = await api.post(`/api/tenants/${SLUG}/routes/import`, {
    data: {
      json: JSON.stringify({
        id: PHOTO_ROUTE,
        title: 'Giro Foto',
        steps: [
          { ord: 1, place: 'Fontana', ...FONTANA, ...step, check_type: 'text', check_answer: '4' },
          { ord: 2, place: 'Ponte Vecchio', ...PONTE, ...step, check_type: 'photo' },
        ],
      }),
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
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
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Carica altri' }).click();
  await expect(table.getByRole('row')).toHaveCount(EXTRA_TEAMS + 3);
  await expect(page.getByRole('button', { name: 'Carica altri' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('players-load-more.png'), fullPage: true });
  await expectAccessible(page);

  const search = page.getByRole('searchbox', { name: 'Cerca giocatori' });
  await search.fill('VOLPI@');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Le Volpi')).toBeVisible();
  await search.fill('nessuno');
  await expect(page.getByText('No players found matching your search')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('players-no-match.png') });
  await expectAccessible(page);
  await search.fill('');
  // Back to the whole list as it was, both pages loaded.
  await expect(table.getByRole('row')).toHaveCount(EXTRA_TEAMS + 3);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${SLUG}-players.csv`);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFTeam Name,Email,Route,Registered At,Game Started,Time Zone\n')).toBe(
    true,
  );
  // Registered on the tenant's clock, its zone named in the last column (decision 0067).
  expect(csv).toMatch(/\nLe Volpi,volpi@squadre\.test,,"[\d/]+, [\d:]+",No,Europe\/Rome\n/);
  // A team name that looks like a formula stays text in a spreadsheet.
  expect(csv).toContain("\n'=I Gufi,gufi@squadre.test,");
  expect(csv.trimEnd().split('\n')).toHaveLength(EXTRA_TEAMS + 3);
  await context.close();
});

test('the tenant admin opens a team that played, sees its photo, and erases its data', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInAt(page, `/${SLUG}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard$`));
  // The team's photo: a small JPEG drawn by the browser.
  const jpeg = Buffer.from(await page.evaluate<string>(DRAW_JPEG), 'base64');
  await playPhotoRoute('fotografe@squadre.test', 'Le Fotografe', jpeg);

  // The public big screen lists the team; it must drop it by itself after the erasure.
  const screen = await context.newPage();
  await screen.goto(`/${SLUG}/classifica`);
  await expect(screen.getByText('Le Fotografe').first()).toBeVisible();

  await page.goto(`/${SLUG}/settings?tab=players`);
  await page.getByRole('searchbox', { name: 'Cerca giocatori' }).fill('fotografe');
  await page.getByRole('button', { name: 'Apri Le Fotografe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Squadra: Le Fotografe' });
  await expect(dialog.getByText('fotografe@squadre.test')).toBeVisible();
  const game = dialog.getByRole('region', { name: 'Giro Foto' });
  await expect(game.getByText('Completata')).toBeVisible();
  // The game's steps, then its points ledger: every point with its step and kind.
  const [steps, ledger] = [game.getByRole('table').first(), game.getByRole('table').nth(1)];
  const rows = steps.getByRole('row');
  await expect(rows.filter({ hasText: 'Fontana' })).toContainText('2Corretto');
  await expect(rows.filter({ hasText: 'Ponte Vecchio' })).toContainText('1Corretto');
  await expect(game.getByRole('heading', { name: 'Registro dei punti' })).toBeVisible();
  await expect(ledger.getByRole('row').filter({ hasText: '1. Fontana' })).toContainText(
    'Risposta giusta',
  );
  // The private photo loads with the admin's session.
  const photo = game.getByRole('img', { name: 'Foto di Ponte Vecchio' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveJSProperty('naturalWidth', 160);
  await page.screenshot({ path: test.info().outputPath('team-detail.png') });
  await expectAccessible(page);

  forbidNativeDialogs(page);
  await dialog.getByRole('button', { name: 'Cancella i dati della squadra' }).click();
  await answerConfirmation(page, /Le Fotografe \(fotografe@squadre\.test\)/);
  await expect(page.getByText('I dati della squadra sono stati cancellati')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('No players found matching your search')).toBeVisible();
  // The big screen drops the team by push, without a reload.
  await expect(screen.getByText('Le Fotografe')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Cerca giocatori' }).fill('');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(51);
  await context.close();
});
