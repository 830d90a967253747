import type { FixSocketAnswer } from '@tappa/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { statementsOf } from '../src/db/rows';
import { gameFixes } from '../src/db/schema';
import {
  FIX_SOCKET_CLOSED_REFUSED,
  FIX_SOCKET_IN_FLIGHT_MAX,
  FIX_SOCKET_PING_MS,
} from '../src/modules/games/fixes/fix-socket';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { managedTenant } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { startTeam, TREVI, treviStep } from './helpers/team';

const T0 = Date.parse('2026-11-30T09:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A route that asks its teams for their position, and one that does not. */
const SHARING = {
  id: 'mappa-socket',
  title: 'Mappa socket',
  location_sharing: true,
  location_purpose: 'Per ritrovarvi se vi perdete',
  steps: [treviStep(1, { check_answer: 'uno' }), treviStep(2, { check_answer: 'due' })],
};
const PLAIN = { id: 'senza-socket', title: 'Senza socket', steps: [treviStep(1)] };

/** A socket's handshake refused before the upgrade: its HTTP status and error code. */
interface Refusal {
  status: number;
  code: string;
}

/** A client socket with its answers in order, and waits on them. */
class Phone {
  readonly answers: FixSocketAnswer[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;
  pings = 0;

  constructor(readonly socket: WebSocket) {
    socket.on('ping', () => {
      this.pings += 1;
      this.wake();
    });
    socket.on('message', (data) => {
      this.answers.push(JSON.parse((data as Buffer).toString('utf8')) as FixSocketAnswer);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Waits until `ready` holds, woken by each answer and the close. */
  async until(ready: () => boolean): Promise<void> {
    while (!ready()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** The answer to fix `id`, once it came. */
  async answerTo(id: number): Promise<FixSocketAnswer> {
    await this.until(() => this.answers.some((a) => a.id === id) || this.closed !== null);
    const found = this.answers.find((a) => a.id === id);
    if (!found) throw new Error(`no answer to ${id}; closed ${JSON.stringify(this.closed)}`);
    return found;
  }

  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
}

describe(`the fixes' socket on ${TEST_DB} (issue 37, decision 0089)`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let wsBase: string;
  let host: string;
  let tenant: Awaited<ReturnType<typeof managedTenant>>;
  const phones: Phone[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = new URL(base).host;
    wsBase = base.replace(/^http/, 'ws');
    tenant = await managedTenant(t.app, t.database.db);
    for (const route of [SHARING, PLAIN]) {
      const imported = await tenant.api('POST', '/routes/import', { json: JSON.stringify(route) });
      expect(imported.statusCode, imported.body).toBe(200);
    }
  });
  afterAll(async () => {
    for (const phone of phones) phone.socket.terminate();
    await t.close();
  });

  /** A team playing `routeSlug` that answered `sharing` (none on a route that does not ask). */
  async function team(email: string, opts: { routeSlug?: string; sharing?: string } = {}) {
    const started = await startTeam(t.app, {
      slug: tenant.slug,
      email,
      routeSlug: opts.routeSlug ?? SHARING.id,
    });
    if (opts.sharing) {
      const res = await started.req('PUT', `/games/${started.gameId}/location`, {
        sharing: opts.sharing,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return started;
  }

  const socketPath = (gameId: string) => `/api/play/${tenant.slug}/games/${gameId}/fixes/socket`;

  /**
   * Opens the game's socket as a phone with `headers` (on the app at `base`, the suite's by
   * default): the phone, or the refusal.
   */
  function connect(
    gameId: string,
    headers: Record<string, string>,
    { base = wsBase, ...opts }: { autoPong?: boolean; base?: string } = {},
  ): Promise<Phone | Refusal> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base}${socketPath(gameId)}`, { headers, ...opts });
      socket.once('open', () => {
        const phone = new Phone(socket);
        phones.push(phone);
        resolve(phone);
      });
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += String(chunk)));
        response.on('end', () => {
          const parsed = JSON.parse(body || '{}') as { error?: { code?: string } };
          resolve({ status: response.statusCode ?? 0, code: parsed.error?.code ?? '' });
        });
      });
      socket.once('error', reject);
    });
  }

  async function phoneOf(
    gameId: string,
    cookie: string,
    opts: { autoPong?: boolean; base?: string } = {},
  ) {
    const origin = opts.base ? opts.base.replace(/^ws/, 'http') : `http://${host}`;
    const opened = await connect(gameId, { cookie, origin }, opts);
    if (!(opened instanceof Phone)) throw new Error(`refused: ${JSON.stringify(opened)}`);
    return opened;
  }

  const fix = (id: number, fields: Record<string, unknown> = {}) => ({
    id,
    lat: TREVI.lat,
    lng: TREVI.lng,
    accuracy_m: 8,
    taken_at: iso(clock.nowMs()),
    ...fields,
  });
  /** Once the server answered a ping of `phone`'s own, it has read all that `phone` sent before. */
  const read = (phone: Phone) =>
    new Promise<void>((resolve) => {
      phone.socket.once('pong', () => resolve());
      phone.socket.ping();
    });
  const fixesOf = (gameId: string) =>
    rawDb(t.database.db)
      .select()
      .from(gameFixes)
      .where(eq(gameFixes.game_id, gameId))
      .orderBy(asc(gameFixes.id));

  it('keeps each fix as the request would, answers it by its number, and the same fix once', async () => {
    const sharing = await team('socket-share@example.com', { sharing: 'shared' });
    const phone = await phoneOf(sharing.gameId, sharing.cookie());

    phone.send(fix(1, { lat: 41.9011 }));
    expect(await phone.answerTo(1)).toEqual({ id: 1, ok: true });
    // The same fix again (a phone that did not see the answer): answered, kept once.
    phone.send(fix(2, { lat: 41.9011 }));
    expect(await phone.answerTo(2)).toEqual({ id: 2, ok: true });
    clock.advance(10_000);
    phone.send(fix(3, { lat: 41.9022, accuracy_m: null }));
    expect(await phone.answerTo(3)).toEqual({ id: 3, ok: true });

    const kept = await fixesOf(sharing.gameId);
    expect(kept.map((row) => [row.lat, row.accuracy_m])).toEqual([
      [41.9011, 8],
      [41.9022, null],
    ]);
    expect(kept[1]!.taken_at.toISOString()).toBe(iso(T0 + 10_000));
  });

  it('refuses bad messages by their number, keeps nothing of them and stays open', async () => {
    clock.advance(60_000);
    const sharing = await team('socket-bad@example.com', { sharing: 'shared' });
    const phone = await phoneOf(sharing.gameId, sharing.cookie());
    const future = iso(clock.nowMs() + 10 * 60_000);
    const bad: [unknown, FixSocketAnswer][] = [
      [fix(10, { lat: 91 }), { id: 10, error: 'validation_failed' }],
      [fix(11, { lng: 'east' }), { id: 11, error: 'validation_failed' }],
      [fix(12, { accuracy_m: -1 }), { id: 12, error: 'validation_failed' }],
      [fix(13, { taken_at: future }), { id: 13, error: 'fix_time_invalid' }],
      [fix(-1), { id: null, error: 'validation_failed' }],
      ['not json', { id: null, error: 'validation_failed' }],
    ];
    for (const [message] of bad) phone.send(message);
    await phone.until(() => phone.answers.length === bad.length);
    expect(phone.answers).toEqual(expect.arrayContaining(bad.map(([, answer]) => answer)));
    // A binary frame is no fix either.
    phone.socket.send(Buffer.from([1, 2, 3]));
    await phone.until(() => phone.answers.length === bad.length + 1);
    expect(phone.answers.at(-1)).toEqual({ id: null, error: 'validation_failed' });
    expect(await fixesOf(sharing.gameId)).toEqual([]);

    phone.send(fix(14));
    expect(await phone.answerTo(14)).toEqual({ id: 14, ok: true });
    expect(await fixesOf(sharing.gameId)).toHaveLength(1);
  });

  it('closes a socket that sends a message of more than 4 KB', async () => {
    clock.advance(60_000);
    const sharing = await team('socket-large@example.com', { sharing: 'shared' });
    const phone = await phoneOf(sharing.gameId, sharing.cookie());
    phone.send(JSON.stringify({ ...fix(1), padding: 'x'.repeat(5000) }));
    await phone.until(() => phone.closed !== null);
    expect(phone.closed?.code).toBe(1009);
    expect(phone.answers).toEqual([]);
    expect(await fixesOf(sharing.gameId)).toEqual([]);
  });

  it('keeps at most a few fixes of a socket at once and refuses the next', async () => {
    clock.advance(60_000);
    const sharing = await team('socket-burst@example.com', { sharing: 'shared' });
    const phone = await phoneOf(sharing.gameId, sharing.cookie());
    const burst = FIX_SOCKET_IN_FLIGHT_MAX + 3;
    // In one write: the server reads them at once, before the first is written.
    const tcp = (phone.socket as unknown as { _socket: Socket })._socket;
    tcp.cork();
    for (let i = 0; i < burst; i += 1)
      phone.send(fix(100 + i, { taken_at: iso(clock.nowMs() - i * 3_000) }));
    tcp.uncork();
    await phone.until(() => phone.answers.length === burst);
    const byId = (id: number) => phone.answers.find((a) => a.id === id);
    for (let i = 0; i < burst; i += 1) {
      expect(byId(100 + i)).toEqual(
        i < FIX_SOCKET_IN_FLIGHT_MAX
          ? { id: 100 + i, ok: true }
          : { id: 100 + i, error: 'rate_limited' },
      );
    }
    expect(await fixesOf(sharing.gameId)).toHaveLength(FIX_SOCKET_IN_FLIGHT_MAX);
    // Once they are kept, the socket takes fixes again.
    clock.advance(10_000);
    phone.send(fix(200));
    expect(await phone.answerTo(200)).toEqual({ id: 200, ok: true });
  });

  it("gathers every socket's messages for FIX_GATHER_MS on its clock, then keeps their fixes in one write", async () => {
    clock.advance(60_000);
    const teams = [
      await team('socket-gather-1@example.com', { sharing: 'shared' }),
      await team('socket-gather-2@example.com', { sharing: 'shared' }),
    ];
    const gathering = await createTestApp({
      clock,
      database: t.database,
      env: { FIX_GATHER_MS: '100' },
    });
    try {
      const base = (await gathering.app.listen({ port: 0, host: '127.0.0.1' })).replace(
        /^http/,
        'ws',
      );
      const [first, second] = await Promise.all(
        teams.map((each) => phoneOf(each.gameId, each.cookie(), { base })),
      );
      first!.send(fix(1, { lat: 41.9 }));
      second!.send(fix(1, { lat: 41.901 }));
      first!.send('not json');
      // While the clock stands, the server has read them all and answered none, written none.
      await read(first!);
      await read(second!);
      expect([first!.answers, second!.answers]).toEqual([[], []]);
      for (const each of teams) expect(await fixesOf(each.gameId)).toEqual([]);

      clock.advance(100);
      expect(await first!.answerTo(1)).toEqual({ id: 1, ok: true });
      expect(await second!.answerTo(1)).toEqual({ id: 1, ok: true });
      expect(first!.answers).toContainEqual({ id: null, error: 'validation_failed' });
      const kept = await Promise.all(teams.map((each) => fixesOf(each.gameId)));
      expect(kept.map((rows) => rows.map((row) => row.lat))).toEqual([[41.9], [41.901]]);
      // One statement wrote both: the same transaction.
      const writers = await statementsOf(rawDb(t.database.db))(
        sql`select distinct xmin::text from game_fixes
          where game_id in (${teams[0]!.gameId}, ${teams[1]!.gameId})`,
      );
      expect(writers).toHaveLength(1);
    } finally {
      await gathering.close();
    }
  });

  it('refuses the handshake as a fix would be refused, before anything is upgraded', async () => {
    const declining = await team('socket-declines@example.com', { sharing: 'declined' });
    const plain = await team('socket-plain@example.com', { routeSlug: PLAIN.id });
    const sharing = await team('socket-owner@example.com', { sharing: 'shared' });
    const origin = `http://${host}`;
    const cases: [string, Promise<Phone | Refusal>, Refusal][] = [
      [
        'no player cookie',
        connect(sharing.gameId, { origin }),
        {
          status: 401,
          code: 'player_session_invalid',
        },
      ],
      [
        'another team’s game',
        connect(sharing.gameId, { origin, cookie: plain.cookie() }),
        {
          status: 404,
          code: 'game_not_found',
        },
      ],
      [
        'a team that declined',
        connect(declining.gameId, { origin, cookie: declining.cookie() }),
        {
          status: 409,
          code: 'location_not_shared',
        },
      ],
      [
        'a route that does not ask',
        connect(plain.gameId, { origin, cookie: plain.cookie() }),
        {
          status: 409,
          code: 'location_not_asked',
        },
      ],
      [
        'a page of another site',
        connect(sharing.gameId, { origin: 'https://evil.example', cookie: sharing.cookie() }),
        { status: 403, code: 'forbidden' },
      ],
      [
        'an origin that is no origin',
        connect(sharing.gameId, { origin: 'null', cookie: sharing.cookie() }),
        { status: 403, code: 'forbidden' },
      ],
    ];
    for (const [what, opened, refusal] of cases) {
      const result = await opened;
      expect(result instanceof Phone ? 'opened' : result, what).toEqual(
        expect.objectContaining(refusal),
      );
    }
  });

  it('closes once the game keeps no more fixes, after answering why', async () => {
    clock.advance(60_000);
    const sharing = await team('socket-suspends@example.com', { sharing: 'shared' });
    const phone = await phoneOf(sharing.gameId, sharing.cookie());
    phone.send(fix(1));
    expect(await phone.answerTo(1)).toEqual({ id: 1, ok: true });
    // 'Sospendi condivisione' from another of the team's phones.
    const suspended = await sharing.req('PUT', `/games/${sharing.gameId}/location`, {
      sharing: 'suspended',
    });
    expect(suspended.statusCode).toBe(200);
    clock.advance(10_000);
    phone.send(fix(2));
    expect(await phone.answerTo(2)).toEqual({ id: 2, error: 'location_not_shared' });
    await phone.until(() => phone.closed !== null);
    expect(phone.closed).toEqual({
      code: FIX_SOCKET_CLOSED_REFUSED,
      reason: 'location_not_shared',
    });
    expect(await fixesOf(sharing.gameId)).toHaveLength(1);
  });

  it('pings only a socket it heard nothing from, and closes one that leaves a ping unanswered', async () => {
    clock.advance(60_000);
    const sharing = await team('socket-silent@example.com', { sharing: 'shared' });
    // Three phones of the team: one sends its fixes, one only answers pings (as browsers do),
    // one is out of reach. One timer looks at every socket, however many there are.
    const timersBefore = clock.pendingTimers();
    const sending = await phoneOf(sharing.gameId, sharing.cookie());
    const answering = await phoneOf(sharing.gameId, sharing.cookie());
    const silent = await phoneOf(sharing.gameId, sharing.cookie(), { autoPong: false });
    expect(clock.pendingTimers() - timersBefore).toBeLessThanOrEqual(1);

    // The first look: each was heard from (it opened), none is pinged.
    clock.advance(FIX_SOCKET_PING_MS);
    sending.send(fix(1));
    expect(await sending.answerTo(1)).toEqual({ id: 1, ok: true });
    // The second look: the two that said nothing since are pinged, the one that sent a fix is not.
    clock.advance(FIX_SOCKET_PING_MS);
    await answering.until(() => answering.pings === 1);
    await silent.until(() => silent.pings === 1);
    await read(answering);
    await read(sending);
    expect(sending.pings).toBe(0);
    sending.send(fix(2));
    expect(await sending.answerTo(2)).toEqual({ id: 2, ok: true });
    // The third look: the one that left its ping unanswered is closed; the others stay.
    clock.advance(FIX_SOCKET_PING_MS);
    await silent.until(() => silent.closed !== null);
    expect(silent.closed?.code).toBe(1006);
    await read(answering);
    await read(sending);
    expect([answering.closed, sending.closed, answering.pings, sending.pings]).toEqual([
      null,
      null,
      1,
      0,
    ]);
    // The fourth look: the one that only answered is pinged again.
    clock.advance(FIX_SOCKET_PING_MS);
    await answering.until(() => answering.pings === 2);
    expect(answering.closed).toBeNull();
  });
});
