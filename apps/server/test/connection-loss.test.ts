import { textRouteJson } from '@tappa/domain/fixtures/text-route';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../src/db/rows';
import { importRoute } from '../src/modules/routes/routes.service';
import { CHANGE_CHANNEL } from '../src/infra/realtime';
import {
  allowConnections,
  createTestDatabase,
  rawDb,
  TEST_DB,
  type TestDatabase,
} from './helpers/database';
import { makeTenant } from './helpers/factories';
import { type HttpTeam, joinTeam, send, tryOf } from './helpers/http-team';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { createTempDir } from './helpers/temp-dir';

const TEAMS = 10;
/** How many times the database refuses and drops every connection of the app. */
const CYCLES = 100;
const ROUTE_SLUG = 'connection-loss';

/**
 * The answers the teams got, counted by status; a waiter learns of the next one of a status.
 * Anything but 200, 503 with `Retry-After` or a team's wrong answers slowed down (429
 * `too_many_tries`, the server deciding as it should) is kept as a failure.
 */
class Answers {
  readonly counts = new Map<number, number>();
  readonly failures: string[] = [];
  private waiters: { isAwaited: (status: number) => boolean; resolve: () => void }[] = [];

  async record(what: string, res: Promise<Response>): Promise<void> {
    let status: number;
    try {
      const answer = await res;
      status = answer.status;
      const body = await answer.text();
      const isRefusal = status === 503 && answer.headers.get('retry-after') === '5';
      const isSlowedDown = status === 429 && body.includes('"too_many_tries"');
      if (status !== 200 && !isRefusal && !isSlowedDown) {
        this.failures.push(`${what}: ${status} ${body}`);
      }
    } catch (err) {
      this.failures.push(`${what}: no answer (${String(err)})`);
      status = 0;
    }
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
    const [ready, waiting] = partition(this.waiters, (w) => w.isAwaited(status));
    this.waiters = waiting;
    for (const waiter of ready) waiter.resolve();
  }

  /** Resolves at the next answer whose status `isAwaited`. */
  next(isAwaited: (status: number) => boolean): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ isAwaited, resolve }));
  }
}

function partition<T>(items: T[], isIn: (item: T) => boolean): [T[], T[]] {
  return [items.filter(isIn), items.filter((item) => !isIn(item))];
}

describe.skipIf(TEST_DB !== 'postgres')('connections dropped under load, on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: Awaited<ReturnType<typeof createTempDir>>;
  let server: ServerProcess;
  let slug: string;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.url ?? '';
    dataDir = await createTempDir('connection-loss');
    const tenant = await makeTenant(database.db);
    slug = tenant.slug;
    const scope = { kind: 'tenant', tenantId: tenant.id, slug, role: 'superadmin' } as const;
    const json = textRouteJson({ slug: ROUTE_SLUG, title: 'Cuts', description: 'Cuts', steps: 2 });
    await importRoute(database.db, scope, json);
    server = await startServerProcess({
      DATABASE_URL: url,
      DATA_DIR: dataDir.path,
      SEED_DEMO: 'false',
      // A refused connection is answered at once; this bounds a wait for a busy pool.
      DATABASE_ACQUIRE_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await dataDir?.remove();
  });

  /** The app's connections that listen on the scoreboards' channel. */
  async function listeners(): Promise<number> {
    const listen = `LISTEN ${CHANGE_CHANNEL}`;
    const [row] = await statementsOf(rawDb(database.db))<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query = ${listen}`,
    );
    return row?.n ?? 0;
  }

  it('stays up, answers 503 with Retry-After while cut off, and recovers each time', async () => {
    const teams = await Promise.all(
      Array.from({ length: TEAMS }, (_, n) =>
        joinTeam(server.baseUrl, { slug, routeSlug: ROUTE_SLUG, n, domain: 'cuts.test' }),
      ),
    );
    expect(await listeners()).toBe(1);
    const answers = new Answers();
    let isLoaded = true;
    // Each team answers wrong again and again (new tries), and reads its game and the tenant.
    const play = async (team: HttpTeam) => {
      const get = (path: string) =>
        send(`${server.baseUrl}${path}`, { method: 'GET', ip: team.ip, cookie: team.cookie });
      while (isLoaded && !server.hasExited()) {
        const { path, body } = tryOf(slug, team, 0, 'sbagliata');
        const type = 'application/json';
        const init = { method: 'POST', ip: team.ip, cookie: team.cookie, body, type };
        await answers.record('try', send(`${server.baseUrl}${path}`, init));
        await answers.record('game', get(`/api/play/${slug}/games/${team.gameId}`));
        await answers.record('tenant', get(`/api/public/tenants/${slug}`));
      }
    };
    const load = Promise.all(teams.map(play));
    try {
      for (let cycle = 0; cycle < CYCLES && !server.hasExited(); cycle += 1) {
        const refused = answers.next((status) => status !== 200);
        await allowConnections(url, false);
        await Promise.race([refused, server.exited]);
        const served = answers.next((status) => status === 200);
        await allowConnections(url, true);
        await Promise.race([served, server.exited]);
      }
    } finally {
      isLoaded = false;
      await allowConnections(url, true);
      await load;
    }

    expect(server.hasExited(), server.output()).toBe(false);
    expect(answers.failures.slice(0, 10)).toEqual([]);
    expect(answers.counts.get(503)).toBeGreaterThanOrEqual(CYCLES);
    expect(answers.counts.get(200)).toBeGreaterThanOrEqual(CYCLES);
    // The scoreboards' channel came back once the database let it.
    await expect.poll(listeners, { timeout: 120_000 }).toBe(1);
    // Every connection the cuts broke was replaced: a new team joins and plays.
    const late = await joinTeam(server.baseUrl, {
      slug,
      routeSlug: ROUTE_SLUG,
      n: TEAMS,
      domain: 'cuts.test',
    });
    const { path, body } = tryOf(slug, late, 0, 'risposta-1');
    const type = 'application/json';
    const init = { method: 'POST', ip: late.ip, cookie: late.cookie, body, type };
    const right = await send(`${server.baseUrl}${path}`, init);
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ outcome: 'correct' });
  }, 300_000);
});
