import type { AuditLogPage, OrphanUser, SessionResponse } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, users } from '../src/db/schema';
import { deleteOrphan } from '../src/modules/users/orphans.service';
import { grantTenantRole } from '../src/modules/users/tenant-roles.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';

/** An error answer. */
interface ErrorBody {
  error: { code: string; params: object };
}

describe(`the superadmin's Orphan Users on ${TEST_DB}`, () => {
  let t: TestApp;
  let superCookie: string;
  let me: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    me = await makeUser(t.database.db, { role: 'superadmin' });
    superCookie = await signIn(t.app, me.email, me.password);
  });

  /** The superadmin as the audit log names it, for the services called directly. */
  const actor = () => ({ userId: me.userId, email: me.email, ip: '127.0.0.1' });
  const change = (tenant: { id: string; name: string }) => ({
    tenant,
    actor: actor(),
    now: new Date(),
  });
  const newestAudit = async () => {
    const res = await call(t.app, superCookie, { method: 'GET', url: '/api/platform/audit-log' });
    return res.json<AuditLogPage>().entries[0];
  };
  afterAll(() => t.close());

  const orphanIds = async () => {
    const res = await call(t.app, superCookie, {
      method: 'GET',
      url: '/api/platform/orphan-users',
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ users: OrphanUser[] }>().users.map((u) => u.id);
  };
  const remove = (id: string) =>
    call(t.app, superCookie, { method: 'DELETE', url: `/api/platform/orphan-users/${id}` });
  const sessionOf = async (cookie: string) => {
    const res = await call(t.app, cookie, { method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    return res.json<SessionResponse>();
  };
  const dashboard = (cookie: string, slug: string) =>
    call(t.app, cookie, { method: 'GET', url: `/api/tenants/${slug}/dashboard` });
  const profileRows = (id: string) =>
    rawDb(t.database.db).select().from(users).where(eq(users.id, id));

  it('lists the accounts without a tenant, a role or the superadmin role, newest first', async () => {
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const staff = await makeUser(db, { role: 'tenant_admin', tenantId: tenant.id });
    const older = await makeUser(db, { role: 'game_manager', tenantId: null });
    const newer = await makeUser(db, { role: 'tenant_admin', tenantId: null, isActive: false });
    const withRole = await makeUser(db, { role: 'game_manager', tenantId: null });
    await grantTenantRole(db, { ...change(tenant), email: withRole.email, role: 'game_manager' });

    const res = await call(t.app, superCookie, {
      method: 'GET',
      url: '/api/platform/orphan-users',
    });
    const listed = res.json<{ users: OrphanUser[] }>().users;
    const ids = listed.map((u) => u.id);
    expect(ids).toContain(older.userId);
    expect(ids.indexOf(newer.userId)).toBeLessThan(ids.indexOf(older.userId));
    expect(ids).not.toContain(staff.userId);
    expect(ids).not.toContain(withRole.userId);
    const row = listed.find((u) => u.id === newer.userId);
    expect(row).toMatchObject({
      id: newer.userId,
      email: newer.email,
      display_name: null,
      is_active: false,
    });
    expect(Date.parse(row?.created_at ?? '')).not.toBeNaN();
    // No superadmin is an orphan, though none has a tenant.
    const superadmins = await rawDb(db).select().from(users).where(eq(users.role, 'superadmin'));
    expect(superadmins.some((s) => ids.includes(s.id))).toBe(false);
  });

  it('turns the staff of a deleted tenant into orphans who reach no tenant', async () => {
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const other = await makeTenant(db);
    const admin = await makeUser(db, { role: 'tenant_admin', tenantId: tenant.id });
    const cookie = await signIn(t.app, admin.email, admin.password);
    expect((await sessionOf(cookie)).tenants.map((x) => x.slug)).toEqual([tenant.slug]);
    expect((await dashboard(cookie, tenant.slug)).statusCode).toBe(200);
    expect(await orphanIds()).not.toContain(admin.userId);

    const deleted = await call(t.app, superCookie, {
      method: 'DELETE',
      url: `/api/platform/tenants/${tenant.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await orphanIds()).toContain(admin.userId);
    const session = await sessionOf(cookie);
    expect(session.profile).toMatchObject({ id: admin.userId, tenant_id: null });
    expect(session.tenants).toEqual([]);
    for (const slug of [tenant.slug, other.slug]) {
      const refused = await dashboard(cookie, slug);
      expect(refused.statusCode).toBe(404);
      expect(refused.json<ErrorBody>().error).toMatchObject({ code: 'tenant_not_found' });
    }
  });

  it('deletes an orphan with its identity and sessions; unknown ids are not found', async () => {
    const orphan = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: null });
    const cookie = await signIn(t.app, orphan.email, orphan.password);
    const res = await remove(orphan.userId);
    expect(res.statusCode).toBe(204);
    expect(await newestAudit()).toMatchObject({
      action: 'orphan_user.delete',
      actor_user_id: me.userId,
      target_id: orphan.userId,
      target_label: orphan.email,
    });
    expect(await profileRows(orphan.userId)).toEqual([]);
    const identity = await rawDb(t.database.db)
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, orphan.authSub));
    expect(identity).toEqual([]);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/session' })).statusCode).toBe(
      401,
    );
    await expect(signIn(t.app, orphan.email, orphan.password)).rejects.toThrow(/401/);
    expect(await orphanIds()).not.toContain(orphan.userId);

    for (const [why, id, status, code] of [
      ['deleted already', orphan.userId, 404, 'user_not_found'],
      ['unknown', '00000000-0000-4000-8000-000000000000', 404, 'user_not_found'],
      ['not a uuid', 'nobody', 400, 'validation_failed'],
    ] as const) {
      const before = await fingerprint(t.database.db);
      const again = await remove(id);
      expect(again.statusCode, why).toBe(status);
      expect(again.json<ErrorBody>().error, why).toMatchObject({ code });
      expect(await fingerprint(t.database.db), why).toBe(before);
    }
  });

  it('refuses to delete an account that is not an orphan, and changes nothing', async () => {
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const staff = await makeUser(db, { role: 'tenant_admin', tenantId: tenant.id });
    const superadmin = await makeUser(db, { role: 'superadmin' });
    const withRole = await makeUser(db, { role: 'game_manager', tenantId: null });
    await grantTenantRole(db, { ...change(tenant), email: withRole.email, role: 'tenant_admin' });
    for (const [why, id] of [
      ['staff of a tenant', staff.userId],
      ['a superadmin', superadmin.userId],
      ['a role in a tenant', withRole.userId],
    ] as const) {
      const before = await fingerprint(db);
      const res = await remove(id);
      expect(res.statusCode, why).toBe(409);
      expect(res.json<ErrorBody>().error, why).toMatchObject({ code: 'user_not_orphan' });
      expect(await fingerprint(db), why).toBe(before);
    }
  });

  it('never deletes an account that was given a role at the same moment', async () => {
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const orphan = await makeUser(db, { role: 'game_manager', tenantId: null });
    // Read as an orphan by the panel, then rescued and deleted at once: one of the two wins.
    expect(await orphanIds()).toContain(orphan.userId);
    const [grant, removal] = await Promise.allSettled([
      grantTenantRole(db, { ...change(tenant), email: orphan.email, role: 'game_manager' }),
      deleteOrphan(db, { id: orphan.userId, actor: actor(), now: new Date() }),
    ]);
    const rows = await profileRows(orphan.userId);
    if (grant.status === 'fulfilled') {
      expect(removal).toMatchObject({ status: 'rejected', reason: { code: 'user_not_orphan' } });
      expect(rows).toHaveLength(1);
    } else {
      expect(grant).toMatchObject({ reason: { code: 'role_account_unknown' } });
      expect(removal.status).toBe('fulfilled');
      expect(rows).toEqual([]);
    }
  });
});
