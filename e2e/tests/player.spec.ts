import { type Browser, expect, type Page, test } from '@playwright/test';
import { outboxLinks as linksInOutbox } from '../../apps/server/test/helpers/outbox';
import { createRouteWithSteps, generateCodes, superadminApi } from '../fixtures';
import { GAME_URL } from '../phone';
import { startServer } from '../server';
import { expectAccessible } from '../accessibility';

const ROUTE_TITLE = 'Roma: il cuore del centro storico';

test.describe.configure({ mode: 'serial' });

async function registerTeam(page: Page, email: string, teamName: string, base = '') {
  await page.goto(`${base}/demo/start`);
  await page.getByLabel('Email della squadra').fill(email);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText('Benvenuto!')).toBeVisible();
  await page.getByLabel('Nome della squadra').fill(teamName);
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page).toHaveURL(/\/demo\/select-route$/);
}

async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test('a new team registers, opens the demo route and starts it', async ({ page }, testInfo) => {
  await page.goto('/demo/start');
  await expect(page).toHaveTitle('Tappa Demo - Registrazione');
  await page.screenshot({ path: testInfo.outputPath('1-start.png') });
  await expectAccessible(page);
  await registerTeam(page, 'lupi@squadre.test', 'I Lupi');
  await expect(page.getByRole('button', { name: ROUTE_TITLE })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('2-select-route.png') });
  await expectAccessible(page);

  await page.getByRole('button', { name: ROUTE_TITLE }).click();
  await expect(page).toHaveURL(/\/demo\/roma-centro-storico\/details$/);
  await expect(page.getByText('254 Valutazioni')).toBeVisible();
  await expect(page.getByText('Italiano')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('3-details.png'), fullPage: true });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Seleziona questo percorso' }).click();
  await expect(page).toHaveURL(GAME_URL);
  const { routes } = (await (await page.request.get('/api/play/demo/routes')).json()) as {
    routes: {
      slug: string;
      in_progress: { game_id: string; done: number; total: number } | null;
    }[];
  };
  const progress = routes.find((r) => r.slug === 'roma-centro-storico')?.in_progress;
  expect(progress).toMatchObject({ done: 0, total: 6 });
  expect(page.url()).toContain(progress!.game_id);
  await expect(page.getByText('Step 1 di 6')).toBeVisible();
  await expect(page.getByText('Team: I Lupi')).toBeVisible();
  await expect(page.getByText('In quale anno fu completata la Fontana di Trevi?')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('4-gameplay.png') });
  await expectAccessible(page);
});

test('a returning team is greeted back with its paused game', async ({
  page,
  browser,
}, testInfo) => {
  await registerTeam(page, 'aquile@squadre.test', 'Le Aquile');
  const started = await page.request.post('/api/play/demo/routes/roma-centro-storico/start', {
    headers: { 'x-tappa-csrf': '1' },
  });
  const { game_id } = (await started.json()) as { game_id: string };
  expect(
    (
      await page.request.post(`/api/play/demo/games/${game_id}/pause`, {
        headers: { 'x-tappa-csrf': '1' },
      })
    ).status(),
  ).toBe(204);

  const phone = await newPhone(browser);
  await phone.goto('/demo/start');
  await phone.getByLabel('Email della squadra').fill('aquile@squadre.test');
  await phone.getByRole('button', { name: 'Recupera i tuoi dati' }).click();
  await expect(phone.getByText('Bentornato!')).toBeVisible();
  await expect(phone.getByText(ROUTE_TITLE)).toBeVisible();
  await expect(phone.getByLabel('Nome della squadra')).toHaveValue('Le Aquile');
  await phone.screenshot({ path: testInfo.outputPath('returning.png'), fullPage: true });
  await expectAccessible(phone);
  await phone.getByRole('button', { name: 'Riprendi' }).click();
  await expect(phone).toHaveURL(new RegExp(`game=${game_id}$`));
});

test("select-route says 'Not Available' for a route outside its dates and lists the paused game", async ({
  page,
}, testInfo) => {
  // A route that ended in 2020, imported by the organisers.
  const admin = await superadminApi();
  const imported = await admin.post('/api/tenants/demo/routes/import', {
    data: {
      json: JSON.stringify({
        id: 'finito',
        title: 'Percorso finito',
        date_end: '2020-01-31T20:00:00Z',
        steps: [
          {
            place: 'Pantheon',
            lat: 41.898614,
            lng: 12.476869,
            radius_m: 50,
            task: 'Foto',
            check_type: 'photo',
          },
        ],
      }),
    },
  });
  expect(imported.ok()).toBe(true);
  const { route } = (await imported.json()) as { route: { id: string } };
  try {
    await notAvailableAndPaused(page, testInfo.outputPath('select-route-unavailable.png'));
  } finally {
    // The other journeys share the demo tenant: the ended route goes away again.
    expect((await admin.delete(`/api/tenants/demo/routes/${route.id}`)).ok()).toBe(true);
    await admin.dispose();
  }
});

/** The team's select-route with the ended route and the game it stopped on the demo route. */
async function notAvailableAndPaused(page: Page, screenshotPath: string) {
  // A team of its own: the game it leaves on the demo route must not meet another journey's team.
  await registerTeam(page, 'interrotti@squadre.test', 'Gli Interrotti');
  const ended = page.getByRole('listitem').filter({ hasText: 'Percorso finito' });
  await expect(ended.getByText('Not Available')).toBeVisible();
  await expect(ended.getByRole('button', { name: 'Percorso finito' })).toBeDisabled();
  // Opened by its address, the details page refuses the choice too.
  await page.goto('/demo/finito/details');
  await expect(page.getByText('Not Available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Seleziona questo percorso' })).toBeDisabled();
  await expectAccessible(page, 'not available');

  // A game stopped on the demo route is listed under 'Giochi Interrotti' and resumes.
  const started = await page.request.post('/api/play/demo/routes/roma-centro-storico/start', {
    headers: { 'x-tappa-csrf': '1' },
  });
  const { game_id } = (await started.json()) as { game_id: string };
  const paused = await page.request.post(`/api/play/demo/games/${game_id}/pause`, {
    headers: { 'x-tappa-csrf': '1' },
  });
  expect(paused.status()).toBe(204);
  await page.goto('/demo/select-route');
  const interrupted = page.getByRole('region', { name: 'Giochi Interrotti' });
  await expect(interrupted.getByText(ROUTE_TITLE)).toBeVisible();
  await page.screenshot({ path: screenshotPath, fullPage: true });
  await expectAccessible(page);
  await interrupted.getByRole('button', { name: 'Riprendi' }).click();
  await expect(page).toHaveURL(new RegExp(`game=${game_id}$`));
}

test('a code route accepts a fresh code once and refuses it to the next team', async ({
  page,
  browser,
}, testInfo) => {
  const admin = await superadminApi();
  const routeId = await createRouteWithSteps(admin, 'demo', {
    slug: 'con-codice',
    title: 'Con codice',
    place: { name: 'Pantheon', lat: 41.898614, lng: 12.476869 },
    geolocation: true,
  });
  const [code = ''] = await generateCodes(admin, 'demo', routeId, 1);
  await admin.dispose();

  const useCode = async (phone: Page, email: string, team: string) => {
    await registerTeam(phone, email, team);
    await phone.goto('/demo/con-codice/details');
    await phone.getByRole('button', { name: 'Seleziona questo percorso' }).click();
    const modal = phone.getByRole('dialog');
    const verify = modal.getByRole('button', { name: 'Verifica' });
    await modal.getByLabel('Codice').fill(code.slice(0, 7));
    await expect(verify).toBeDisabled();
    await modal.getByLabel('Codice').fill(code);
    await expect(verify).toBeEnabled();
    await verify.click();
    return modal;
  };

  await useCode(page, 'primi@squadre.test', 'I Primi');
  await expect(page).toHaveURL(/\/demo\/gioco\/step\?route=con-codice&game=/);

  const second = await newPhone(browser);
  const modal = await useCode(second, 'secondi@squadre.test', 'I Secondi');
  await expect(modal.getByText('Questo codice è già stato utilizzato')).toBeVisible();
  await second.screenshot({ path: testInfo.outputPath('code-used.png') });
  await expectAccessible(second);
});

test('with mail configured, the e-mailed link verifies the team and brings it back', async ({
  browser,
}, testInfo) => {
  // A second server of its own starts first (migrations, seed): it takes most of a test's time,
  // 36 s with the machine busy (load average 7): the runner's guard, not a measure.
  test.setTimeout(120_000);
  const server = await startServer({
    env: { MAIL_TRANSPORT: 'outbox' },
    logName: 'server-mail.log',
  });
  try {
    const phone = await newPhone(browser);
    await phone.goto(`${server.baseUrl}/demo/start`);
    await phone.getByLabel('Email della squadra').fill('verifica@squadre.test');
    await phone.getByRole('button', { name: 'Registrati' }).click();
    await expect(phone.getByText('Controlla la tua email')).toBeVisible();
    await phone.screenshot({ path: testInfo.outputPath('verification-sent.png') });
    await expectAccessible(phone);
    const linksSent = () =>
      linksInOutbox(server.dataDir, 'verifica@squadre.test', '/verify-email?token=');
    await expect.poll(async () => (await linksSent()).length).toBe(1);

    // The mail did not arrive: 'Invia di nuovo l'email' sends a second link, the newest works.
    await phone.getByRole('button', { name: "Invia di nuovo l'email" }).click();
    await expect(
      phone.getByText(
        'Ti abbiamo inviato un nuovo link a verifica@squadre.test. Apri il più recente.',
      ),
    ).toBeVisible();
    await phone.screenshot({ path: testInfo.outputPath('verification-resent.png') });
    await expectAccessible(phone);
    await expect.poll(async () => (await linksSent()).length).toBe(2);
    const link = (await linksSent())[1];
    const url = new URL(link!);
    await phone.goto(`${server.baseUrl}${url.pathname}${url.search}`);
    await expect(phone.getByText('Email verificata!')).toBeVisible();
    await expectAccessible(phone);
    await expect(phone).toHaveURL(/\/demo\/start\?verified_email=verifica%40squadre\.test$/, {
      timeout: 5000,
    });
    await expect(phone.getByText('Benvenuto!')).toBeVisible();
  } finally {
    await server.stop();
  }
});
