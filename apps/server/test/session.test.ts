import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type ErrorBody } from '@tappa/contracts';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authVerifications } from '../src/db/schema';
import { hashToken } from '../src/modules/users/hashed-tokens';
import { insertPasswordIdentity } from '../src/modules/users/users.repository';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, cookieHeader, makeTenant, makeUser, signIn } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { outboxLinks } from './helpers/outbox';

const signInAttempt = (t: TestApp, email: string, password: string, ip = '10.0.0.1') =>
  call(t.app, null, {
    method: 'POST',
    url: '/api/session/sign-in',
    payload: { email, password },
    remoteAddress: ip,
  });

const resetLinks = (dataDir: string, email: string) =>
  outboxLinks(dataDir, email, '/reset-password?token=');

/** The session token a cookie carries (the cookie's value is the token and its signature). */
function sessionTokenOf(cookie: string): string {
  const value = decodeURIComponent(/tappa\.session_token=([^;]+)/.exec(cookie)![1]!);
  return value.slice(0, value.lastIndexOf('.'));
}

/**
 * The reset links e-mailed to `email`, which must be `count`: the identity library awaits the
 * mail before the 202 answer (no background tasks are configured), so they are there already.
 */
async function sentResetLinks(dataDir: string, email: string, count: number) {
  const links = await resetLinks(dataDir, email);
  expect(links).toHaveLength(count);
  return links;
}

describe(`sign-in and sessions on ${TEST_DB}`, () => {
  let t: TestApp;
  // The limits' time: it moves only when a test moves it.
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { PUBLIC_URL: 'http://quest.test' } });
  });
  afterAll(() => t.close());

  it('signs in with a cookie session and ends it on the server at sign-out', async () => {
    const tenant = await makeTenant(t.database.db, { name: 'Alpha' });
    const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: tenant.id });
    const res = await signInAttempt(t, admin.email.toUpperCase(), admin.password);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/tappa\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(res.json()).toMatchObject({
      profile: { email: admin.email, role: 'tenant_admin', tenant_id: tenant.id, is_active: true },
      tenants: [{ slug: tenant.slug, name: 'Alpha', role: 'tenant_admin' }],
    });

    const cookie = cookieHeader(res.headers['set-cookie']);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/session' })).statusCode).toBe(
      200,
    );
    const out = await call(t.app, cookie, { method: 'POST', url: '/api/session/sign-out' });
    expect(out.statusCode).toBe(204);
    // The old cookie no longer opens a session, even if a client kept it.
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/session' })).statusCode).toBe(
      401,
    );
  });

  it('keeps only the hash of a session token, and the session works through it', async () => {
    const user = await makeUser(t.database.db, { role: 'superadmin' });
    const cookie = await signIn(t.app, user.email, user.password);
    const token = sessionTokenOf(cookie);
    const sessionRows = () =>
      rawDb(t.database.db).select().from(authSessions).where(eq(authSessions.userId, user.authSub));
    const [row] = await sessionRows();
    expect(row?.token).toBe(hashToken(token));
    expect(JSON.stringify(await rawDb(t.database.db).select().from(authSessions))).not.toContain(
      token,
    );
    // The stored hash is no cookie: signed as one, it opens nothing.
    const forged = cookie.replace(encodeURIComponent(token), encodeURIComponent(row!.token));
    expect((await call(t.app, forged, { method: 'GET', url: '/api/session' })).statusCode).toBe(
      401,
    );

    // A session used a day after it was last extended is extended again, through its hash.
    await rawDb(t.database.db)
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(authSessions.token, row!.token));
    const read = await call(t.app, cookie, { method: 'GET', url: '/api/session' });
    expect(read.statusCode).toBe(200);
    const [extended] = await sessionRows();
    expect(extended?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
    const renewed = cookieHeader(read.headers['set-cookie']);
    expect(sessionTokenOf(renewed || cookie)).toBe(token);

    expect(
      (await call(t.app, cookie, { method: 'POST', url: '/api/session/sign-out' })).statusCode,
    ).toBe(204);
    expect(await sessionRows()).toEqual([]);
  });

  it("refuses a wrong password with the provider's message", async () => {
    const user = await makeUser(t.database.db, { role: 'superadmin' });
    const wrong = await signInAttempt(t, user.email, 'not-the-password', '10.0.1.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'sign_in_failed', params: {}, message: 'Invalid email or password' },
    });
    const unknown = await signInAttempt(t, 'nobody@example.org', 'whatever', '10.0.1.2');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('lists every tenant by name for the superadmin, and own plus active roles for others', async () => {
    const b = await makeTenant(t.database.db, { name: 'Bravo' });
    const superadmin = await makeUser(t.database.db, { role: 'superadmin' });
    const cookie = await signIn(t.app, superadmin.email, superadmin.password);
    const session = (await call(t.app, cookie, { method: 'GET', url: '/api/session' })).json<{
      tenants: { name: string; role: string }[];
    }>();
    const names = session.tenants.map((x) => x.name);
    expect(names).toEqual([...names].sort());
    expect(session.tenants).toContainEqual(
      expect.objectContaining({ name: 'Bravo', role: 'superadmin' }),
    );
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: b.id });
    const managerSession = (
      await call(t.app, await signIn(t.app, manager.email, manager.password), {
        method: 'GET',
        url: '/api/session',
      })
    ).json<{ tenants: unknown[] }>();
    expect(managerSession.tenants).toEqual([
      { id: b.id, slug: b.slug, name: 'Bravo', role: 'game_manager' },
    ]);
  });

  it('answers 401 without a session and a null profile for an identity without one', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    await insertPasswordIdentity(t.database.db, {
      id: randomUUID(),
      accountId: randomUUID(),
      email: 'ghost@example.org',
      name: 'Ghost',
      passwordHash: await hashPassword('ghost-pass'),
      now: new Date(),
    });
    const res = await signInAttempt(t, 'ghost@example.org', 'ghost-pass', '10.0.2.1');
    expect(res.json()).toEqual({ profile: null, tenants: [] });
  });

  it("refuses writes without the CSRF header or with any value but the web app's", async () => {
    const signInWith = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/session/sign-in',
        headers,
        payload: { email: 'a@b.it', password: 'x' },
      });
    for (const value of [null, '', '0', ' ', 'true', '11']) {
      const res = await signInWith(value === null ? {} : { [CSRF_HEADER]: value });
      expect(res.statusCode, `header ${JSON.stringify(value)}`).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'csrf_header_missing', params: {}, message: 'Csrf header missing' },
      });
    }
    // The web app's value passes the check: the sign-in itself answers.
    const res = await signInWith({ [CSRF_HEADER]: CSRF_HEADER_VALUE });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.code).toBe('sign_in_failed');
  });

  it('limits sign-in requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await signInAttempt(t, `x${i}@example.org`, 'bad', '10.0.3.1')).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("slows guesses at an account from one address, never its owner's sign-in elsewhere", async () => {
    const user = await makeUser(t.database.db, { role: 'superadmin' });
    const attacker = '10.1.0.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await signInAttempt(t, user.email, 'wrong', attacker)).statusCode).toBe(401);
    }
    // The sixth waits a second, even with the right password: the wait tells nothing.
    const slowed = await signInAttempt(t, user.email, user.password, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toMatchObject({
      error: { code: 'too_many_sign_ins', params: { retry_after_s: 1 } },
    });
    const owner = await signInAttempt(t, user.email, user.password, '10.2.0.1');
    expect(owner.statusCode).toBe(200);

    // Each further failure doubles the wait: 1 s, then 2 s, then 4 s.
    clock.advance(1_000);
    expect((await signInAttempt(t, user.email, 'wrong', attacker)).statusCode).toBe(401);
    const twice = await signInAttempt(t, user.email, 'wrong', attacker);
    expect(twice.json()).toMatchObject({ error: { params: { retry_after_s: 2 } } });
    clock.advance(2_000);
    expect((await signInAttempt(t, user.email, 'wrong', attacker)).statusCode).toBe(401);
    const thrice = await signInAttempt(t, user.email, user.password, attacker);
    expect(thrice.json()).toMatchObject({ error: { params: { retry_after_s: 4 } } });
    // A success from that address, once the wait is over, starts the count again.
    clock.advance(4_000);
    expect((await signInAttempt(t, user.email, user.password, attacker)).statusCode).toBe(200);
    clock.advance(60_000); // the route's own 10 a minute, refilled
    for (let i = 0; i < 2; i += 1) {
      expect((await signInAttempt(t, user.email, 'wrong', attacker)).statusCode).toBe(401);
    }
  });

  it('counts parallel guesses at an account from one address before judging them', async () => {
    const user = await makeUser(t.database.db, { role: 'superadmin' });
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => signInAttempt(t, user.email, 'wrong', '10.1.1.1')),
    );
    const codes = guesses.map((res) => res.json<{ error: { code: string } }>().error.code);
    expect(codes.filter((code) => code === 'sign_in_failed')).toHaveLength(5);
    expect(codes.filter((code) => code === 'too_many_sign_ins')).toHaveLength(5);
  });

  it('bounds the failed sign-ins of one address, whatever the accounts', async () => {
    // 50 an hour, refilled evenly; one attempt every 6 s keeps under the route's 10 a minute.
    const statuses: number[] = [];
    for (let i = 0; i < 55; i += 1) {
      statuses.push((await signInAttempt(t, `guess${i}@example.org`, 'x', '10.1.2.1')).statusCode);
      clock.advance(6_000);
    }
    // Before the n-th attempt the address has 50 - n + n/12 failures left: 54 get judged.
    expect(statuses.slice(0, 54).every((s) => s === 401)).toBe(true);
    expect(statuses[54]).toBe(429);
    const owner = await makeUser(t.database.db, { role: 'superadmin' });
    expect((await signInAttempt(t, owner.email, owner.password, '10.1.2.2')).statusCode).toBe(200);
    // 56 sign-ins, each hashing a password: 30 s and more on a busy machine. The runner's guard,
    // not a measure.
  }, 120_000);

  it('shares the sign-in and request counts between two instances of the server', async () => {
    const other = await createTestApp({ clock, database: t.database });
    try {
      const user = await makeUser(t.database.db, { role: 'superadmin' });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const instance = i % 2 === 0 ? t : other;
        statuses.push((await signInAttempt(instance, user.email, 'wrong', '10.1.3.1')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

      // The per-address request limit too: ten sign-in requests a minute, whichever instance.
      const requests: string[] = [];
      for (let i = 0; i < 11; i += 1) {
        const instance = i % 2 === 0 ? t : other;
        const res = await signInAttempt(instance, `nobody-${i}@example.org`, 'wrong', '10.1.3.2');
        requests.push(res.json<{ error: { code: string } }>().error.code);
      }
      expect(requests).toEqual([...Array<string>(10).fill('sign_in_failed'), 'rate_limited']);
    } finally {
      await other.close();
    }
  });

  it('resets a password through the e-mailed link, once, within the hour', async () => {
    const user = await makeUser(t.database.db, { role: 'superadmin' });
    const forgot = (email: string, ip: string) =>
      call(t.app, null, {
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email },
        remoteAddress: ip,
      });

    expect((await forgot('unknown@example.org', '10.3.0.1')).statusCode).toBe(202);
    expect((await forgot(user.email, '10.3.0.2')).statusCode).toBe(202);
    const [link] = await sentResetLinks(t.dataDir, user.email, 1);
    expect(await resetLinks(t.dataDir, 'unknown@example.org')).toEqual([]);
    expect(link).toMatch(/^http:\/\/quest\.test\/reset-password\?token=/);
    const token = new URL(link!).searchParams.get('token')!;
    // The database keeps the link's token only as a hash.
    const verifications = await rawDb(t.database.db).select().from(authVerifications);
    expect(JSON.stringify(verifications)).not.toContain(token);
    expect(verifications.map((v) => v.identifier)).toContain(hashToken(`reset-password:${token}`));
    const before = await signIn(t.app, user.email, user.password);

    const reset = (newPassword: string, tok = token) =>
      call(t.app, null, {
        method: 'POST',
        url: '/api/password/reset',
        payload: { token: tok, newPassword },
      });
    const short = await reset('12345');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: unknown }>().error).toMatchObject({
      code: 'validation_failed',
      params: { fields: 'newPassword' },
    });
    expect((await reset('brand-new-pw')).statusCode).toBe(204);
    // The reset ends the sessions opened with the old password.
    expect((await call(t.app, before, { method: 'GET', url: '/api/session' })).statusCode).toBe(
      401,
    );
    const again = await reset('another-pw');
    expect(again.json<{ error: { code: string } }>().error.code).toBe('reset_link_invalid');
    await signIn(t.app, user.email, 'brand-new-pw');
    expect((await signInAttempt(t, user.email, user.password, '10.3.0.3')).statusCode).toBe(401);

    // An expired link is refused like a used one.
    const second = await forgot(user.email, '10.3.0.4');
    expect(second.statusCode, second.body).toBe(202);
    const links = await sentResetLinks(t.dataDir, user.email, 2);
    const expiredToken = new URL(links[1]!).searchParams.get('token')!;
    await rawDb(t.database.db)
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.identifier, hashToken(`reset-password:${expiredToken}`)));
    expect((await reset('late-password', expiredToken)).statusCode).toBe(400);
  });

  it('limits reset requests per e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await call(t.app, null, {
        method: 'POST',
        url: '/api/password/forgot',
        payload: { email: 'limited@example.org' },
        remoteAddress: `10.4.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('marks the session cookie Secure when the platform is served over HTTPS', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://quest.example.org' } });
    try {
      const user = await makeUser(https.database.db, { role: 'superadmin' });
      const res = await call(https.app, null, {
        method: 'POST',
        url: '/api/session/sign-in',
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i);
      expect(String(res.headers['set-cookie'])).toMatch(/__Secure-tappa\.session_token=/);
    } finally {
      await https.close();
    }
  });
});
