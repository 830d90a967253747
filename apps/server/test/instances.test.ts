import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { type LiveConsole, RANKINGS_EVENT, type Rankings } from '@tappa/contracts';
import { textRouteJson } from '@tappa/domain/fixtures/text-route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestDatabase, TEST_DB, type TestDatabase } from './helpers/database';
import { openEventStream } from './helpers/event-stream';
import { makeTenant, makeUser, superadminScope } from './helpers/factories';
import { type Haproxy, startHaproxy } from './helpers/haproxy';
import { joinTeam, send, sendTry, signInOverHttp, tryOf } from './helpers/http-team';
import { startS3Stub, type S3Stub } from './helpers/s3rver';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { createTempDir } from './helpers/temp-dir';

// Issue 32, item 4: two instances on one PostgreSQL with S3 storage behind HAProxy running
// deploy/haproxy.cfg; streams and limits shared; a rolling restart that fails no request.
const ROUTE_SLUG = 'instances';
/** The same route asking for the teams' positions (the fixes' socket, decision 0089). */
const SHARING_SLUG = 'instances-map';
/** `RATE_LIMITS.signIn`: sign-ins a minute from one address, on whichever instance. */
const SIGN_INS_PER_MINUTE = 10;
/** Clients sending one request after the other through HAProxy during the rolling restart. */
const CLIENTS = 4;

describe.skipIf(TEST_DB !== 'postgres')('two instances behind HAProxy', () => {
  let database: TestDatabase;
  let s3: S3Stub;
  let dataDirs: Awaited<ReturnType<typeof createTempDir>>[];
  const instances: ServerProcess[] = [];
  let lb: Haproxy;
  let slug: string;
  let staff: { email: string; password: string };
  let env: (n: number, port?: string) => NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase();
    const tenant = await makeTenant(database.db);
    slug = tenant.slug;
    const json = textRouteJson({ slug: ROUTE_SLUG, title: 'Two', description: 'I', steps: 3 });
    await importRoute(database.db, superadminScope(tenant), json);
    const sharing = textRouteJson({ slug: SHARING_SLUG, title: 'Map', description: 'I', steps: 3 });
    await importRoute(
      database.db,
      superadminScope(tenant),
      JSON.stringify({ ...(JSON.parse(sharing) as object), location_sharing: true }),
    );
    staff = await makeUser(database.db, { role: 'tenant_admin', tenantId: tenant.id });
    s3 = await startS3Stub('tappa-instances');
    dataDirs = await Promise.all([createTempDir('instance-1'), createTempDir('instance-2')]);
    env = (n, port = '0') => ({
      ...s3.env,
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDirs[n]?.path ?? '',
      SEED_DEMO: 'false',
      // The client's address is the one HAProxy (on this host) adds to X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      PORT: port,
    });
    instances.push(
      ...(await Promise.all([startServerProcess(env(0)), startServerProcess(env(1))])),
    );
    const [a, b] = instances.map((instance) => new URL(instance.baseUrl).host);
    lb = await startHaproxy([a ?? '', b ?? '']);
  }, 60_000);
  afterAll(async () => {
    await lb?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await s3?.close();
    await database?.close();
    await Promise.all(dataDirs?.map((dir) => dir.remove()) ?? []);
  });

  it('shares streams: a scoreboard on one instance shows a try made on the other', async () => {
    const board = await openEventStream(
      `${lb.url}/api/public/tenants/${slug}/scoreboard/stream?route=${ROUTE_SLUG}`,
    );
    try {
      const served = board.headers['x-tappa-instance'];
      expect(['app1', 'app2']).toContain(served);
      const other = instances[served === 'app1' ? 1 : 0];
      if (!other) throw new Error('no other instance');
      const team = await joinTeam(other.baseUrl, {
        slug,
        routeSlug: ROUTE_SLUG,
        n: 1,
        domain: 'instances.test',
      });
      const first = tryOf(slug, team, 0, 'risposta-1');
      const res = await sendTry(other.baseUrl, team, first);
      expect(res.status).toBe(200);
      await board.waitFor(
        (e) =>
          e.event === RANKINGS_EVENT &&
          (JSON.parse(e.data) as Rankings).overall.some(
            (row) => row.team_name === 'Squadra 1' && row.score > 0,
          ),
      );
    } finally {
      board.close();
    }
  });

  it("carries a phone's fixes' socket to an instance, and its fix reaches the console", async () => {
    const team = await joinTeam(lb.url, {
      slug,
      routeSlug: SHARING_SLUG,
      n: 5,
      domain: 'instances.test',
    });
    const shared = await send(`${lb.url}/api/play/${slug}/games/${team.gameId}/location`, {
      method: 'PUT',
      ip: team.ip,
      cookie: team.cookie,
      body: JSON.stringify({ sharing: 'shared' }),
      type: 'application/json',
    });
    expect(shared.status).toBe(200);
    const socketUrl = `${lb.url.replace(/^http/, 'ws')}/api/play/${slug}/games/${team.gameId}/fixes/socket`;
    const socket = new WebSocket(socketUrl, {
      headers: { cookie: team.cookie, origin: lb.url, 'x-forwarded-for': team.ip },
    });
    try {
      const answer = new Promise<unknown>((resolve, reject) => {
        socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
        socket.once('error', reject);
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const fix = {
        id: 7,
        lat: 41.9011,
        lng: 12.4833,
        accuracy_m: 6,
        taken_at: new Date().toISOString(),
      };
      socket.send(JSON.stringify(fix));
      expect(await answer).toEqual({ id: 7, ok: true });
    } finally {
      socket.close();
    }
    const staffCookie = await signInOverHttp(lb.url, { ...staff, ip: '10.98.0.5' });
    const routes = await send(`${lb.url}/api/tenants/${slug}/routes`, {
      method: 'GET',
      ip: '10.98.0.5',
      cookie: staffCookie,
    });
    const routeId = (
      (await routes.json()) as { routes: { id: string; slug: string }[] }
    ).routes.find((route) => route.slug === SHARING_SLUG)?.id;
    const live = await send(`${lb.url}/api/tenants/${slug}/live?route=${routeId}`, {
      method: 'GET',
      ip: '10.98.0.5',
      cookie: staffCookie,
    });
    const teams = ((await live.json()) as LiveConsole).teams;
    expect(teams.find((t) => t.game_id === team.gameId)?.fix?.lat).toBe(41.9011);
  });

  it('spreads the short requests over both instances while streams are open on one', async () => {
    // Three scoreboards held open: `leastconn` alone would send every short request to the
    // instance holding fewer of them.
    const boards = await Promise.all(
      [1, 2, 3].map(() =>
        openEventStream(
          `${lb.url}/api/public/tenants/${slug}/scoreboard/stream?route=${ROUTE_SLUG}`,
        ),
      ),
    );
    try {
      const served: string[] = [];
      for (let n = 0; n < 10; n += 1) {
        const res = await send(
          `${lb.url}/api/public/tenants/${slug}/scoreboard?route=${ROUTE_SLUG}`,
          {
            method: 'GET',
            ip: '10.98.0.3',
          },
        );
        expect(res.status).toBe(200);
        served.push(String(res.headers.get('x-tappa-instance')));
      }
      expect(served.filter((name) => name === 'app1')).toHaveLength(5);
      expect(served.filter((name) => name === 'app2')).toHaveLength(5);
    } finally {
      for (const board of boards) board.close();
    }
  });

  it('shares limits: sign-ins from one address are counted on both instances together', async () => {
    const signIn = (instance: ServerProcess | undefined) =>
      send(`${instance?.baseUrl}/api/session/sign-in`, {
        method: 'POST',
        ip: '10.98.0.2',
        body: JSON.stringify(staff),
        type: 'application/json',
      });
    for (let n = 0; n < SIGN_INS_PER_MINUTE; n += 1) {
      expect((await signIn(instances[n % 2])).status).toBe(200);
    }
    // Each instance admitted half the limit: together they admit no more.
    expect((await signIn(instances[0])).status).toBe(429);
    expect((await signIn(instances[1])).status).toBe(429);
  });

  it('restarts both instances in turn while a client keeps asking: no request fails', async () => {
    const team = await joinTeam(lb.url, {
      slug,
      routeSlug: ROUTE_SLUG,
      n: 2,
      domain: 'instances.test',
    });
    const staffCookie = await signInOverHttp(lb.url, { ...staff, ip: '10.98.0.3' });
    let isRestarting = true;
    const counts = { sent: 0, failed: 0, whileDown: [0, 0] };
    const failures: string[] = [];
    let down: number | null = null;
    // One request after the other until the restarts are done: the team's game and staff
    // point adjustments (each carries its id, so HAProxy may send it again), each answered 200.
    const client = async () => {
      for (let n = 0; isRestarting; n += 1) {
        const adjustment = { action_id: randomUUID(), points: 1, reason: `Bonus ${n}` };
        const res = await (
          n % 2 === 0
            ? send(`${lb.url}/api/play/${slug}/games/${team.gameId}`, {
                method: 'GET',
                ip: team.ip,
                cookie: team.cookie,
              })
            : send(`${lb.url}/api/tenants/${slug}/live/games/${team.gameId}/points`, {
                method: 'POST',
                ip: '10.98.0.3',
                cookie: staffCookie,
                body: JSON.stringify(adjustment),
                type: 'application/json',
              })
        ).catch((err: unknown) => String(err));
        counts.sent += 1;
        if (down !== null) counts.whileDown[down] = (counts.whileDown[down] ?? 0) + 1;
        if (typeof res === 'string' || res.status !== 200) {
          counts.failed += 1;
          failures.push(typeof res === 'string' ? res : `${res.status} ${await res.text()}`);
        } else {
          await res.arrayBuffer();
        }
      }
    };
    const rolling = async () => {
      for (const n of [0, 1]) {
        const instance = instances[n];
        if (!instance) throw new Error('no instance');
        const isDown = lb.next(n + 1, 'DOWN');
        await instance.stop();
        expect(instance.exitCode()).toBe(0);
        await isDown;
        down = n;
        const isUp = lb.next(n + 1, 'UP');
        instances[n] = await startServerProcess(env(n, new URL(instance.baseUrl).port));
        await isUp;
        down = null;
      }
      isRestarting = false;
    };
    // A few clients at once, so that requests are under way on an instance when it stops.
    await Promise.all([rolling(), ...Array.from({ length: CLIENTS }, client)]);
    expect(failures).toEqual([]);
    expect(counts.failed).toBe(0);
    // Requests were sent while each instance was out (and while it was stopping).
    expect(counts.whileDown[0]).toBeGreaterThan(0);
    expect(counts.whileDown[1]).toBeGreaterThan(0);
    console.info(
      `rolling restart: ${counts.sent} requests through HAProxy, ${counts.failed} failed ` +
        `(${counts.whileDown.join(' and ')} while app1 and app2 were out)`,
    );
  }, 120_000);

  it('sends a request that a closing instance refused (503) again, to the other one', async () => {
    // Two stand-ins: one closing (ready for the checks, 503 to anything else), one answering.
    const refused: string[] = [];
    const standIn = (isClosing: boolean) =>
      http.createServer((req, res) => {
        req.resume();
        if (isClosing && req.url !== '/api/health') {
          refused.push(req.method ?? '');
          res.writeHead(503, { connection: 'close' }).end();
        } else {
          res.end('{}');
        }
      });
    const servers = [standIn(true), standIn(false)];
    const hosts = await Promise.all(
      servers.map(
        (server) =>
          new Promise<string>((resolve) =>
            server.listen(0, '127.0.0.1', () => {
              const address = server.address();
              resolve(typeof address === 'object' && address ? `127.0.0.1:${address.port}` : '');
            }),
          ),
      ),
    );
    const standInLb = await startHaproxy([hosts[0] ?? '', hosts[1] ?? '']);
    try {
      for (const method of ['GET', 'POST', 'GET', 'POST']) {
        const res = await fetch(`${standInLb.url}/api/anything`, {
          method,
          body: method === 'POST' ? '{"action_id":"x"}' : undefined,
        });
        expect(res.status).toBe(200);
      }
      // The closing one got requests, and none of its answers reached the client.
      expect(refused).toContain('POST');
    } finally {
      await standInLb.close();
      for (const server of servers) server.close();
    }
  });
});
