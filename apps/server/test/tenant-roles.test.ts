import type { AuditLogPage, SessionResponse, TenantRole } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTenantRoles } from '../src/db/schema';
import { grantTenantRole } from '../src/modules/users/tenant-roles.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';

/** An error answer. */
interface ErrorBody {
  error: { code: string; params: object };
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe(`roles across tenants on ${TEST_DB}`, () => {
  let t: TestApp;
  let superCookie: string;
  let superEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    const me = await makeUser(t.database.db, { role: 'superadmin' });
    superEmail = me.email;
    superCookie = await signIn(t.app, me.email, me.password);
  });
  afterAll(() => t.close());

  const rolesUrl = (tenantId: string) => `/api/platform/tenants/${tenantId}/roles`;
  const grant = (tenantId: string, payload: object, cookie = superCookie) =>
    call(t.app, cookie, { method: 'POST', url: rolesUrl(tenantId), payload });
  const removeRole = (tenantId: string, userId: string) =>
    call(t.app, superCookie, { method: 'DELETE', url: `${rolesUrl(tenantId)}/${userId}` });
  const listRoles = async (tenantId: string) => {
    const res = await call(t.app, superCookie, { method: 'GET', url: rolesUrl(tenantId) });
    expect(res.statusCode).toBe(200);
    return res.json<{ roles: TenantRole[] }>().roles;
  };
  const tenantsOf = async (cookie: string) => {
    const res = await call(t.app, cookie, { method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    return res
      .json<SessionResponse>()
      .tenants.map((x) => [x.slug, x.role])
      .sort();
  };
  const dashboard = async (cookie: string, slug: string) =>
    (await call(t.app, cookie, { method: 'GET', url: `/api/tenants/${slug}/dashboard` }))
      .statusCode;
  const newestAudit = async () => {
    const res = await call(t.app, superCookie, { method: 'GET', url: '/api/platform/audit-log' });
    return res.json<AuditLogPage>().entries[0];
  };
  const roleRows = (userId: string) =>
    rawDb(t.database.db).select().from(userTenantRoles).where(eq(userTenantRoles.user_id, userId));

  /** The admin of tenant A, signed in, and tenant B where it has no role yet. */
  async function adminOfA() {
    const db = t.database.db;
    const a = await makeTenant(db);
    const b = await makeTenant(db);
    const admin = await makeUser(db, { role: 'tenant_admin', tenantId: a.id });
    const cookie = await signIn(t.app, admin.email, admin.password);
    return { a, b, admin, cookie };
  }

  it('a granted role opens the tenant at once; a removed one closes it at the next request', async () => {
    const { a, b, admin, cookie } = await adminOfA();
    expect(await dashboard(cookie, b.slug)).toBe(404);

    const res = await grant(b.id, { email: admin.email.toUpperCase(), role: 'game_manager' });
    expect(res.statusCode).toBe(200);
    const [granted, ...others] = res.json<{ roles: TenantRole[] }>().roles;
    expect(others).toEqual([]);
    expect(granted).toMatchObject({
      user_id: admin.userId,
      email: admin.email,
      display_name: null,
      role: 'game_manager',
      is_active: true,
    });
    expect(Date.parse(granted?.created_at ?? '')).not.toBeNaN();
    const audited = { target_id: admin.userId, target_label: admin.email };
    expect(await newestAudit()).toMatchObject({
      action: 'tenant_role.grant',
      actor_email: superEmail,
      details: { tenant: b.name, role: 'game_manager' },
      ...audited,
    });
    // The session opened before the grant sees it on its next request.
    expect(await tenantsOf(cookie)).toEqual(
      [
        [a.slug, 'tenant_admin'],
        [b.slug, 'game_manager'],
      ].sort(),
    );
    expect(await dashboard(cookie, b.slug)).toBe(200);

    // Granting again is the same request retried: nothing changes.
    const before = await fingerprint(t.database.db);
    expect((await grant(b.id, { email: admin.email, role: 'game_manager' })).statusCode).toBe(200);
    expect(await fingerprint(t.database.db)).toBe(before);

    // Another role replaces the role: still one row.
    expect((await grant(b.id, { email: admin.email, role: 'tenant_admin' })).statusCode).toBe(200);
    expect(await newestAudit()).toMatchObject({
      action: 'tenant_role.change',
      details: { tenant: b.name, role: 'tenant_admin', previous_role: 'game_manager' },
      ...audited,
    });
    expect((await roleRows(admin.userId)).map((r) => [r.tenant_id, r.role])).toEqual([
      [b.id, 'tenant_admin'],
    ]);
    expect((await listRoles(b.id)).map((r) => r.role)).toEqual(['tenant_admin']);

    const removed = await removeRole(b.id, admin.userId);
    expect(removed.statusCode).toBe(204);
    expect(await newestAudit()).toMatchObject({
      action: 'tenant_role.remove',
      details: { tenant: b.name, role: 'tenant_admin' },
      ...audited,
    });
    expect(await roleRows(admin.userId)).toEqual([]);
    expect(await listRoles(b.id)).toEqual([]);
    expect(await dashboard(cookie, b.slug)).toBe(404);
    expect(await tenantsOf(cookie)).toEqual([[a.slug, 'tenant_admin']]);
    expect(await dashboard(cookie, a.slug)).toBe(200);

    // Removing it again changes nothing.
    const before2 = await fingerprint(t.database.db);
    expect((await removeRole(b.id, admin.userId)).statusCode).toBe(204);
    expect(await fingerprint(t.database.db)).toBe(before2);
  });

  it('a role in one tenant opens no other tenant, and goes with its tenant', async () => {
    const { a, b, admin, cookie } = await adminOfA();
    const c = await makeTenant(t.database.db);
    expect((await grant(b.id, { email: admin.email, role: 'tenant_admin' })).statusCode).toBe(200);
    expect(await dashboard(cookie, b.slug)).toBe(200);
    expect(await dashboard(cookie, c.slug)).toBe(404);
    expect(await listRoles(c.id)).toEqual([]);

    const deleted = await call(t.app, superCookie, {
      method: 'DELETE',
      url: `/api/platform/tenants/${b.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await roleRows(admin.userId)).toEqual([]);
    expect(await tenantsOf(cookie)).toEqual([[a.slug, 'tenant_admin']]);
  });

  it('an orphan given a role is no orphan any more', async () => {
    const b = await makeTenant(t.database.db);
    const orphan = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: null });
    const orphans = async () =>
      (await call(t.app, superCookie, { method: 'GET', url: '/api/platform/orphan-users' }))
        .json<{ users: { id: string }[] }>()
        .users.map((u) => u.id);
    expect(await orphans()).toContain(orphan.userId);
    expect((await grant(b.id, { email: orphan.email, role: 'game_manager' })).statusCode).toBe(200);
    expect(await orphans()).not.toContain(orphan.userId);
    const cookie = await signIn(t.app, orphan.email, orphan.password);
    expect(await tenantsOf(cookie)).toEqual([[b.slug, 'game_manager']]);
    expect(await dashboard(cookie, b.slug)).toBe(200);
  });

  it('refuses bad requests with a clear error and changes nothing', async () => {
    const { a, b, admin } = await adminOfA();
    const cases: [string, 'GET' | 'POST' | 'DELETE', string, object | undefined, number, object][] =
      [
        [
          'an unknown e-mail',
          'POST',
          rolesUrl(b.id),
          { email: 'nobody@example.org', role: 'game_manager' },
          404,
          { code: 'role_account_unknown', params: { email: 'nobody@example.org' } },
        ],
        [
          'a superadmin',
          'POST',
          rolesUrl(b.id),
          { email: superEmail, role: 'tenant_admin' },
          409,
          { code: 'role_superadmin' },
        ],
        [
          "the account's own tenant",
          'POST',
          rolesUrl(a.id),
          { email: admin.email, role: 'game_manager' },
          409,
          { code: 'role_own_tenant', params: { email: admin.email } },
        ],
        [
          'an unknown tenant',
          'POST',
          rolesUrl(UNKNOWN),
          { email: admin.email, role: 'game_manager' },
          404,
          { code: 'tenant_not_found' },
        ],
        [
          'an unknown tenant (list)',
          'GET',
          rolesUrl(UNKNOWN),
          undefined,
          404,
          {
            code: 'tenant_not_found',
          },
        ],
        [
          'an unknown tenant (remove)',
          'DELETE',
          `${rolesUrl(UNKNOWN)}/${admin.userId}`,
          undefined,
          404,
          { code: 'tenant_not_found' },
        ],
        [
          'an unknown account (remove)',
          'DELETE',
          `${rolesUrl(b.id)}/${UNKNOWN}`,
          undefined,
          404,
          { code: 'user_not_found' },
        ],
        [
          'the player role',
          'POST',
          rolesUrl(b.id),
          { email: admin.email, role: 'player' },
          400,
          { code: 'validation_failed', params: { fields: 'role' } },
        ],
        [
          'the superadmin role',
          'POST',
          rolesUrl(b.id),
          { email: admin.email, role: 'superadmin' },
          400,
          { code: 'validation_failed', params: { fields: 'role' } },
        ],
        [
          'no e-mail',
          'POST',
          rolesUrl(b.id),
          { email: 'not-an-email', role: 'game_manager' },
          400,
          { code: 'validation_failed', params: { fields: 'email' } },
        ],
        [
          'a bad tenant id',
          'POST',
          rolesUrl('b'),
          { email: admin.email, role: 'game_manager' },
          400,
          { code: 'validation_failed' },
        ],
      ];
    for (const [why, method, url, payload, status, error] of cases) {
      const before = await fingerprint(t.database.db);
      const res = await call(t.app, superCookie, { method, url, payload });
      expect(res.statusCode, why).toBe(status);
      expect(res.json<ErrorBody>().error, why).toMatchObject(error);
      expect(await fingerprint(t.database.db), `${why} changed the database`).toBe(before);
    }
    // A tenant deleted between the endpoint's lookup and the grant: its foreign key refuses it.
    const before = await fingerprint(t.database.db);
    await expect(
      grantTenantRole(t.database.db, {
        tenant: { id: UNKNOWN, name: 'Gone' },
        actor: { userId: UNKNOWN, email: superEmail, ip: '127.0.0.1' },
        now: new Date(),
        email: admin.email,
        role: 'game_manager',
      }),
    ).rejects.toMatchObject({ code: 'tenant_not_found' });
    expect(await fingerprint(t.database.db)).toBe(before);
  });

  it("is the superadmin's alone: a tenant admin cannot give itself a role elsewhere", async () => {
    const { b, admin, cookie } = await adminOfA();
    const before = await fingerprint(t.database.db);
    const res = await grant(b.id, { email: admin.email, role: 'tenant_admin' }, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'superadmin_only' });
    expect(await fingerprint(t.database.db)).toBe(before);
    expect(await dashboard(cookie, b.slug)).toBe(404);
  });
});
