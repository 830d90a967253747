import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helpers/app';
import {
  allowConnections,
  createTestDatabase,
  TEST_DB,
  type TestDatabase,
} from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';

/** Small bounds, so that waiting on the database ends quickly here. */
const ENV = {
  DATABASE_STATEMENT_TIMEOUT_MS: '5000',
  DATABASE_LOCK_TIMEOUT_MS: '200',
  DATABASE_ACQUIRE_TIMEOUT_MS: '1000',
};
/** How many health answers a test reads while the pool reconnects. */
const MAX_POLLS = 20;

// PGlite runs in this process with one connection: nobody else can hold a lock or cut it.
describe.skipIf(TEST_DB !== 'postgres')('the database down or too slow, on PostgreSQL', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let behindProxy: AppDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(database.url ?? '');
    // The app reaches PostgreSQL through the proxy, with the timeouts of its configuration.
    behindProxy = await openAppDatabase({
      databaseUrl: proxy.url,
      dataDir: null,
      databaseTimeouts: loadConfig(ENV).databaseTimeouts,
    });
    t = await createTestApp({ env: ENV, database: { ...behindProxy, url: database.url } });
  });
  afterAll(async () => {
    await t.close();
    await behindProxy.close();
    await proxy.close();
    await database.close();
  });

  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
  let tenantUrl = '';
  const tenantPage = () => t.app.inject({ method: 'GET', url: tenantUrl });
  // A tenant of its own per test: its public page is not in the read cache yet (decision
  // 0049), so the first read goes to the database.
  beforeEach(async () => {
    tenantUrl = `/api/public/tenants/${(await makeTenant(database.db)).slug}`;
  });

  /** Reads the health until it answers `status`, at most MAX_POLLS times; returns the last. */
  async function healthUntil(status: number): Promise<number> {
    let last = 0;
    for (let i = 0; i < MAX_POLLS && last !== status; i += 1) last = (await health()).statusCode;
    return last;
  }

  function expectUnavailable(res: Awaited<ReturnType<typeof tenantPage>>) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: {
        code: 'database_unavailable',
        params: { retry_after_s: 5 },
        message: 'Database unavailable',
      },
    });
  }

  it('answers 503 with Retry-After when a table lock outlasts the lock timeout', async () => {
    const locker = new pg.Client({ connectionString: database.url ?? '' });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table tenants in access exclusive mode');
      expectUnavailable(await tenantPage());
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await tenantPage()).statusCode).toBe(200);
  });

  it('answers 503 and says not ready while cut off, then recovers without a restart', async () => {
    expect((await health()).statusCode).toBe(200);
    proxy.cut();
    expectUnavailable(await tenantPage());
    // A write through the identity library too.
    expectUnavailable(
      await call(t.app, null, {
        method: 'POST',
        url: '/api/session/sign-in',
        payload: { email: 'nobody@example.org', password: 'whatever' },
      }),
    );
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ status: 'degraded', database: { ok: false } });

    proxy.restore();
    expect(await healthUntil(200)).toBe(200);
    expect((await tenantPage()).statusCode).toBe(200);
  });

  it('says not ready when the database stops answering, and ready once it answers again', async () => {
    expect((await health()).statusCode).toBe(200);
    proxy.stall();
    const stalled = await health();
    expect(stalled.statusCode).toBe(503);
    expect(stalled.json()).toMatchObject({ status: 'degraded', database: { ok: false } });

    proxy.restore();
    expect(await healthUntil(200)).toBe(200);
    expect((await tenantPage()).statusCode).toBe(200);
  });

  it("answers 503 to a signed-in caller's session and sign-out while the database refuses connections", async () => {
    const user = await makeUser(database.db, { role: 'superadmin' });
    const cookie = await signIn(t.app, user.email, user.password);
    const session = () => call(t.app, cookie, { method: 'GET', url: '/api/session' });
    await allowConnections(database.url ?? '', false);
    try {
      // The identity library wraps the database's failure in its own error: still 503.
      expectUnavailable(await session());
      expectUnavailable(
        await call(t.app, cookie, { method: 'POST', url: '/api/session/sign-out' }),
      );
    } finally {
      await allowConnections(database.url ?? '', true);
    }
    // The sign-out did not happen: the session goes on.
    expect((await session()).statusCode).toBe(200);
  });
});
