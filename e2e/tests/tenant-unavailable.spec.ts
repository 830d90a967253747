import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request,
  test,
} from '@playwright/test';
import {
  clientAddress,
  createRouteWithSteps,
  createTenant,
  generateCodes,
  signInAt,
  SUPERADMIN,
  superadminApi,
} from '../fixtures';
import { expectAccessible } from '../accessibility';

// A tenant switched off ('Profilo Attivo') and one past its expiry date provide no services:
// their player pages and public scoreboards say so, the player API refuses, the staff can still
// sign in and read why, and the superadmin's tenants table marks them.

test.describe.configure({ mode: 'serial' });

const ROUTE = { slug: 'giro-chiuso', title: 'Giro chiuso' };
const PLACE = { name: 'Piazza Maggiore', lat: 44.4938, lng: 11.3426 };
const UNAVAILABLE = 'Questo servizio non è al momento disponibile';
const PHONE = { width: 390, height: 844 };

interface ClosedTenant {
  status: 'inactive' | 'expired';
  name: string;
  slug: string;
  admin: string;
  password: string;
  /** The superadmin's change that closes the tenant. */
  change: { is_active: false } | { expiry_date: string };
  badge: string;
  banner: string;
}

const BANNERS = {
  inactive:
    'Questo tenant non è attivo (Profilo Attivo spento): i giocatori non possono registrarsi né giocare, e i dati si possono consultare ma non modificare. Per riattivarlo: Impostazioni, Brand, Profilo Attivo.',
  expired:
    'Il servizio di questo tenant è scaduto: i giocatori non possono registrarsi né giocare, e i dati si possono consultare ma non modificare.',
};

const TENANTS: ClosedTenant[] = [
  {
    status: 'inactive',
    name: 'Fuori Servizio',
    slug: 'fuori-servizio',
    admin: 'admin@fuori-servizio.test',
    password: 'fuori-pw-1',
    change: { is_active: false },
    badge: 'Inactive',
    banner: BANNERS.inactive,
  },
  {
    status: 'expired',
    name: 'Servizio Scaduto',
    slug: 'servizio-scaduto',
    admin: 'admin@servizio-scaduto.test',
    password: 'scaduto-pw-1',
    change: { expiry_date: '2020-01-31' },
    badge: 'Expired',
    banner: BANNERS.expired,
  },
];

/** What each tenant's world holds once closed: the registered team's API and an unused code. */
const worlds = new Map<string, { team: APIRequestContext; code: string; routeId: string }>();

/** A team's API client (its own address, the CSRF header, its player cookie once identified). */
function teamApi(): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { 'x-tappa-csrf': '1', 'x-forwarded-for': clientAddress() },
  });
}

/** The AppError code of a refused answer. */
async function errorCode(response: { json(): Promise<unknown> }): Promise<string | undefined> {
  return ((await response.json()) as { error?: { code?: string } }).error?.code;
}

test.beforeAll(async () => {
  const api = await superadminApi();
  for (const tenant of TENANTS) {
    expect(await createTenant(api, { ...tenant, company: `${tenant.name} srl` })).toBe(true);
    const routeId = await createRouteWithSteps(api, tenant.slug, { ...ROUTE, place: PLACE });
    const [code = ''] = await generateCodes(api, tenant.slug, routeId, 1);

    // While the tenant is open, a team identifies and registers.
    const team = await teamApi();
    const identified = await team.post(`/api/play/${tenant.slug}/identify`, {
      data: { email: `squadra@${tenant.slug}.test` },
    });
    expect(identified.status()).toBe(200);
    const registered = await team.put(`/api/play/${tenant.slug}/registration`, {
      multipart: { data: JSON.stringify({ team_name: 'I Ritardatari', team_members: null }) },
    });
    expect(registered.status()).toBe(200);
    worlds.set(tenant.slug, { team, code, routeId });

    // The superadmin closes it, through the edit form's API.
    const { tenants } = (await (await api.get('/api/platform/tenants')).json()) as {
      tenants: { id: string; slug: string }[];
    };
    const id = tenants.find((row) => row.slug === tenant.slug)?.id ?? '';
    const detail = (await (await api.get(`/api/platform/tenants/${id}`)).json()) as object;
    const updated = await api.put(`/api/platform/tenants/${id}`, {
      multipart: { data: JSON.stringify({ ...detail, ...tenant.change, admin_password: null }) },
    });
    expect(updated.status()).toBe(200);
  }
  await api.dispose();
});

test.afterAll(async () => {
  for (const { team } of worlds.values()) await team.dispose();
});

/** Expects the one 'not available' page: the tenant's name, why, and nothing to fill in. */
async function expectUnavailablePage(page: Page, tenant: ClosedTenant) {
  const message = page.getByRole('alert');
  await expect(message.getByRole('heading', { level: 1, name: tenant.name })).toBeVisible();
  await expect(message).toContainText(UNAVAILABLE);
  await expect(page.locator('form, input, textarea, select')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
}

/** A phone carrying the cookie of the team that registered before the tenant closed. */
async function teamPhone(browser: Browser, team: APIRequestContext) {
  return browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    storageState: await team.storageState(),
  });
}

for (const tenant of TENANTS) {
  test(`an ${tenant.status} tenant: players and scoreboards are turned away, its admin sees why`, async ({
    browser,
  }, testInfo) => {
    const world = worlds.get(tenant.slug);
    if (!world) throw new Error(`no world for ${tenant.slug}`);
    const { slug } = tenant;

    // The player pages, on a phone new here and on the registered team's phone.
    for (const phone of [
      await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true }),
      await teamPhone(browser, world.team),
    ]) {
      const page = await phone.newPage();
      for (const path of [
        `/${slug}/start`,
        `/${slug}/gioco`,
        `/${slug}/select-route`,
        `/${slug}/${ROUTE.slug}/details`,
        `/${slug}/${ROUTE.slug}/details?code=${world.code}`,
        `/${slug}/game/scoreboard?route=${ROUTE.slug}`,
      ]) {
        await page.goto(path);
        await expectUnavailablePage(page, tenant);
        expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
      }
      await page.screenshot({ path: testInfo.outputPath(`${tenant.status}-phone.png`) });
      await expectAccessible(page);
      await phone.close();
    }

    // The big screen, on the projector.
    const projector = await (
      await browser.newContext({ viewport: { width: 1920, height: 1080 } })
    ).newPage();
    await projector.goto(`/${slug}/classifica?route=${ROUTE.slug}`);
    await expectUnavailablePage(projector, tenant);
    await expect(projector.getByText('In diretta')).toHaveCount(0);
    await projector.screenshot({ path: testInfo.outputPath(`${tenant.status}-big-screen.png`) });
    await expectAccessible(projector);
    await projector.context().close();

    // The player API refuses. A player request may reuse the tenant read in the last 5 s
    // (decision 0011): wait until the team's profile read is refused before trying to write.
    const { team, code } = world;
    const newcomer = await teamApi();
    await expect.poll(async () => (await team.get(`/api/play/${slug}/me`)).status()).toBe(403);
    const refusals = [
      await team.post(`/api/play/${slug}/routes/${ROUTE.slug}/redeem`, { data: { code } }),
      await team.post(`/api/play/${slug}/routes/${ROUTE.slug}/start`),
      await team.put(`/api/play/${slug}/registration`, {
        multipart: { data: JSON.stringify({ team_name: 'Nuovo nome', team_members: null }) },
      }),
      await newcomer.post(`/api/play/${slug}/identify`, { data: { email: `nuova@${slug}.test` } }),
      await newcomer.get(`/api/public/tenants/${slug}/scoreboard?route=${ROUTE.slug}`),
    ];
    for (const refused of refusals) {
      expect(refused.status(), refused.url()).toBe(403);
      expect(await errorCode(refused), refused.url()).toBe('tenant_unavailable');
    }
    await newcomer.dispose();

    // The tenant's admin still signs in, and the banner says why players are turned away.
    const desk = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await signInAt(desk, `/${slug}/login`, tenant.admin, tenant.password);
    await expect(desk).toHaveURL(new RegExp(`/${slug}/dashboard$`));
    await expect(desk.getByRole('status').filter({ hasText: tenant.banner })).toBeVisible();
    const other = tenant.status === 'inactive' ? BANNERS.expired : BANNERS.inactive;
    await expect(desk.getByText(other)).toHaveCount(0);
    // The refused code is still unused, and the admin may read the codes but not add any.
    await desk.getByRole('link', { name: 'Codici Accesso' }).click();
    await expect(desk.getByText('Codici disponibili (1)')).toBeVisible();
    await expect(desk.getByRole('cell', { name: code, exact: true })).toBeVisible();
    const added = await desk.request.post(
      `/api/tenants/${slug}/routes/${world.routeId}/access-codes`,
      { data: { count: 1 }, headers: { 'x-tappa-csrf': '1' } },
    );
    expect(added.status()).toBe(403);
    expect(await errorCode(added)).toBe('tenant_read_only');
    await desk.screenshot({ path: testInfo.outputPath(`${tenant.status}-admin.png`) });
    await expectAccessible(desk);
    await desk.context().close();
  });
}

test("the superadmin's tenants table marks the inactive and the expired tenant", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAt(page, '/login', SUPERADMIN.email, SUPERADMIN.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/superadmin');
  const table = page.getByRole('region', { name: 'Tenants' });
  const rowOf = (slug: string) =>
    table.getByRole('row').filter({ has: page.getByRole('cell', { name: slug, exact: true }) });
  for (const tenant of TENANTS) {
    await expect(rowOf(tenant.slug).locator('.sa-tenant-status')).toHaveText(tenant.badge);
  }
  await expect(rowOf('demo').locator('.sa-tenant-status')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('tenants-table.png') });
  await expectAccessible(page);
});
