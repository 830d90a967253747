import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, tenants } from '../src/db/schema';
import { routeFields } from './helpers/forms';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';

type Who =
  | 'anonymous'
  | 'inactive'
  | 'player'
  | 'otherTenantAdmin'
  | 'gameManager'
  | 'tenantAdmin'
  | 'superadmin';

describe(`the server guard on ${TEST_DB}`, () => {
  let t: TestApp;
  let slug: string;
  let tenantId: string;
  let routeId: string;
  const cookies = new Map<Who, string | null>();

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const other = await makeTenant(db);
    slug = tenant.slug;
    tenantId = tenant.id;
    const [route] = await rawDb(db)
      .insert(routes)
      .values({ tenant_id: tenant.id, slug: 'giro', title: 'Giro' })
      .returning();
    routeId = route!.id;
    const people: [Who, Parameters<typeof makeUser>[1]][] = [
      ['inactive', { role: 'tenant_admin', tenantId: tenant.id, isActive: false }],
      ['player', { role: 'player', tenantId: tenant.id }],
      ['otherTenantAdmin', { role: 'tenant_admin', tenantId: other.id }],
      ['gameManager', { role: 'game_manager', tenantId: tenant.id }],
      ['tenantAdmin', { role: 'tenant_admin', tenantId: tenant.id }],
      ['superadmin', { role: 'superadmin' }],
    ];
    cookies.set('anonymous', null);
    for (const [who, opts] of people) {
      const user = await makeUser(db, opts);
      cookies.set(who, await signIn(t.app, user.email, user.password));
    }
  });
  afterAll(() => t.close());

  // Expected status per caller: the guard of doc 1 §2/§6 with game managers per ARCHITECTURE §4.
  const platform = {
    anonymous: 401,
    inactive: 403,
    player: 403,
    otherTenantAdmin: 403,
    gameManager: 403,
    tenantAdmin: 403,
    superadmin: 200,
  };
  const tenantArea = {
    anonymous: 401,
    inactive: 403,
    player: 404,
    otherTenantAdmin: 404,
    gameManager: 200,
    tenantAdmin: 200,
    superadmin: 200,
  };
  const endpoints: [
    string,
    () => { method: 'GET' | 'DELETE'; url: string },
    Record<Who, number>,
  ][] = [
    ['list tenants', () => ({ method: 'GET', url: '/api/platform/tenants' }), platform],
    [
      'read a tenant',
      () => ({ method: 'GET', url: `/api/platform/tenants/${tenantId}` }),
      platform,
    ],
    [
      'tenant dashboard',
      () => ({ method: 'GET', url: `/api/tenants/${slug}/dashboard` }),
      tenantArea,
    ],
  ];

  for (const [name, request, expected] of endpoints) {
    it(`${name}: refuses and admits exactly the roles the guard names`, async () => {
      const got: Record<string, number> = {};
      for (const who of Object.keys(expected) as Who[]) {
        got[who] = (await call(t.app, cookies.get(who) ?? null, request())).statusCode;
      }
      expect(got).toEqual(expected);
    });
  }

  it('refuses tenant writes to everyone but the superadmin, before reading the form', async () => {
    for (const who of ['anonymous', 'inactive', 'tenantAdmin', 'gameManager'] as const) {
      const del = await call(t.app, cookies.get(who) ?? null, {
        method: 'DELETE',
        url: `/api/platform/tenants/${tenantId}`,
      });
      expect(del.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
      const put = await call(t.app, cookies.get(who) ?? null, {
        method: 'PUT',
        url: `/api/platform/tenants/${tenantId}`,
        payload: {},
      });
      expect(put.statusCode, who).toBe(who === 'anonymous' ? 401 : 403);
    }
    const post = await call(t.app, cookies.get('tenantAdmin') ?? null, {
      method: 'POST',
      url: '/api/platform/tenants',
      payload: {},
    });
    expect(post.statusCode).toBe(403);
  });

  it("refuses route writes to players and other tenants' admins with 404, and admits staff", async () => {
    const writes = () => [
      {
        method: 'POST' as const,
        url: `/api/tenants/${slug}/routes`,
        payload: {
          title: 'X',
          slug: null,
          description: null,
          access_type: 'free',
          route_type: 'progressive',
          geolocation_enabled: true,
          time_limit_enabled: false,
          time_limit_hours: 0,
          time_limit_minutes: 0,
          date_start: null,
          date_end: null,
        },
      },
      {
        method: 'PATCH' as const,
        url: `/api/tenants/${slug}/routes/${routeId}/active`,
        payload: { is_active: true },
      },
      {
        method: 'PUT' as const,
        url: `/api/tenants/${slug}/routes/${routeId}/steps`,
        payload: { steps: [] },
      },
      {
        method: 'POST' as const,
        url: `/api/tenants/${slug}/routes/import`,
        payload: { json: '{"id":"imp","title":"Imp","steps":[]}' },
      },
      {
        method: 'POST' as const,
        url: `/api/tenants/${slug}/routes/${routeId}/pricing`,
        payload: {
          date_from: '2026-01-01',
          time_from: '00:00',
          date_to: '2026-01-02',
          time_to: '23:59',
          cost_euro: 5,
          discount_code: null,
          discount_type: 'percentage',
          discount_percentage: null,
          discount_price: null,
        },
      },
      { method: 'DELETE' as const, url: `/api/tenants/${slug}/routes/${routeId}/scoreboard` },
    ];
    for (const who of ['player', 'otherTenantAdmin'] as const) {
      for (const request of writes()) {
        expect(
          (await call(t.app, cookies.get(who) ?? null, request)).statusCode,
          `${who} ${request.method} ${request.url}`,
        ).toBe(404);
      }
    }
    for (const request of writes()) {
      expect(
        (await call(t.app, cookies.get('gameManager') ?? null, request)).statusCode,
        request.url,
      ).toBeLessThan(300);
    }
    const daily = (who: Who) =>
      call(t.app, cookies.get(who) ?? null, {
        method: 'POST',
        url: `/api/tenants/${slug}/scoreboard/daily-reset`,
      });
    expect((await daily('tenantAdmin')).statusCode).toBe(403);
    expect((await daily('superadmin')).json()).toEqual({ entries_affected: 0 });
  });

  it('answers a foreign or unknown tenant with the same 404', async () => {
    const foreign = await call(t.app, cookies.get('otherTenantAdmin') ?? null, {
      method: 'GET',
      url: `/api/tenants/${slug}/dashboard`,
    });
    const unknown = await call(t.app, cookies.get('otherTenantAdmin') ?? null, {
      method: 'GET',
      url: '/api/tenants/no-such-tenant/dashboard',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
  });

  it('tells an inactive account so', async () => {
    const res = await call(t.app, cookies.get('inactive') ?? null, {
      method: 'GET',
      url: `/api/tenants/${slug}/dashboard`,
    });
    expect(res.json()).toEqual({
      error: { code: 'account_inactive', params: {}, message: 'Account inactive' },
    });
  });
});

describe(`the staff of an unavailable tenant on ${TEST_DB}`, () => {
  let t: TestApp;
  // 2026-05-16 in the tenants' time zone.
  const clock = new ManualClock();
  let superCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    superCookie = await signIn(t.app, superadmin.email, superadmin.password);
  });
  afterAll(() => t.close());

  /** A tenant with a route, its admin and its game manager signed in. */
  async function staffedTenant(values: Partial<typeof tenants.$inferInsert>) {
    const db = t.database.db;
    const tenant = await makeTenant(db, values);
    const [route] = await rawDb(db)
      .insert(routes)
      .values({ tenant_id: tenant.id, slug: 'giro', title: 'Giro', access_type: 'code' })
      .returning();
    const staff: string[] = [];
    for (const role of ['tenant_admin', 'game_manager'] as const) {
      const user = await makeUser(db, { role, tenantId: tenant.id });
      staff.push(await signIn(t.app, user.email, user.password));
    }
    const base = `/api/tenants/${tenant.slug}`;
    const reads = [`${base}/dashboard`, `${base}/routes`, `${base}/routes/${route!.id}/steps`];
    const writes = () => [
      { method: 'POST' as const, url: `${base}/routes`, payload: routeFields() },
      {
        method: 'PATCH' as const,
        url: `${base}/routes/${route!.id}/active`,
        payload: { is_active: false },
      },
      {
        method: 'POST' as const,
        url: `${base}/routes/${route!.id}/access-codes`,
        payload: { count: 2 },
      },
      { method: 'DELETE' as const, url: `${base}/routes/${route!.id}` },
    ];
    const tenantRoutes = () =>
      rawDb(db).select().from(routes).where(eq(routes.tenant_id, tenant.id));
    return { tenant, staff, reads, writes, tenantRoutes };
  }

  const cases: [string, Partial<typeof tenants.$inferInsert>][] = [
    ['inactive', { is_active: false }],
    ['past its expiry date', { expiry_date: '2026-05-15' }],
  ];
  for (const [why, values] of cases) {
    it(`lets the staff of a tenant ${why} read but not write; the superadmin keeps everything`, async () => {
      const { tenant, staff, reads, writes, tenantRoutes } = await staffedTenant(values);
      const before = await tenantRoutes();
      for (const cookie of staff) {
        for (const url of reads) {
          expect((await call(t.app, cookie, { method: 'GET', url })).statusCode, url).toBe(200);
        }
        for (const request of writes()) {
          const res = await call(t.app, cookie, request);
          expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
          expect(res.json()).toMatchObject({ error: { code: 'tenant_read_only' } });
        }
      }
      expect(await tenantRoutes()).toEqual(before);

      for (const request of writes()) {
        const res = await call(t.app, superCookie, request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(300);
      }
      // Back in service, its staff may write again.
      await rawDb(t.database.db)
        .update(tenants)
        .set({ is_active: true, expiry_date: '2026-05-16' })
        .where(eq(tenants.id, tenant.id));
      const created = await call(t.app, staff[1]!, {
        method: 'POST',
        url: `/api/tenants/${tenant.slug}/routes`,
        payload: routeFields({ title: 'Di nuovo' }),
      });
      expect(created.statusCode, created.body).toBe(201);
    });
  }
});
