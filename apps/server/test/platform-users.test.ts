import type { SuperadminUser } from '@tappa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { deleteSuperadmin, setSuperadminActive } from '../src/modules/users/superadmins.service';

/** An error answer. */
interface ErrorBody {
  error: { code: string; params: object };
}

describe(`the superadmin's Manage Users on ${TEST_DB}`, () => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof makeUser>>;
  let myCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    me = await makeUser(t.database.db, { role: 'superadmin' });
    myCookie = await signIn(t.app, me.email, me.password);
  });
  afterAll(() => t.close());

  const list = async (cookie = myCookie) => {
    const res = await call(t.app, cookie, { method: 'GET', url: '/api/platform/users' });
    expect(res.statusCode).toBe(200);
    return res.json<{ users: SuperadminUser[] }>().users;
  };
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    call(t.app, myCookie, { method, url: `/api/platform/users${url}`, payload });
  /** Whether the cookie still opens a session (a superadmin-only call succeeds). */
  const works = async (cookie: string) =>
    (await call(t.app, cookie, { method: 'GET', url: '/api/platform/users' })).statusCode;
  const another = async () => {
    const user = await makeUser(t.database.db, { role: 'superadmin' });
    return { ...user, cookie: await signIn(t.app, user.email, user.password) };
  };

  it('creates a superadmin who signs in, listed newest first; edits keep the e-mail', async () => {
    const res = await send('POST', '', {
      email: 'Nuovo.Admin@Example.org',
      password: 'segreto',
      display_name: '  Nuovo  ',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<SuperadminUser>();
    expect(created).toMatchObject({
      email: 'nuovo.admin@example.org',
      display_name: 'Nuovo',
      is_active: true,
    });
    const users = await list();
    expect(users[0]).toEqual(created);
    expect(users.map((u) => u.id)).toContain(me.userId);
    const cookie = await signIn(t.app, 'nuovo.admin@example.org', 'segreto');
    expect(await works(cookie)).toBe(200);

    // A new display name, the same e-mail sent back: the sessions stay.
    const edited = await send('PUT', `/${created.id}`, {
      email: 'nuovo.admin@example.org',
      display_name: 'Rinominato',
      password: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ display_name: 'Rinominato' });
    expect(await works(cookie)).toBe(200);

    // A new password ends the sessions opened with the old one.
    const repassed = await send('PUT', `/${created.id}`, {
      display_name: null,
      password: 'nuovo-segreto',
    });
    expect(repassed.statusCode).toBe(200);
    expect(repassed.json()).toMatchObject({ display_name: null });
    expect(await works(cookie)).toBe(401);
    expect(await works(await signIn(t.app, 'nuovo.admin@example.org', 'nuovo-segreto'))).toBe(200);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const target = await another();
    const cases: [string, 'POST' | 'PUT', string, object, number, object][] = [
      ['no e-mail', 'POST', '', { password: 'segreto' }, 400, { code: 'validation_failed' }],
      [
        'a short password',
        'POST',
        '',
        { email: 'breve@example.org', password: '12345' },
        400,
        { code: 'password_too_short', params: { min: 6 } },
      ],
      [
        'a known e-mail',
        'POST',
        '',
        { email: target.email.toUpperCase(), password: 'segreto' },
        409,
        { code: 'email_taken', params: { email: target.email } },
      ],
      [
        'a display name too long',
        'POST',
        '',
        { email: 'lungo@example.org', password: 'segreto', display_name: 'a'.repeat(101) },
        400,
        { code: 'validation_failed', params: { fields: 'display_name' } },
      ],
      [
        'another e-mail',
        'PUT',
        `/${target.userId}`,
        { email: 'altro@example.org', display_name: 'X', password: 'segreto' },
        400,
        { code: 'email_unchangeable' },
      ],
      [
        'a short new password',
        'PUT',
        `/${target.userId}`,
        { display_name: 'X', password: '123' },
        400,
        { code: 'password_too_short', params: { min: 6 } },
      ],
      [
        'an unknown user',
        'PUT',
        '/00000000-0000-4000-8000-000000000000',
        { display_name: 'X' },
        404,
        { code: 'user_not_found' },
      ],
    ];
    for (const [why, method, url, payload, status, error] of cases) {
      const before = await fingerprint(t.database.db);
      const res = await send(method, url, payload);
      expect(res.statusCode, why).toBe(status);
      expect(res.json<ErrorBody>().error, why).toMatchObject(error);
      expect(await fingerprint(t.database.db), `${why} changed the database`).toBe(before);
    }
    expect(await works(target.cookie)).toBe(200);
  });

  it('deactivating ends the sessions at once; the account is then refused as inactive', async () => {
    const target = await another();
    const res = await send('PATCH', `/${target.userId}/active`, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.userId, is_active: false });
    expect(await works(target.cookie)).toBe(401);
    const again = await signIn(t.app, target.email, target.password);
    const refused = await call(t.app, again, { method: 'GET', url: '/api/platform/users' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error).toMatchObject({ code: 'account_inactive' });

    const back = await send('PATCH', `/${target.userId}/active`, { is_active: true });
    expect(back.json()).toMatchObject({ is_active: true });
    expect(await works(again)).toBe(200);
  });

  it('deletes an account with its sessions; an unknown one is not found', async () => {
    const target = await another();
    const res = await send('DELETE', `/${target.userId}`);
    expect(res.statusCode).toBe(204);
    expect(await works(target.cookie)).toBe(401);
    expect((await list()).map((u) => u.id)).not.toContain(target.userId);
    await expect(signIn(t.app, target.email, target.password)).rejects.toThrow(/401/);

    const before = await fingerprint(t.database.db);
    const gone = await send('DELETE', `/${target.userId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ErrorBody>().error).toMatchObject({ code: 'user_not_found' });
    expect(await fingerprint(t.database.db)).toBe(before);
    // Only superadmins are managed here: a tenant admin is not one of them.
    const tenant = await makeTenant(t.database.db);
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const before2 = await fingerprint(t.database.db);
    const notOne = await send('PATCH', `/${admin.userId}/active`, { is_active: false });
    expect(notOne.statusCode).toBe(404);
    expect(notOne.json<ErrorBody>().error).toMatchObject({ code: 'user_not_found' });
    expect(await fingerprint(t.database.db)).toBe(before2);
  });

  it('nobody deactivates or deletes themselves, nor the last active superadmin', async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/${me.userId}/active`, { is_active: false }],
      ['DELETE', `/${me.userId}`, undefined],
    ] as const) {
      const before = await fingerprint(t.database.db);
      const res = await send(method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error).toMatchObject({ code: 'own_account_protected' });
      expect(await fingerprint(t.database.db)).toBe(before);
    }

    // Every other superadmin is deactivated but one: `other`.
    const other = await another();
    const active = async (cookie = myCookie) =>
      (await list(cookie))
        .filter((u) => u.is_active)
        .map((u) => u.id)
        .sort();
    for (const id of await active()) {
      if (id === me.userId || id === other.userId) continue;
      expect((await send('PATCH', `/${id}/active`, { is_active: false })).statusCode).toBe(200);
    }
    expect(await active()).toEqual([me.userId, other.userId].sort());

    // Each deactivates the other at once: one wins, and the platform keeps a superadmin.
    const answers = await Promise.all([
      send('PATCH', `/${other.userId}/active`, { is_active: false }),
      call(t.app, other.cookie, {
        method: 'PATCH',
        url: `/api/platform/users/${me.userId}/active`,
        payload: { is_active: false },
      }),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser's session was gone (401), its account was found inactive after its session was
    // read (403 `account_inactive`), or its change came second (409 `last_superadmin`).
    const loser = answers.find((a) => a.statusCode !== 200)!;
    expect(['unauthenticated', 'account_inactive', 'last_superadmin']).toContain(
      loser.json<ErrorBody>().error.code,
    );
    const meWon = statuses[0] === 200;
    expect(await active(meWon ? myCookie : other.cookie)).toEqual([
      meWon ? me.userId : other.userId,
    ]);
    if (!meWon) {
      // `other` won: it switches the caller back on, and the caller signs in again.
      const on = await call(t.app, other.cookie, {
        method: 'PATCH',
        url: `/api/platform/users/${me.userId}/active`,
        payload: { is_active: true },
      });
      expect(on.statusCode).toBe(200);
      myCookie = await signIn(t.app, me.email, me.password);
      expect(
        (await send('PATCH', `/${other.userId}/active`, { is_active: false })).statusCode,
      ).toBe(200);
    }
    expect(await active()).toEqual([me.userId]);

    // The loser's request had passed its guard before the winner's change: its change is
    // refused inside the transaction, since the caller is the last active superadmin.
    const before = await fingerprint(t.database.db);
    const race = {
      id: me.userId,
      actor: { userId: other.userId, email: other.email, ip: '127.0.0.1' },
      now: new Date(),
    };
    await expect(
      setSuperadminActive(t.database.db, { ...race, isActive: false }),
    ).rejects.toMatchObject({ code: 'last_superadmin' });
    await expect(deleteSuperadmin(t.database.db, race)).rejects.toMatchObject({
      code: 'last_superadmin',
    });
    expect(await fingerprint(t.database.db)).toBe(before);

    // An inactive superadmin can still be deleted.
    expect((await send('DELETE', `/${other.userId}`)).statusCode).toBe(204);
    expect(await active()).toEqual([me.userId]);
  });
});
