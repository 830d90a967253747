import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';

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
  const cookies = new Map<Who, string | null>();

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const other = await makeTenant(db);
    slug = tenant.slug;
    tenantId = tenant.id;
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
      error: { code: 'forbidden', message: 'Your account is inactive' },
    });
  });
});
