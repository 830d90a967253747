// Live map scenario (issue 37, "Numbers it must reach"; decision 0086): a route that asks for
// positions, `--teams` (1,000) teams sharing theirs and `--declining` (100) playing without,
// the real server in a child process, on PGlite then PostgreSQL.
// 1. push: every sharing team sends a fix every 10 s (100 a second) and tries at a human pace
//    (each try carries its position, which the server keeps as a fix), two consoles open on the
//    route: from each fix's request to the first console frame that shows the team at that fix
//    or a newer one, on every console.
// 2. first load: the console opened on its map (`?view=map`) in Chromium (desktop, cold cache),
//    signed in: bytes on the wire beyond the map tiles (refused: this machine reaches no tile
//    server) and the moment the markers of every sharing team show; then the console opened on
//    its table and 'Mappa' clicked, the same way (reported, not judged).
// 3. cost: the server's CPU (with its PostgreSQL backends) per fix, per try of a sharing team
//    and per try of a declining one, each alone at a steady rate.
// 4. rate: the try rate (closed loop) without the fixes and with them, in pairs of short runs.
// 5. floor (after both databases): what a message costs a bare WebSocket server on this machine,
//    at the fixes' pace, beside the cost phase's try.
// Needs `npm run build` (the console page is served from apps/web/dist).
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ERROR_STATUS,
  type FixRequest,
  type FixSocketAnswer,
  type LiveConsole,
} from '@tappa/contracts';
import { WebSocket } from 'ws';
import { FIX_INTERVAL_MS, FIX_MIN_GAP_MS } from '@tappa/domain';
import { watchResources } from './event/resources';
import { openConsole } from './lib/console-stream';
import { type LoadStats, type Player, runLoad } from './lib/driver';
import type { HttpClient } from './lib/http-client';
import { httpPlayer } from './lib/http-player';
import { inBatches } from './lib/in-batches';
import { type Engine, readOptions } from './lib/options';
import { intervalVerdict, meanInterval, pairedRuns } from './lib/paired-rate';
import { percentile } from './lib/report';
import { staffPageLoads } from './lib/staff-page-loads';
import { measureFloor } from './map/bare-socket';
import { onFreshServer, readThreadsCpuMs, type ServerProcess } from './lib/server-process';
import {
  apiCall,
  benchRouteJson,
  setUpWorld,
  type StaffWorld,
  type Team,
  withStaff,
} from './lib/setup';

const { option, databases } = readOptions({
  teams: { type: 'string' },
  declining: { type: 'string' },
  steps: { type: 'string' },
  rate: { type: 'string' },
  duration: { type: 'string' },
  'cost-duration': { type: 'string' },
  'cost-rounds': { type: 'string' },
  'cost-settle': { type: 'string' },
  'rate-duration': { type: 'string' },
  'rate-pairs': { type: 'string' },
  databases: { type: 'string' },
  phases: { type: 'string' },
  'fix-transport': { type: 'string' },
});

/** `--name value` on the command line, else `BENCH_*`, else the issue's numbers. */
const OPTIONS = {
  teams: Number(option('teams', 'BENCH_TEAMS', '1000')),
  /** Teams that answered 'Gioca senza condividere': their tries are the cost phase's control. */
  declining: Number(option('declining', 'BENCH_DECLINING', '100')),
  /** Enough for the rate phase's closed loop. */
  steps: Number(option('steps', 'BENCH_STEPS', '120')),
  /** Tries a second at a human pace: 1,000 teams, one try every 20–60 s each. */
  tryRatePerS: Number(option('rate', 'BENCH_RATE', '25')),
  durationMs: Number(option('duration', 'BENCH_DURATION_S', '60')) * 1000,
  /** Each measured window of the cost phase (four kinds, each once a round). */
  costDurationMs: Number(option('cost-duration', 'BENCH_COST_DURATION_S', '5')) * 1000,
  /** The cost phase's rounds (each kind once each): the ratio's sample. */
  costRounds: Number(option('cost-rounds', 'BENCH_COST_ROUNDS', '8')),
  /** Each cost window's lead-in: the same load, unmeasured, just before it. */
  costSettleMs: Number(option('cost-settle', 'BENCH_COST_SETTLE_S', '3')) * 1000,
  rateDurationMs: Number(option('rate-duration', 'BENCH_RATE_DURATION_S', '2')) * 1000,
  ratePairs: Number(option('rate-pairs', 'BENCH_RATE_PAIRS', '16')),
  databases: databases(),
  phases: option('phases', 'BENCH_PHASES', 'push,first-load,cost,rate,floor').split(','),
  /**
   * How the phones send their fixes: over each team's fixes' socket, as the app does once it is
   * open (decision 0089), or one request each, as before it is (and as decision 0086 built).
   */
  fixTransport: option('fix-transport', 'BENCH_FIX_TRANSPORT', 'socket') as 'socket' | 'request',
};
/** A sharing phone's pace: one fix every FIX_INTERVAL_MS (10 s) of each team. */
const FIX_RATE_PER_S = (OPTIONS.teams * 1000) / FIX_INTERVAL_MS;
const CONSOLES = 2;
/** The issue's goals. */
const GOAL = {
  pushP95Ms: 1000,
  firstLoadMs: 2000,
  firstLoadKb: 300,
  rateRatio: 0.9,
  fixPerTry: 0.1,
};
/** Where the map's tiles come from (refused here: outside this machine, and not counted). */
const TILES = 'https://tile.openstreetmap.org/**';

const ms = (sorted: number[], p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
const latencies = (sorted: number[]) =>
  `p50 ${ms(sorted, 50)} | p95 ${ms(sorted, 95)} | p99 ${ms(sorted, 99)} | max ${ms(sorted, 100)}`;
const verdict = (ok: boolean, goal: string) =>
  ok ? `goal met (${goal})` : `goal NOT met (${goal})`;
const errorsOf = (stats: LoadStats) => [...stats.errors.values()].reduce((a, b) => a + b, 0);
const errorList = (stats: LoadStats) =>
  [...stats.errors].map(([status, n]) => `${n}×${status}`).join(' ') || 'none';

/** A fix as its phone sent it: when it was taken and when its request left. */
interface SentFix {
  takenAt: number;
  sentAt: number;
}

/** A team's fixes' socket, open (as the app's phone holds it), each fix answered by its number. */
async function openFixSocket(baseUrl: string, slug: string, team: Team) {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/play/${slug}/games/${team.gameId}/fixes/socket`;
  const socket = new WebSocket(url, {
    headers: { cookie: team.cookie, 'x-forwarded-for': team.ip },
  });
  const pending = new Map<number, (answer: FixSocketAnswer | null) => void>();
  socket.on('message', (data: Buffer) => {
    const answer = JSON.parse(data.toString('utf8')) as FixSocketAnswer;
    if (answer.id === null) return;
    pending.get(answer.id)?.(answer);
    pending.delete(answer.id);
  });
  socket.on('close', () => {
    for (const settle of pending.values()) settle(null);
    pending.clear();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  // A server that goes away at the end closes it: not an error of the bench's.
  socket.on('error', () => undefined);
  let nextId = 0;
  return {
    /** Sends `fix`: its answer, or null when the socket closed first. */
    send(fix: FixRequest): Promise<FixSocketAnswer | null> {
      const id = nextId++;
      // A socket the server closed (a finished game's) answers nothing more.
      if (socket.readyState !== WebSocket.OPEN) return Promise.resolve(null);
      return new Promise((resolve) => {
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, ...fix }));
      });
    },
    close: () => socket.close(),
  };
}

/**
 * Each team's phone as a player of the load whose every "try" is the team's next fix: 30 m
 * further north each time (it walks), taken now, over its fixes' socket or as a request
 * (`--fix-transport`); the sockets are opened by `connect`, before anything is measured.
 * `watch` follows each fix as it is sent.
 */
function fixSenders(client: HttpClient, baseUrl: string, slug: string, teams: Team[]) {
  let watcher: ((gameId: string, fix: SentFix) => void) | null = null;
  const sockets = new Map<string, Awaited<ReturnType<typeof openFixSocket>>>();
  const players: Player[] = teams.map((team) => {
    const start = team.steps[0] ?? { lat: 41.89, lng: 12.48 };
    let sent = 0;
    const player: Player = {
      isDone: false,
      tryNext: async () => {
        const takenAt = Date.now();
        const fix: FixRequest = {
          lat: start.lat + sent * 0.00027,
          lng: start.lng,
          accuracy_m: 8,
          taken_at: new Date(takenAt).toISOString(),
        };
        sent += 1;
        watcher?.(team.gameId, { takenAt, sentAt: performance.now() });
        const socket = sockets.get(team.gameId);
        if (socket) {
          const answer = await socket.send(fix);
          if (answer && 'ok' in answer) return { kind: 'correct' };
          // A finished game's socket answers 'game_over' and closes: its phone sends no more.
          if (!answer || answer.error === 'game_over') player.isDone = true;
          return { kind: 'error', status: answer ? ERROR_STATUS[answer.error] : 0 };
        }
        const res = await client.send({
          method: 'POST',
          path: `/api/play/${slug}/games/${team.gameId}/fixes`,
          headers: {
            'x-tappa-csrf': '1',
            'x-forwarded-for': team.ip,
            cookie: team.cookie,
            'content-type': 'application/json',
          },
          body: JSON.stringify(fix),
        });
        if (res.status === 204) return { kind: 'correct' };
        // A finished game's phone sends no more (the closed loop of the rate phase ends games).
        if (res.status === 409 && res.body.includes('game_over')) player.isDone = true;
        return { kind: 'error', status: res.status };
      },
    };
    return player;
  });
  return {
    players,
    /** Opens every team's socket (with `--fix-transport socket`), 16 at a time. */
    async connect() {
      if (OPTIONS.fixTransport !== 'socket') return;
      await inBatches(teams, 16, async (team) => {
        sockets.set(team.gameId, await openFixSocket(baseUrl, slug, team));
      });
    },
    close() {
      for (const socket of sockets.values()) socket.close();
    },
    watch: (fn: typeof watcher) => {
      watcher = fn;
    },
  };
}

/** The fix senders' open loop at a phone's pace, for `durationMs`. */
const sendFixes = (players: Player[], durationMs: number) =>
  runLoad(
    players.filter((p) => !p.isDone),
    {
      concurrency: 64,
      maxSubmissions: Infinity,
      durationMs,
      ratePerS: FIX_RATE_PER_S,
    },
  );

/** Sets every team's answer to the route's question ('Condividi la posizione' or not). */
async function answerSharing(client: HttpClient, world: StaffWorld, teams: Team[], share: boolean) {
  await inBatches(teams, 16, (team) =>
    apiCall(client, {
      method: 'PUT',
      path: `/api/play/${world.slug}/games/${team.gameId}/location`,
      cookie: team.cookie,
      ip: team.ip,
      body: JSON.stringify({ sharing: share ? 'shared' : 'declined' }),
    }),
  );
}

/**
 * Phase 1: the teams send their fixes and try at a human pace while two consoles are open. A
 * fix is timed to the first frame after it that shows its team at a position taken at most
 * FIX_MIN_GAP_MS before it, or later: the server keeps no fix within that gap after one it
 * kept (a try's, say), whose position then stands for it. One the console already showed such
 * a position for when it was sent is counted apart.
 */
async function pushPhase(
  server: ServerProcess,
  world: StaffWorld,
  senders: ReturnType<typeof fixSenders>,
  players: Player[],
) {
  const pushMs: number[] = [];
  let alreadyShown = 0;
  const consoleStates = Array.from({ length: CONSOLES }, () => ({
    /** Per game: the time of the newest fix this console showed, and its fixes waiting. */
    newest: new Map<string, number>(),
    waiting: new Map<string, SentFix[]>(),
  }));
  const standsFor = (shownAt: number, fix: SentFix) => shownAt > fix.takenAt - FIX_MIN_GAP_MS;
  const consoles = await Promise.all(
    consoleStates.map((state, n) =>
      openConsole(
        server,
        { slug: world.slug, routeId: world.routeId, cookie: world.admin, n },
        (data, at) => {
          // Both events carry the teams that are new or changed, whole.
          const { teams } = JSON.parse(data) as Pick<LiveConsole, 'teams'>;
          for (const team of teams) {
            if (!team.fix) continue;
            const shownAt = Date.parse(team.fix.at);
            state.newest.set(team.game_id, shownAt);
            const waiting = state.waiting.get(team.game_id) ?? [];
            for (const fix of waiting.filter((f) => standsFor(shownAt, f))) {
              pushMs.push(at - fix.sentAt);
            }
            state.waiting.set(
              team.game_id,
              waiting.filter((f) => !standsFor(shownAt, f)),
            );
          }
        },
      ),
    ),
  );
  senders.watch((gameId, fix) => {
    for (const state of consoleStates) {
      if (standsFor(state.newest.get(gameId) ?? -Infinity, fix)) alreadyShown += 1;
      else state.waiting.set(gameId, [...(state.waiting.get(gameId) ?? []), fix]);
    }
  });
  const [fixStats, tryStats] = await Promise.all([
    sendFixes(senders.players, OPTIONS.durationMs),
    runLoad(
      players.filter((p) => !p.isDone),
      {
        concurrency: 64,
        maxSubmissions: Infinity,
        durationMs: OPTIONS.durationMs,
        ratePerS: OPTIONS.tryRatePerS,
      },
    ),
  ]);
  // The last fixes' frames: a gathering, a coalescing window and a computation away. Each frame
  // is read until no fix waits, for 3 s at most (a frame may carry only some of them).
  const deadline = performance.now() + 3000;
  const isAnyWaiting = () =>
    consoleStates.some((state) => [...state.waiting.values()].some((w) => w.length > 0));
  while (isAnyWaiting() && performance.now() < deadline && consoles.some((s) => !s.isClosed)) {
    await Promise.race([
      ...consoles.filter((s) => !s.isClosed).map((s) => s.arrived(s.arrivals.length + 1)),
      sleep(deadline - performance.now()),
    ]);
  }
  for (const stream of consoles) stream.close();
  senders.watch(null);
  let missed = 0;
  for (const state of consoleStates) {
    for (const waiting of state.waiting.values()) missed += waiting.length;
  }
  pushMs.sort((a, b) => a - b);
  return [
    `push: ${OPTIONS.teams} sharing teams send a fix every 10 s (${FIX_RATE_PER_S}/s) and try at ${OPTIONS.tryRatePerS}/s for ${OPTIONS.durationMs / 1000} s, ${CONSOLES} consoles open on the route`,
    `  fixes: ${fixStats.submissions} sent, errors ${errorList(fixStats)}, answer p95 ${ms(fixStats.latenciesMs, 95)} | tries: ${tryStats.submissions}, errors ${errorsOf(tryStats)}, answer p95 ${ms(tryStats.latenciesMs, 95)}`,
    `  fix request → its team there (or at most 2 s before) on a console (${pushMs.length} of ${fixStats.submissions * CONSOLES}; ${alreadyShown} shown already, a try's position taken within 2 s before; ${missed} missed): ${latencies(pushMs)} | ${
      pushMs.length === 0
        ? 'no sample: NOT measured'
        : verdict(
            missed === 0 && percentile(pushMs, 95) <= GOAL.pushP95Ms,
            `p95 ≤ ${GOAL.pushP95Ms} ms, 0 missed`,
          )
    }`,
  ];
}

/**
 * Phase 2: the console's map, first load in Chromium, signed in, on the machine's connection:
 * opened on its address (the goal), and opened on the table with 'Mappa' clicked (reported).
 */
async function firstLoadPhase(server: ServerProcess, world: StaffWorld, markers: number) {
  // Every sharing team's marker is on the map: the console shows every route, so no route's step
  // pins share the markers' pane, and its 1,000th child is the 1,000th team.
  const usableSelector = `.leaflet-marker-pane > .live-map-team:nth-child(${markers})`;
  const lines: string[] = [];
  for (const { how, path, clickFirst, judged } of [
    { how: 'opened on its map', path: `/${world.slug}/live?view=map`, judged: true },
    {
      how: "opened on the table, 'Mappa' clicked (not judged)",
      path: `/${world.slug}/live`,
      clickFirst: 'role=tab[name="Mappa"]',
      judged: false,
    },
  ]) {
    const loads = await staffPageLoads(server, {
      cookie: world.admin,
      target: { name: 'live map', path, clickFirst, usableSelector, refused: TILES },
    });
    lines.push(
      `first load of ${path}, ${how}, ${markers} sharing teams with a fix, desktop, cold cache`,
      ...loads.map((load, n) => {
        const kb = load.bytesOnWire / 1024;
        const met = load.usableMs <= GOAL.firstLoadMs && kb <= GOAL.firstLoadKb;
        return `  load ${n + 1}: ${kb.toFixed(0)} KB on the wire in ${load.requests} requests (JavaScript ${(load.jsBytesOnWire / 1024).toFixed(0)} KB; the map's tiles refused, not counted), ${markers} markers at ${load.usableMs.toFixed(0)} ms${judged ? ` | ${verdict(met, `≤ ${GOAL.firstLoadMs} ms and ≤ ${GOAL.firstLoadKb} KB`)}` : ''}`;
      }),
    );
  }
  return lines;
}

/**
 * Phase 3: what one fix costs the server beside one try. Four steady loads, each alone for a
 * short window, in turn for `--cost-rounds` rounds (the order reversed every other round, so a
 * drift weighs the same on each): nothing, the fixes at a phone's pace, the sharing teams' tries
 * and the declining teams' tries at twice a human pace. The server's CPU (and its PostgreSQL
 * backends') per request, less what the server uses idle (its timers and jobs, by time); a fix's
 * cost is each round's fix against that round's sharing try, the mean of the rounds with its
 * 95 % interval, as the rate's pairs.
 */
async function costPhase(
  server: ServerProcess,
  database: string | null,
  senders: ReturnType<typeof fixSenders>,
  sharing: Player[],
  declining: Player[],
) {
  const kinds = ['idle', 'fix', 'sharing', 'declining'] as const;
  type Kind = (typeof kinds)[number];
  interface Window {
    cpuMs: number;
    databaseMs: number;
    seconds: number;
    count: number;
    errors: number;
  }
  const windows = Object.fromEntries(kinds.map((kind) => [kind, [] as Window[]])) as Record<
    Kind,
    Window[]
  >;
  const measure = async (kind: Kind, load: () => Promise<LoadStats | null>) => {
    const threadsBefore = await readThreadsCpuMs(server.pid);
    const watch = await watchResources([server], database);
    const stats = await load();
    const use = await watch.stop();
    const threadsAfter = await readThreadsCpuMs(server.pid);
    // PGlite's database is the server's busiest thread besides its main one.
    const pgliteMs = Math.max(
      0,
      ...[...threadsAfter]
        .filter(([tid]) => tid !== server.pid)
        .map(([tid, ms]) => ms - (threadsBefore.get(tid) ?? 0)),
    );
    windows[kind].push({
      cpuMs: use.serverCpuMs + use.postgresCpuMs,
      databaseMs: database ? use.postgresCpuMs : pgliteMs,
      seconds: use.seconds,
      count: stats?.submissions ?? 0,
      errors: stats ? errorsOf(stats) : 0,
    });
  };
  const tries = (players: Player[], durationMs: number) =>
    runLoad(
      players.filter((p) => !p.isDone),
      { concurrency: 64, maxSubmissions: Infinity, durationMs, ratePerS: 2 * OPTIONS.tryRatePerS },
    );
  const loads: Record<Kind, (durationMs: number) => Promise<LoadStats | null>> = {
    idle: async (durationMs) => {
      await sleep(durationMs);
      return null;
    },
    fix: (durationMs) => sendFixes(senders.players, durationMs),
    sharing: (durationMs) => tries(sharing, durationMs),
    declining: (durationMs) => tries(declining, durationMs),
  };
  // Each window follows the same load, unmeasured: the collection that the load before left due
  // (a load's garbage is collected when the next one allocates) and the first tries of a fresh
  // world, which read and cache what the next ones find, fall there.
  for (let round = 0; round < OPTIONS.costRounds; round += 1) {
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      await loads[kind](OPTIONS.costSettleMs);
      await measure(kind, () => loads[kind](OPTIONS.costDurationMs));
    }
  }
  const sum = (some: Window[], key: keyof Window) => some.reduce((n, w) => n + w[key], 0);
  /** The idle server's CPU (`of`: all of it, or the database's) a second. */
  const idlePerS = (of: 'cpuMs' | 'databaseMs') =>
    sum(windows.idle, of) / sum(windows.idle, 'seconds');
  /** CPU of `some` windows per request, less the idle use. */
  const per = (of: 'cpuMs' | 'databaseMs', some: Window[]) =>
    (sum(some, of) - idlePerS(of) * sum(some, 'seconds')) / Math.max(1, sum(some, 'count'));
  const perKind = (kind: Kind, of: 'cpuMs' | 'databaseMs') => per(of, windows[kind]);
  /** Each round's fix against its sharing try: the mean, with its 95 % interval. */
  const ratio = (of: 'cpuMs' | 'databaseMs') =>
    meanInterval(
      windows.fix.map((fix, round) => per(of, [fix]) / per(of, [windows.sharing[round]!])),
    );
  tryCpuMs.set(database ? 'postgres' : 'pglite', perKind('sharing', 'cpuMs'));
  const line = (kind: Kind, what: string) =>
    `  ${what}: ${sum(windows[kind], 'count')} (errors ${sum(windows[kind], 'errors')}), ${perKind(kind, 'cpuMs').toFixed(2)} ms of CPU each, of which the database ${perKind(kind, 'databaseMs').toFixed(2)} ms`;
  const ratioLine = (of: 'cpuMs' | 'databaseMs') => {
    const { mean, low, high } = ratio(of);
    return `${mean.toFixed(3)} (95 % interval ${low.toFixed(3)}–${high.toFixed(3)}; ${intervalVerdict({ low, high }, GOAL.fixPerTry, { atMost: true, more: '--cost-rounds' })})`;
  };
  return [
    `cost: the server's CPU${database ? ' with its PostgreSQL backends' : ''} per request, less its idle use (${idlePerS('cpuMs').toFixed(0)} ms a second), each load alone for ${OPTIONS.costDurationMs / 1000} s, ${OPTIONS.costRounds} rounds (every other one reversed), each window after ${OPTIONS.costSettleMs / 1000} s of the same load unmeasured (fixes at ${FIX_RATE_PER_S}/s, tries at ${2 * OPTIONS.tryRatePerS}/s), no console open; the database: ${database ? 'the PostgreSQL backends' : "PGlite's thread"}`,
    line('fix', 'fixes'),
    line('sharing', "sharing teams' tries (each keeps a fix)"),
    line('declining', "declining teams' tries"),
    `  each window's CPU in ms (of which the database): ${kinds.map((kind) => `${kind} ${windows[kind].map((w) => `${w.cpuMs.toFixed(0)} (${w.databaseMs.toFixed(0)})`).join(', ')}`).join(' | ')}`,
    `  a fix costs ${ratioLine('cpuMs')} of a sharing team's try; of its database work ${ratioLine('databaseMs')}; the try's own fix adds ${((perKind('sharing', 'cpuMs') / perKind('declining', 'cpuMs') - 1) * 100).toFixed(1)} % to a try`,
  ];
}

/** A sharing team's try in each database's cost phase: CPU ms (the floor's yardstick). */
const tryCpuMs = new Map<string, number>();

/**
 * Phase 5: the floor. A bare WebSocket server (`map/bare-socket-server.ts`) answers messages at
 * the fixes' pace: what receiving and answering one costs on this machine before a fix is
 * checked or kept, beside each cost phase's try.
 */
async function floorPhase() {
  const floor = await measureFloor({
    sockets: OPTIONS.teams,
    intervalMs: FIX_INTERVAL_MS,
    durationMs: OPTIONS.costDurationMs,
  });
  const ofTries = [...tryCpuMs].map(
    ([engine, tryMs]) =>
      `${(floor.cpuMsPerMessage / tryMs).toFixed(3)} of a try on ${engine} (${tryMs.toFixed(2)} ms)`,
  );
  return [
    `floor: a bare ws server (no framework, no check, nothing kept), ${OPTIONS.teams} sockets, a message every ${FIX_INTERVAL_MS / 1000} s each (${FIX_RATE_PER_S}/s), answered with the others of its 300 ms; its CPU per message, less its idle use (${floor.idleCpuMsPerS.toFixed(0)} ms a second), ${OPTIONS.costDurationMs / 1000} s twice in turn`,
    `  ${floor.messages} messages, ${floor.cpuMsPerMessage.toFixed(2)} ms of CPU each${ofTries.length > 0 ? `: ${ofTries.join(', ')}` : ''}`,
  ];
}

/**
 * Phase 4: the sharing teams' try rate (closed loop, 16 in flight) without their fixes and with
 * them sent at a phone's pace, in pairs of short runs.
 */
async function ratePhase(senders: ReturnType<typeof fixSenders>, players: Player[]) {
  let fixes = 0;
  const fixErrors = new Map<number, number>();
  const tries = () =>
    runLoad(
      players.filter((p) => !p.isDone),
      { concurrency: 16, maxSubmissions: Infinity, durationMs: OPTIONS.rateDurationMs },
    );
  const pairs = await pairedRuns({
    pairs: OPTIONS.ratePairs,
    without: tries,
    with: async () => {
      const [stats, fixStats] = await Promise.all([
        tries(),
        sendFixes(senders.players, OPTIONS.rateDurationMs),
      ]);
      fixes += fixStats.submissions;
      for (const [status, n] of fixStats.errors)
        fixErrors.set(status, (fixErrors.get(status) ?? 0) + n);
      return stats;
    },
  });
  const rateOf = (stats: LoadStats) => stats.submissions / stats.seconds;
  const rates = (side: LoadStats[]) => side.map((s) => rateOf(s).toFixed(0)).join(' ');
  const all = pairs.flatMap((p) => [p.without, p.with]);
  const interval = meanInterval(pairs.map((p) => rateOf(p.with) / rateOf(p.without)));
  return [
    `rate: ${OPTIONS.teams} sharing teams, closed loop (16 in flight), ${OPTIONS.ratePairs} pairs of ${OPTIONS.rateDurationMs / 1000} s runs without their fixes and with them (${FIX_RATE_PER_S}/s)`,
    `  tries/s without: ${rates(pairs.map((p) => p.without))}`,
    `  tries/s with the fixes: ${rates(pairs.map((p) => p.with))} (${fixes} fixes, errors ${[...fixErrors].map(([status, n]) => `${n}×${status}`).join(' ') || 'none'}: a 409 is a game the loop finished); try errors ${all.reduce((n, s) => n + errorsOf(s), 0)}`,
    all.some((s) => s.submissions === 0)
      ? '  the teams ran out of steps: NOT measured (more --steps, fewer --rate-pairs or a shorter --rate-duration)'
      : `  with the fixes: ${interval.mean.toFixed(3)} of the rate without (95 % interval ${interval.low.toFixed(3)}–${interval.high.toFixed(3)}) | ${intervalVerdict(interval, GOAL.rateRatio)}`,
  ];
}

/** The bench route, asking for positions. */
function sharingRouteJson(): string {
  return JSON.stringify({
    ...(JSON.parse(benchRouteJson(OPTIONS.steps)) as object),
    location_sharing: true,
    location_purpose: 'Per ritrovare le squadre durante il bench',
  });
}

async function benchDatabase(engine: Engine): Promise<void> {
  const nodeArgs = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  await onFreshServer(
    engine,
    { sockets: 64, server: { nodeArgs } },
    async (server, client, database) => {
      const base = await setUpWorld(client, {
        teams: OPTIONS.teams + OPTIONS.declining,
        steps: OPTIONS.steps,
        concurrency: 16,
        routeJson: sharingRouteJson(),
      });
      const world = await withStaff(client, base);
      const sharingTeams = world.teams.slice(0, OPTIONS.teams);
      const decliningTeams = world.teams.slice(OPTIONS.teams);
      await answerSharing(client, world, sharingTeams, true);
      await answerSharing(client, world, decliningTeams, false);
      const senders = fixSenders(client, server.baseUrl, world.slug, sharingTeams);
      await senders.connect();
      const play = (teams: Team[]) =>
        teams.map((team) => httpPlayer(client, { slug: world.slug, team, wrongRatio: 0.1 }));
      const [sharing, declining] = [play(sharingTeams), play(decliningTeams)];
      console.log(`=== ${engine} ===`);
      console.log(
        `the phones' fixes: ${OPTIONS.fixTransport === 'socket' ? "over each team's fixes' socket (decision 0089)" : 'one request each'}`,
      );
      if (OPTIONS.phases.includes('push'))
        console.log((await pushPhase(server, world, senders, sharing)).join('\n'));
      // After the push phase every sharing team has a fix to show; without it, one fix each.
      if (OPTIONS.phases.includes('first-load')) {
        if (!OPTIONS.phases.includes('push')) {
          await inBatches(senders.players, 16, (phone) => phone.tryNext());
        }
        console.log((await firstLoadPhase(server, world, OPTIONS.teams)).join('\n'));
      }
      if (OPTIONS.phases.includes('cost'))
        console.log((await costPhase(server, database, senders, sharing, declining)).join('\n'));
      // The rate phase last: its closed loop plays as many steps as it can.
      if (OPTIONS.phases.includes('rate'))
        console.log((await ratePhase(senders, sharing)).join('\n'));
      senders.close();
      console.log(`server RSS ${(await server.rssMb()).toFixed(0)} MB\n`);
    },
  );
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
/** The phases that run on each database's server (the floor needs none). */
const DATABASE_PHASES = ['push', 'first-load', 'cost', 'rate'];
if (OPTIONS.phases.some((phase) => DATABASE_PHASES.includes(phase))) {
  for (const engine of OPTIONS.databases) await benchDatabase(engine);
}
if (OPTIONS.phases.includes('floor')) console.log((await floorPhase()).join('\n'));
