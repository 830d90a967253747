import type { StaffCreateResponse, StaffMember } from '@tappa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, userTenantRoles } from '../src/db/schema';
import { updateStaff } from '../src/modules/users/tenant-staff-changes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';

/** An error answer. */
interface ErrorBody {
  error: { code: string; params: object };
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe(`the tenant's Admin Users on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A tenant with a signed-in admin of its own. */
  const tenantWithAdmin = async () => {
    const tenant = await makeTenant(t.database.db);
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    return { tenant, admin, cookie: await signIn(t.app, admin.email, admin.password) };
  };
  const staffUrl = (slug: string, id = '') => `/api/tenants/${slug}/staff${id ? `/${id}` : ''}`;
  const list = async (cookie: string, slug: string) => {
    const res = await call(t.app, cookie, { method: 'GET', url: staffUrl(slug) });
    expect(res.statusCode).toBe(200);
    return res.json<{ staff: StaffMember[] }>().staff;
  };
  const send = (cookie: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(t.app, cookie, { method, url, payload });
  /** The status of a tenant-area call with the cookie (200 while it opens the tenant). */
  const enters = async (cookie: string, slug: string) =>
    (await call(t.app, cookie, { method: 'GET', url: `/api/tenants/${slug}/dashboard` }))
      .statusCode;
  const auditOf = (targetId: string) =>
    rawDb(t.database.db).select().from(auditLog).where(eq(auditLog.target_id, targetId));
  /** Asserts a refusal: its status and code, and that nothing changed. */
  const refused = async (
    why: string,
    request: () => Promise<{ statusCode: number; json: <T>() => T }>,
    status: number,
    error: object,
  ) => {
    const before = await fingerprint(t.database.db);
    const res = await request();
    expect(res.statusCode, why).toBe(status);
    expect(res.json<ErrorBody>().error, why).toMatchObject(error);
    expect(await fingerprint(t.database.db), `${why} changed the database`).toBe(before);
  };

  it('adds a game manager who enters the tenant; edits, deactivates and removes them', async () => {
    const { tenant, admin, cookie } = await tenantWithAdmin();
    const added = await send(cookie, 'POST', staffUrl(tenant.slug), {
      email: 'Nuovo.Manager@Example.org',
      display_name: ' Marta ',
      password: 'segreto',
      role: 'game_manager',
    });
    expect(added.statusCode).toBe(201);
    const { outcome, member } = added.json<StaffCreateResponse>();
    expect(outcome).toBe('created');
    expect(member).toMatchObject({
      email: 'nuovo.manager@example.org',
      display_name: 'Marta',
      role: 'game_manager',
      is_active: true,
      origin: 'own',
    });
    const staff = await list(cookie, tenant.slug);
    expect(staff.map((s) => [s.email, s.role])).toEqual(
      [
        [admin.email, 'tenant_admin'],
        ['nuovo.manager@example.org', 'game_manager'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    const managerCookie = await signIn(t.app, 'nuovo.manager@example.org', 'segreto');
    expect(await enters(managerCookie, tenant.slug)).toBe(200);

    // A new name and password: the old sessions end, the new password signs in.
    const edited = await send(cookie, 'PUT', staffUrl(tenant.slug, member.user_id), {
      display_name: 'Marta R.',
      password: 'nuovo-segreto',
      is_active: true,
      role: 'game_manager',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ display_name: 'Marta R.', is_active: true });
    expect(await enters(managerCookie, tenant.slug)).toBe(401);
    const again = await signIn(t.app, 'nuovo.manager@example.org', 'nuovo-segreto');
    expect(await enters(again, tenant.slug)).toBe(200);

    // Deactivating ends the sessions; signing in again is refused as inactive.
    const off = await send(cookie, 'PUT', staffUrl(tenant.slug, member.user_id), {
      display_name: 'Marta R.',
      is_active: false,
      role: 'game_manager',
    });
    expect(off.json()).toMatchObject({ is_active: false });
    expect(await enters(again, tenant.slug)).toBe(401);
    const inactive = await signIn(t.app, 'nuovo.manager@example.org', 'nuovo-segreto');
    expect(await enters(inactive, tenant.slug)).toBe(403);

    // Removing an account with no other role deletes it.
    const removed = await send(cookie, 'DELETE', staffUrl(tenant.slug, member.user_id));
    expect(removed.statusCode).toBe(204);
    expect((await list(cookie, tenant.slug)).map((s) => s.user_id)).toEqual([admin.userId]);
    await expect(signIn(t.app, 'nuovo.manager@example.org', 'nuovo-segreto')).rejects.toThrow(
      /401/,
    );
    const actions = (await auditOf(member.user_id)).map((a) => a.action).sort();
    expect(actions).toEqual([
      'tenant_staff.create',
      'tenant_staff.remove',
      'tenant_staff.update',
      'tenant_staff.update',
    ]);
    const [removal] = (await auditOf(member.user_id)).filter(
      (a) => a.action === 'tenant_staff.remove',
    );
    expect(removal).toMatchObject({
      actor_user_id: admin.userId,
      details: { outcome: 'account_deleted' },
    });
  });

  it('adds a judge, who reviews answers and enters nothing else (decision 0083)', async () => {
    const { tenant, cookie } = await tenantWithAdmin();
    const added = await send(cookie, 'POST', staffUrl(tenant.slug), {
      email: 'giudice@example.org',
      display_name: 'Giudice',
      password: 'segreto',
      role: 'judge',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<StaffCreateResponse>().member).toMatchObject({
      role: 'judge',
      origin: 'own',
    });
    expect((await list(cookie, tenant.slug)).map((s) => s.role)).toContain('judge');
    const judge = await signIn(t.app, 'giudice@example.org', 'segreto');
    const review = await call(t.app, judge, {
      method: 'GET',
      url: `/api/tenants/${tenant.slug}/review`,
    });
    expect(review.statusCode).toBe(200);
    expect(await enters(judge, tenant.slug)).toBe(403);
  });

  it('gives an existing account a role here instead of a second account', async () => {
    const a = await tenantWithAdmin();
    const b = await tenantWithAdmin();
    const res = await send(a.cookie, 'POST', staffUrl(a.tenant.slug), {
      email: b.admin.email.toUpperCase(),
      password: 'ignorato',
      display_name: 'Ignorato',
      role: 'game_manager',
    });
    expect(res.statusCode).toBe(201);
    const { outcome, member } = res.json<StaffCreateResponse>();
    expect(outcome).toBe('granted');
    expect(member).toMatchObject({ user_id: b.admin.userId, origin: 'role', display_name: null });
    // The same password still signs in, into both tenants; the one given in the form does not.
    await expect(signIn(t.app, b.admin.email, 'ignorato')).rejects.toThrow(/sign-in failed: 401/);
    const cookie = await signIn(t.app, b.admin.email, b.admin.password);
    expect(await enters(cookie, a.tenant.slug)).toBe(200);
    expect(await enters(cookie, b.tenant.slug)).toBe(200);

    await refused(
      'the same e-mail again',
      () =>
        send(a.cookie, 'POST', staffUrl(a.tenant.slug), {
          email: b.admin.email,
          display_name: 'Ancora',
          password: 'ancora',
          role: 'tenant_admin',
        }),
      409,
      { code: 'staff_exists', params: { email: b.admin.email } },
    );
    await refused(
      "another tenant's account renamed here",
      () =>
        send(a.cookie, 'PUT', staffUrl(a.tenant.slug, b.admin.userId), {
          display_name: 'Rinominato',
          is_active: true,
          role: 'game_manager',
        }),
      409,
      { code: 'staff_not_own_account' },
    );
    // Its role here is deactivated: it no longer enters this tenant, but still its own.
    const off = await send(a.cookie, 'PUT', staffUrl(a.tenant.slug, b.admin.userId), {
      is_active: false,
      role: 'game_manager',
    });
    expect(off.statusCode).toBe(200);
    expect(await enters(cookie, a.tenant.slug)).toBe(404);
    expect(await enters(cookie, b.tenant.slug)).toBe(200);

    // Tenant B's admin, now admin in A too, is removed from B: the account only leaves B.
    await send(a.cookie, 'PUT', staffUrl(a.tenant.slug, b.admin.userId), {
      is_active: true,
      role: 'tenant_admin',
    });
    const second = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: b.tenant.id });
    const secondCookie = await signIn(t.app, second.email, second.password);
    const left = await send(secondCookie, 'DELETE', staffUrl(b.tenant.slug, b.admin.userId));
    expect(left.statusCode).toBe(204);
    expect(await enters(cookie, b.tenant.slug)).toBe(404);
    expect(await enters(cookie, a.tenant.slug)).toBe(200);
    const [profile] = await rawDb(t.database.db)
      .select()
      .from(users)
      .where(eq(users.id, b.admin.userId));
    expect(profile?.tenant_id).toBeNull();

    // Removing the role in A leaves the account in place (an orphan for the superadmin).
    const gone = await send(a.cookie, 'DELETE', staffUrl(a.tenant.slug, b.admin.userId));
    expect(gone.statusCode).toBe(204);
    const roles = await rawDb(t.database.db)
      .select()
      .from(userTenantRoles)
      .where(
        and(
          eq(userTenantRoles.user_id, b.admin.userId),
          eq(userTenantRoles.tenant_id, a.tenant.id),
        ),
      );
    expect(roles).toEqual([]);
    expect((await auditOf(b.admin.userId)).map((e) => e.action)).toContain('tenant_staff.grant');
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const { tenant, cookie } = await tenantWithAdmin();
    const other = await tenantWithAdmin();
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: tenant.id });
    const url = staffUrl(tenant.slug);
    const cases: [string, 'POST' | 'PUT' | 'DELETE', string, object | undefined, number, object][] =
      [
        ['no e-mail', 'POST', url, { password: 'segreto', role: 'game_manager' }, 400, {}],
        ['no role', 'POST', url, { email: 'x@example.org', password: 'segreto' }, 400, {}],
        [
          'an unknown role',
          'POST',
          url,
          { email: 'x@example.org', password: 'segreto', role: 'superadmin' },
          400,
          { code: 'validation_failed' },
        ],
        [
          'a short password',
          'POST',
          url,
          {
            email: 'x@example.org',
            display_name: 'Marta',
            password: '12345',
            role: 'game_manager',
          },
          400,
          { code: 'password_too_short', params: { min: 6 } },
        ],
        [
          'no password',
          'POST',
          url,
          { email: 'x@example.org', display_name: 'Marta', role: 'game_manager' },
          400,
          { code: 'validation_failed', params: { fields: 'password' } },
        ],
        [
          'no name',
          'POST',
          url,
          { email: 'x@example.org', password: 'segreto', role: 'game_manager' },
          400,
          { code: 'validation_failed', params: { fields: 'display_name' } },
        ],
        [
          'a blank name',
          'POST',
          url,
          {
            email: 'x@example.org',
            display_name: '   ',
            password: 'segreto',
            role: 'game_manager',
          },
          400,
          { code: 'validation_failed', params: { fields: 'display_name' } },
        ],
        [
          // An existing account keeps its password, but the form's rule is the same for all.
          'a short password for an e-mail that has an account',
          'POST',
          url,
          {
            email: other.admin.email,
            display_name: 'Marta',
            password: '123',
            role: 'game_manager',
          },
          400,
          { code: 'password_too_short', params: { min: 6 } },
        ],
        [
          'a superadmin',
          'POST',
          url,
          {
            email: superadmin.email,
            display_name: 'Super',
            password: 'segreto',
            role: 'game_manager',
          },
          409,
          { code: 'role_superadmin' },
        ],
        [
          'a name too long',
          'POST',
          url,
          {
            email: 'x@example.org',
            password: 'segreto',
            role: 'game_manager',
            display_name: 'a'.repeat(101),
          },
          400,
          { code: 'validation_failed', params: { fields: 'display_name' } },
        ],
        [
          'a short new password',
          'PUT',
          staffUrl(tenant.slug, manager.userId),
          { password: '123', is_active: true, role: 'game_manager' },
          400,
          { code: 'password_too_short' },
        ],
        [
          'an unknown id',
          'PUT',
          staffUrl(tenant.slug, UNKNOWN),
          { is_active: true, role: 'game_manager' },
          404,
          { code: 'user_not_found' },
        ],
        [
          "another tenant's admin under this slug",
          'DELETE',
          staffUrl(tenant.slug, other.admin.userId),
          undefined,
          404,
          { code: 'user_not_found' },
        ],
        ['a bad id', 'DELETE', staffUrl(tenant.slug, 'nope'), undefined, 400, {}],
      ];
    for (const [why, method, target, payload, status, error] of cases) {
      await refused(why, () => send(cookie, method, target, payload), status, error);
    }
  });

  it('game managers read the staff but change nothing; other tenants see nothing', async () => {
    const { tenant, admin } = await tenantWithAdmin();
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: tenant.id });
    const managerCookie = await signIn(t.app, manager.email, manager.password);
    expect((await list(managerCookie, tenant.slug)).length).toBe(2);
    const body = {
      email: 'y@example.org',
      display_name: 'Ypsilon',
      password: 'segreto',
      role: 'tenant_admin',
    };
    const change = { is_active: false, role: 'game_manager' };
    for (const [method, url, payload] of [
      ['POST', staffUrl(tenant.slug), body],
      ['PUT', staffUrl(tenant.slug, admin.userId), change],
      ['DELETE', staffUrl(tenant.slug, admin.userId), undefined],
    ] as const) {
      await refused(`a manager's ${method}`, () => send(managerCookie, method, url, payload), 403, {
        code: 'forbidden',
      });
    }
    const other = await tenantWithAdmin();
    for (const [method, url, payload] of [
      ['GET', staffUrl(tenant.slug), undefined],
      ['POST', staffUrl(tenant.slug), body],
      ['PUT', staffUrl(tenant.slug, admin.userId), change],
      ['DELETE', staffUrl(tenant.slug, admin.userId), undefined],
    ] as const) {
      await refused(
        `another tenant's admin: ${method}`,
        () => call(t.app, other.cookie, { method, url, payload }),
        404,
        { code: 'tenant_not_found' },
      );
    }
  });

  it('keeps an active tenant admin: the last one is not deactivated, demoted or removed', async () => {
    const { tenant, admin, cookie } = await tenantWithAdmin();
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    const superCookie = await signIn(t.app, superadmin.email, superadmin.password);
    const last = { code: 'last_tenant_admin' };
    const target = staffUrl(tenant.slug, admin.userId);
    await refused(
      'deactivating',
      () => send(superCookie, 'PUT', target, { is_active: false, role: 'tenant_admin' }),
      409,
      last,
    );
    await refused(
      'demoting',
      () => send(superCookie, 'PUT', target, { is_active: true, role: 'game_manager' }),
      409,
      last,
    );
    await refused('removing', () => send(superCookie, 'DELETE', target), 409, last);
    await refused('oneself', () => send(cookie, 'DELETE', target), 403, {
      code: 'own_account_protected',
    });

    // Two admins deactivate each other at once: one wins, the tenant keeps an admin.
    const other = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const otherCookie = await signIn(t.app, other.email, other.password);
    const off = { is_active: false, role: 'tenant_admin' };
    const answers = await Promise.all([
      send(cookie, 'PUT', staffUrl(tenant.slug, other.userId), off),
      send(otherCookie, 'PUT', target, off),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // The loser is refused by the lock (409), or, arriving later, as a signed-out (401) or
    // deactivated (403) account: which one depends on when its request reached the guard.
    const loserAnswer = answers.find((a) => a.statusCode !== 200);
    const refusal = `${loserAnswer?.statusCode} ${loserAnswer?.json<ErrorBody>().error.code}`;
    expect(['409 last_tenant_admin', '401 unauthenticated', '403 account_inactive']).toContain(
      refusal,
    );
    const active = (await list(superCookie, tenant.slug)).filter((s) => s.is_active);
    expect(active).toHaveLength(1);

    // A request past its guard before the other's change is refused inside the transaction.
    const loser = active[0]!.user_id === admin.userId ? other : admin;
    const winner = loser === admin ? other : admin;
    await expect(
      updateStaff(t.database.db, {
        tenant,
        userId: winner.userId,
        update: { is_active: false, role: 'tenant_admin' },
        actor: { userId: loser.userId, email: loser.email, ip: '127.0.0.1' },
        now: new Date(),
      }),
    ).rejects.toMatchObject({ code: 'last_tenant_admin' });
  });
});
