import { setTimeout as sleep } from 'node:timers/promises';
import {
  messages,
  type PlayerMessage,
  type StaffMessagesPage,
  staffMessages,
  urlOf,
} from '@tappa/contracts';
import { createHttpClient, type HttpClient } from '../lib/http-client';
import type { ServerProcess } from '../lib/server-process';
import { apiCall, type BenchWorld, type Team } from '../lib/setup';
import { epochNow } from '../scoreboards/held-streams';
import { type FeedConnection, openFeed } from './feed-connection';
import { sendMessage, type Staff } from './world';

/** How long a phone may wait for a message before the wait counts as failed (a guard). */
const GUARD_MS = 10_000;
/** How far ahead the message scheduled before the restart is due. */
const SCHEDULED_AHEAD_MS = 5000;

/** A message as a phone saw it: its `seq`, its text and the connection it came on. */
interface Seen {
  seq: number;
  body: string;
  connection: number;
  at: number;
}

/** A phone that drops and restores its feed, as a browser's EventSource across dead zones. */
class CyclePhone {
  readonly seen: Seen[] = [];
  /** The texts of the messages sent to it (its team's and the tenant's). */
  readonly expected = new Set<string>();
  connections = 0;
  /** Waits that reached their guard. */
  timeouts = 0;
  private connection: FeedConnection | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly n: number,
    readonly team: Team,
    private readonly feedPath: string,
  ) {}

  /** The id of the last event it saw: the browser's `Last-Event-ID`. */
  get lastEventId(): string | undefined {
    const last = this.seen.at(-1);
    return last === undefined ? undefined : String(last.seq);
  }

  /**
   * Opens the feed: from the start the first time, then after `Last-Event-ID`. Answers the time
   * from the request to its answer (200), ms.
   */
  async connect(baseUrl: string): Promise<number> {
    const requested = epochNow();
    const connection = this.connections;
    const lastEventId = this.lastEventId;
    this.connection = openFeed({
      baseUrl,
      path: lastEventId === undefined ? `${this.feedPath}?after=0` : this.feedPath,
      cookie: this.team.cookie,
      ip: this.team.ip,
      ...(lastEventId === undefined ? {} : { lastEventId }),
      onEvent: (event) => {
        const { body } = JSON.parse(event.data) as PlayerMessage;
        this.seen.push({ seq: event.seq, body, connection, at: event.at });
        for (const wake of [...this.waiters]) wake();
      },
    });
    if (!(await this.connection.opened)) {
      throw new Error(`phone ${this.n}: its feed was refused (connection ${connection})`);
    }
    this.connections += 1;
    return epochNow() - requested;
  }

  /** Drops the connection (the socket destroyed) and waits until it has ended. */
  async drop(): Promise<void> {
    this.connection?.drop();
    await this.connection?.ended;
  }

  /** Resolves once the server has ended the connection (a shutdown), or after the guard. */
  async endedByServer(): Promise<boolean> {
    const connection = this.connection;
    if (!connection) return true;
    return Promise.race([connection.ended.then(() => true), sleep(GUARD_MS).then(() => false)]);
  }

  /** When the message with `body` arrived (epoch ms), once it has; null after the guard. */
  async arrival(body: string): Promise<number | null> {
    const find = () => this.seen.find((s) => s.body === body)?.at;
    const found = await this.waitUntil(() => find() !== undefined);
    return found ? (find() ?? null) : null;
  }

  /** Resolves true once every message sent to it has arrived; false after the guard. */
  hasAll(): Promise<boolean> {
    return this.waitUntil(() => {
      const bodies = new Set(this.seen.map((s) => s.body));
      return [...this.expected].every((body) => bodies.has(body));
    });
  }

  /** Checked on every event, not on a timer; false (and counted) after the guard. */
  private async waitUntil(isDone: () => boolean): Promise<boolean> {
    if (isDone()) return true;
    let wake: () => void = () => undefined;
    const done = new Promise<boolean>((resolve) => {
      wake = () => {
        if (isDone()) resolve(true);
      };
      this.waiters.add(wake);
    });
    const guard = new AbortController();
    const isMet = await Promise.race([
      done,
      sleep(GUARD_MS, false, { signal: guard.signal }).catch(() => false),
    ]);
    guard.abort();
    this.waiters.delete(wake);
    if (!isMet) this.timeouts += 1;
    return isMet;
  }
}

/** What a phone saw against what was sent to it. */
export interface PhoneCount {
  n: number;
  sentTo: number;
  saw: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  /** Messages it saw that were not sent to it (another team's). */
  foreign: number;
  connections: number;
  timeouts: number;
}

/** What the cycles phase saw. */
export interface CyclesResult {
  phones: PhoneCount[];
  cycles: number;
  /** Messages sent: to one team, to the tenant (the scheduled one included). */
  sentToTeams: number;
  sentToTenant: number;
  /** Send → the live message's event, ms. */
  liveMs: number[];
  /** Reconnection requested → both messages sent while down arrived, ms. */
  catchUpMs: number[];
  /** Reconnection requested → its answer (200, the stream open), ms. */
  openMs: number[];
  restart: {
    /** Stop asked → the new server listening, s. */
    downS: number;
    /** Server ended the phones' feeds at the stop. */
    endedByServer: number;
    /** The scheduled message: due while the server was down; when it went after its due time. */
    dueWhileDown: boolean;
    sentAfterDueMs: number | null;
    /** The new server listening, after the message's due time. */
    listeningAfterDueMs: number;
    /** The last reconnection → every message sent to the phone arrived, ms. */
    caughtUpMs: number[];
  };
}

/**
 * Phase 2 on a fresh tenant: `phones` phones, each on its own, run `cycles` cycles of: feed
 * open (after `Last-Event-ID`) → a message to its team arrives live → the socket destroyed →
 * two messages sent while it is down (one to its team, one to the tenant, which every phone is
 * to get) → reconnect. Then all reconnect, a message to the tenant is scheduled a few seconds
 * ahead, the server is stopped and started again (same data) after it is due, and every phone
 * reconnects a last time; one more message goes to the tenant. Every phone's messages are
 * counted against those sent to it.
 */
export async function cyclesPhase(opts: {
  client: HttpClient;
  server: ServerProcess;
  world: BenchWorld;
  staff: Staff;
  cycles: number;
  /** Starts the stopped `server` again on the same data directory or database and port. */
  startAgain: (server: ServerProcess) => Promise<ServerProcess>;
}): Promise<CyclesResult & { server: ServerProcess }> {
  const { world, staff } = opts;
  let client = opts.client;
  let server = opts.server;
  const feedPath = urlOf(messages.stream, { slug: world.slug });
  const phones = world.teams.map((team, n) => new CyclePhone(n, team, feedPath));
  const liveMs: number[] = [];
  const catchUpMs: number[] = [];
  const openMs: number[] = [];
  let sentToTeams = 0;
  let sentToTenant = 0;
  const toTeam = async (phone: CyclePhone, body: string) => {
    phone.expected.add(body);
    sentToTeams += 1;
    return sendMessage(client, staff, { audience: 'team', game_id: phone.team.gameId, body });
  };
  const toTenant = async (body: string, sendAt?: string) => {
    for (const phone of phones) phone.expected.add(body);
    sentToTenant += 1;
    return sendMessage(client, staff, {
      audience: 'tenant',
      body,
      ...(sendAt ? { send_at: sendAt } : {}),
    });
  };

  await Promise.all(
    phones.map(async (phone) => {
      let down: string[] = [];
      for (let cycle = 0; cycle < opts.cycles; cycle += 1) {
        const reconnected = epochNow();
        const answeredMs = await phone.connect(server.baseUrl);
        if (down.length > 0) {
          openMs.push(answeredMs);
          const arrivals = await Promise.all(down.map((body) => phone.arrival(body)));
          const times = arrivals.filter((at): at is number => at !== null);
          if (times.length === down.length) catchUpMs.push(Math.max(...times) - reconnected);
        }
        const live = await toTeam(phone, `p${phone.n} c${cycle} live`);
        const at = await phone.arrival(`p${phone.n} c${cycle} live`);
        if (at !== null) liveMs.push(at - live.t0);
        await phone.drop();
        down = [`p${phone.n} c${cycle} down team`, `p${phone.n} c${cycle} down tenant`];
        await toTeam(phone, down[0]!);
        await toTenant(down[1]!);
      }
      // Back once more: what the last dead zone missed, then every tenant message so far.
      await phone.connect(server.baseUrl);
      await phone.hasAll();
    }),
  );
  // Every phone has everything sent so far (each waited above; again now that all are sent).
  await Promise.all(phones.map((phone) => phone.hasAll()));

  const dueMs = Date.now() + SCHEDULED_AHEAD_MS;
  const scheduled = await toTenant('scheduled during the restart', new Date(dueMs).toISOString());
  const stoppedAt = performance.now();
  const stopping = server.stop();
  const ended = await Promise.all(phones.map((phone) => phone.endedByServer()));
  await stopping;
  const dueWhileDown = Date.now() < dueMs;
  // The message is to come due while no server runs: the new one starts after its time.
  if (Date.now() < dueMs + 100) await sleep(dueMs + 100 - Date.now());
  server = await opts.startAgain(server);
  // A client of its own for the new server: none of the old one's connections is reused.
  client = createHttpClient(server.baseUrl, 8);
  const listeningAt = epochNow();
  const downS = (performance.now() - stoppedAt) / 1000;
  const reconnected = epochNow();
  await Promise.all(phones.map((phone) => phone.connect(server.baseUrl)));
  await toTenant('after the restart');
  const caughtUpMs: number[] = [];
  await Promise.all(
    phones.map(async (phone) => {
      if (await phone.hasAll())
        caughtUpMs.push(Math.max(...phone.seen.map((s) => s.at)) - reconnected);
    }),
  );
  for (const phone of phones) await phone.drop();
  const sentAt = await sentAtOf(client, staff, scheduled.message.id);
  client.close();

  const sentMs = sentAt ? Date.parse(sentAt) : null;
  return {
    server,
    phones: phones.map(count),
    cycles: opts.cycles,
    sentToTeams,
    sentToTenant,
    liveMs,
    catchUpMs,
    openMs,
    restart: {
      downS,
      endedByServer: ended.filter(Boolean).length,
      dueWhileDown,
      sentAfterDueMs: sentMs === null ? null : sentMs - dueMs,
      listeningAfterDueMs: listeningAt - dueMs,
      caughtUpMs,
    },
  };
}

/** A phone's messages against those sent to it. */
function count(phone: CyclePhone): PhoneCount {
  const seqs = new Set<number>();
  let duplicated = 0;
  let outOfOrder = 0;
  let previous = -1;
  for (const { seq } of phone.seen) {
    if (seqs.has(seq)) duplicated += 1;
    else if (seq < previous) outOfOrder += 1;
    seqs.add(seq);
    previous = Math.max(previous, seq);
  }
  const bodies = new Set(phone.seen.map((s) => s.body));
  return {
    n: phone.n,
    sentTo: phone.expected.size,
    saw: phone.seen.length,
    lost: [...phone.expected].filter((body) => !bodies.has(body)).length,
    duplicated,
    outOfOrder,
    foreign: [...bodies].filter((body) => !phone.expected.has(body)).length,
    connections: phone.connections,
    timeouts: phone.timeouts,
  };
}

/** When the staff's list says a message went (ISO), if it went. */
async function sentAtOf(client: HttpClient, staff: Staff, id: string): Promise<string | null> {
  const page = await apiCall(client, {
    method: 'GET',
    path: urlOf(staffMessages.list, { slug: staff.slug }),
    cookie: staff.cookie,
    ip: staff.ip,
  });
  const list = JSON.parse(page.body) as StaffMessagesPage;
  return list.messages.find((m) => m.id === id)?.sent_at ?? null;
}
