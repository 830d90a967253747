// Live console scenario (issue 31, "Numbers it must reach"): 1,000 teams on one route, the real
// server in a child process, on PGlite then PostgreSQL.
// 1. rate: the try rate (closed loop) without a console and with two open, taking turns; the two
//    consoles' cost is the mean rate with them as a ratio to the mean without.
// 2. push: the teams at a human pace while two consoles are open; each try, from its request to
//    the first console frame (`console` or `console-change`) that shows its event, on every console.
// 3. staff: point adjustments to teams whose phones hold their game's stream, while the teams
//    play; from the staff request to the phone's `game` frame with that entry.
// 4. first load: the console page in Chromium (desktop, cold cache, the machine's own
//    connection, through the HTTPS front), signed in: bytes on the wire and the moment its team
//    table shows.
// Needs `npm run build` (the console page is served from apps/web/dist).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { type GameLive, type LiveActionResult, type LiveConsole } from '@tappa/contracts';
import { type LoadStats, type Player, runLoad } from './lib/driver';
import { openConsole } from './lib/console-stream';
import type { HttpClient } from './lib/http-client';
import { httpPlayer } from './lib/http-player';
import { ADMIN_URL, type Engine, readOptions } from './lib/options';
import { intervalVerdict, meanInterval, pairedRuns } from './lib/paired-rate';
import { percentile } from './lib/report';
import { onFreshServer, readCpu, readThreadsCpuMs, type ServerProcess } from './lib/server-process';
import { staffPageLoads } from './lib/staff-page-loads';
import { apiCall, type BenchWorld, setUpWorld, type StaffWorld, withStaff } from './lib/setup';
import { openEventStream } from './scoreboards/event-streams';

const { option, flag, databases } = readOptions({
  teams: { type: 'string' },
  steps: { type: 'string' },
  rate: { type: 'string' },
  duration: { type: 'string' },
  'rate-duration': { type: 'string' },
  'rate-pairs': { type: 'string' },
  'rate-control': { type: 'boolean' },
  phones: { type: 'string' },
  actions: { type: 'string' },
  databases: { type: 'string' },
  phases: { type: 'string' },
  'server-root': { type: 'string' },
  'cpu-slowdown': { type: 'string' },
});

/** `--name value` on the command line, else `BENCH_*`, else the issue's numbers. */
const OPTIONS = {
  teams: Number(option('teams', 'BENCH_TEAMS', '1000')),
  /** Enough for the rate phase's closed loop (about 30,000 tries on this machine). */
  steps: Number(option('steps', 'BENCH_STEPS', '60')),
  /** Tries a second at a human pace: 1,000 teams, one try every 20–60 s each. */
  ratePerS: Number(option('rate', 'BENCH_RATE', '25')),
  durationMs: Number(option('duration', 'BENCH_DURATION_S', '60')) * 1000,
  /** Each closed-loop run of the rate phase (one more to warm up). */
  rateDurationMs: Number(option('rate-duration', 'BENCH_RATE_DURATION_S', '2')) * 1000,
  /** The rate phase's pairs of runs, without and with the consoles. */
  ratePairs: Number(option('rate-pairs', 'BENCH_RATE_PAIRS', '12')),
  /** No console on the rate phase's "with" side: how much the measure wanders by itself. */
  rateControl: flag('rate-control', 'BENCH_RATE_CONTROL'),
  /** Phones holding their game's stream during the staff phase. */
  phones: Number(option('phones', 'BENCH_PHONES', '100')),
  /** Staff adjustments in the staff phase (two a second). */
  actions: Number(option('actions', 'BENCH_ACTIONS', '60')),
  databases: databases(),
  phases: option('phases', 'BENCH_PHASES', 'rate,push,staff,first-load').split(','),
  /** The first load's page CPU slowed this many times (a slower machine's load; 1: none). */
  cpuSlowdown: Number(option('cpu-slowdown', 'BENCH_CPU_SLOWDOWN', '1')),
  adminUrl: ADMIN_URL,
  /** Another checkout's server to measure (a before to compare with), else this one. */
  serverRoot: option('server-root', 'BENCH_SERVER_ROOT', ''),
};
const CONSOLES = 2;
/** The issue's goals. */
const GOAL = {
  consolePushP95Ms: 1000,
  phoneP95Ms: 2000,
  rateRatio: 0.95,
  firstLoadMs: 2000,
  firstLoadKb: 300,
};

const ms = (sorted: number[], p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
const latencies = (sorted: number[]) =>
  `p50 ${ms(sorted, 50)} | p95 ${ms(sorted, 95)} | p99 ${ms(sorted, 99)} | max ${ms(sorted, 100)}`;
const verdict = (ok: boolean, goal: string) =>
  ok ? `goal met (${goal})` : `goal NOT met (${goal})`;
/** The verdict on a p95 of `sorted`; none without a sample. */
const p95Verdict = (sorted: number[], goalMs: number) =>
  sorted.length === 0
    ? 'no sample: NOT measured'
    : verdict(percentile(sorted, 95) <= goalMs, `p95 ≤ ${goalMs} ms`);
const errorsOf = (stats: LoadStats) => [...stats.errors.values()].reduce((a, b) => a + b, 0);

/** A team's player that notes when each of its tries was sent (the push phase matches them). */
interface TimedPlayer extends Player {
  gameId: string;
  sentAt: number[];
}

function timedPlayers(client: HttpClient, world: BenchWorld): TimedPlayer[] {
  return world.teams.map((team) => {
    const inner = httpPlayer(client, { slug: world.slug, team, wrongRatio: 0.1 });
    const player: TimedPlayer = {
      gameId: team.gameId,
      sentAt: [],
      get isDone() {
        return inner.isDone;
      },
      set isDone(done: boolean) {
        inner.isDone = done;
      },
      tryNext: () => {
        player.sentAt.push(performance.now());
        return inner.tryNext();
      },
    };
    return player;
  });
}

/**
 * The CPU the server process has used so far, in ms (on PostgreSQL without its backends: they
 * come and go, so their sum is no steady reading).
 */
async function serverCpuMs(server: ServerProcess): Promise<number> {
  return (await readCpu(server.pid)).cpuMs;
}

/** One closed-loop run of the rate phase, with the CPU the server used meanwhile. */
interface RateRun {
  stats: LoadStats;
  /** The server process's CPU. */
  cpuMs: number;
  /** Each server thread's CPU (by thread id). */
  threadsMs: Map<number, number>;
}

/**
 * Phase 1: the try rate (closed loop) without a console and with two open, in short runs taken
 * in pairs (`pairedRuns`: the mean of the pairs' ratios with its 95 % interval; the goal is met
 * when the whole interval is). `--rate-control` opens no console on the "with" side: the same
 * measure of nothing, which shows how far the interval is to be trusted. The server's CPU per
 * try and, on PGlite, how busy its database thread was (the one the tries queue for) are given
 * for each side.
 */
async function ratePhase(
  server: ServerProcess,
  world: StaffWorld,
  players: Player[],
  engine: Engine,
) {
  const run = async (durationMs: number): Promise<RateRun> => {
    const [cpuBefore, threadsBefore] = [
      await serverCpuMs(server),
      await readThreadsCpuMs(server.pid),
    ];
    const stats = await runLoad(
      players.filter((p) => !p.isDone),
      { concurrency: 16, maxSubmissions: Infinity, durationMs },
    );
    const threadsAfter = await readThreadsCpuMs(server.pid);
    const threadsMs = new Map(
      [...threadsAfter].map(([tid, ms]) => [tid, ms - (threadsBefore.get(tid) ?? 0)]),
    );
    return { stats, cpuMs: (await serverCpuMs(server)) - cpuBefore, threadsMs };
  };
  const consoleCount = OPTIONS.rateControl ? 0 : CONSOLES;
  let frames = 0;
  let frameBytes = 0;
  const runWithConsoles = async () => {
    const consoles = await Promise.all(
      Array.from({ length: consoleCount }, (_, n) =>
        openConsole(server, { slug: world.slug, routeId: world.routeId, cookie: world.admin, n }),
      ),
    );
    try {
      return await run(OPTIONS.rateDurationMs);
    } finally {
      for (const stream of consoles) stream.close();
      frames += consoles.reduce((n, s) => n + s.arrivals.length, 0);
      frameBytes += consoles.reduce((n, s) => n + s.bytes, 0);
    }
  };
  const pairs = await pairedRuns({
    pairs: OPTIONS.ratePairs,
    without: () => run(OPTIONS.rateDurationMs),
    with: runWithConsoles,
  });
  const without = pairs.map((p) => p.without);
  const withConsoles = pairs.map((p) => p.with);
  const all = [...without, ...withConsoles];
  const sum = (runs: RateRun[], of: (run: RateRun) => number) =>
    runs.reduce((total, run) => total + of(run), 0);
  const rateOf = (r: RateRun) => r.stats.submissions / r.stats.seconds;
  const cpuPerTry = (runs: RateRun[]) =>
    sum(runs, (r) => r.cpuMs) / sum(runs, (r) => r.stats.submissions);
  // The database thread: the busiest one besides the main thread (PGlite's own thread).
  const busiest = [...all[0]!.threadsMs.keys()]
    .filter((tid) => tid !== server.pid)
    .sort(
      (x, y) => sum(all, (r) => r.threadsMs.get(y) ?? 0) - sum(all, (r) => r.threadsMs.get(x) ?? 0),
    )[0];
  const busy = (runs: RateRun[]) =>
    (100 * sum(runs, (r) => r.threadsMs.get(busiest ?? -1) ?? 0)) /
    (1000 * sum(runs, (r) => r.stats.seconds));
  const ratios = pairs.map((p) => rateOf(p.with) / rateOf(p.without));
  const { mean, low, high } = meanInterval(ratios);
  const side = OPTIONS.rateControl ? 'with no console either (control)' : `with ${CONSOLES} open`;
  const rates = (runs: RateRun[]) => runs.map((r) => rateOf(r).toFixed(0)).join(' ');
  return [
    `rate: ${OPTIONS.teams} teams, closed loop (16 in flight), ${OPTIONS.ratePairs} pairs of ${OPTIONS.rateDurationMs / 1000} s runs without a console and ${side}`,
    `  tries/s without: ${rates(without)}`,
    `  tries/s ${side}: ${rates(withConsoles)} (${frames} console frames, ${(frameBytes / Math.max(1, frames) / 1024).toFixed(0)} KB each on average, the first whole); errors ${sum(all, (r) => errorsOf(r.stats))}`,
    `  the server process's CPU per try: without ${cpuPerTry(without).toFixed(2)} ms, with ${cpuPerTry(withConsoles).toFixed(2)} ms (×${(cpuPerTry(withConsoles) / cpuPerTry(without)).toFixed(3)})`,
    ...(engine === 'pglite'
      ? [
          `  the database thread busy: without ${busy(without).toFixed(0)} %, with ${busy(withConsoles).toFixed(0)} %`,
        ]
      : []),
    all.some((r) => r.stats.submissions === 0)
      ? '  the teams ran out of steps: NOT measured (more --steps, fewer --rate-pairs or a shorter --rate-duration)'
      : `  ${side}: ${mean.toFixed(3)} of the rate without (95 % interval ${low.toFixed(3)}–${high.toFixed(3)}) | ${intervalVerdict({ low, high }, GOAL.rateRatio)}`,
  ];
}

/**
 * Phase 2: the teams try at a human pace while two consoles are open. A console frame shows the
 * newest events; each new `try` or `wrong_try` of a game is matched with that game's oldest try
 * not yet seen on that console, and timed from its request.
 */
async function pushPhase(server: ServerProcess, world: StaffWorld, players: TimedPlayer[]) {
  const pushMs: number[] = [];
  let unmatched = 0;
  const byGame = new Map(players.map((p) => [p.gameId, p]));
  const consoles = await Promise.all(
    Array.from({ length: CONSOLES }, async (_, n) => {
      let lastId = 0;
      /** How many of each game's tries this console has seen. */
      const seen = new Map<string, number>();
      let started = false;
      const stream = await openConsole(
        server,
        { slug: world.slug, routeId: world.routeId, cookie: world.admin, n },
        (data, at) => {
          // Both events carry the newest events whole.
          const { activity } = JSON.parse(data) as Pick<LiveConsole, 'activity'>;
          const fresh = activity.filter((e) => e.id > lastId).reverse();
          lastId = Math.max(lastId, ...activity.map((e) => e.id));
          // The first frame is what happened before the phase.
          if (!started) {
            started = true;
            return;
          }
          for (const event of fresh) {
            if (event.kind !== 'try' && event.kind !== 'wrong_try') continue;
            const player = byGame.get(event.game_id);
            const index = seen.get(event.game_id) ?? 0;
            const sentAt = player?.sentAt[index];
            seen.set(event.game_id, index + 1);
            if (sentAt === undefined) unmatched += 1;
            else pushMs.push(at - sentAt);
          }
        },
      );
      return stream;
    }),
  );
  // Only this phase's tries are timed: what each team sent before is forgotten.
  for (const player of players) player.sentAt = [];
  const cpuBefore = await serverCpuMs(server);
  const stats = await runLoad(
    players.filter((p) => !p.isDone),
    {
      concurrency: 64,
      maxSubmissions: Infinity,
      durationMs: OPTIONS.durationMs,
      ratePerS: OPTIONS.ratePerS,
    },
  );
  const cpuShare = ((await serverCpuMs(server)) - cpuBefore) / (10 * stats.seconds);
  // The last tries' frames: at most the coalescing window and one computation away (3 s at most:
  // a frame may already hold them all).
  await Promise.race([
    Promise.all(consoles.map((s) => s.arrived(s.arrivals.length + 1))),
    sleep(3000),
  ]);
  for (const stream of consoles) stream.close();
  pushMs.sort((a, b) => a - b);
  const expected = (stats.correct + stats.wrong) * CONSOLES;
  return [
    `push: ${OPTIONS.teams} teams try at ${OPTIONS.ratePerS}/s for ${OPTIONS.durationMs / 1000} s, ${CONSOLES} consoles open on the route`,
    `  teams: ${stats.submissions} tries, ${errorsOf(stats)} errors, try p95 ${ms(stats.latenciesMs, 95)}; the server process's CPU ${cpuShare.toFixed(0)} % of a core`,
    `  request → the event on a console (${pushMs.length} of ${expected} seen, ${unmatched} unmatched): ${latencies(pushMs)} | ${p95Verdict(pushMs, GOAL.consolePushP95Ms)}`,
  ];
}

/**
 * Phase 3: `phones` teams hold their game's stream; staff give points to one of them every
 * 500 ms while all teams play at a human pace; each adjustment is timed from the staff request
 * to the phone's frame that carries it.
 */
async function staffPhase(
  server: ServerProcess,
  world: StaffWorld,
  client: HttpClient,
  players: TimedPlayer[],
) {
  // Teams still playing hold their game's stream; they do not try meanwhile (a game that ends
  // takes no more points), the others play.
  const open = world.teams.filter((_, i) => players[i] && !players[i].isDone);
  const phones = open.slice(0, OPTIONS.phones);
  const phoneGames = new Set(phones.map((team) => team.gameId));
  /** Per game, the staff entry ids its phone has shown and when. */
  const shownAt = new Map<number, number>();
  const streams = await Promise.all(
    phones.map((team) =>
      openEventStream(server.baseUrl, {
        path: `/api/play/${world.slug}/games/${team.gameId}/live/stream`,
        ip: team.ip,
        event: 'game',
        cookie: team.cookie,
        onEvent: (data, at) => {
          const { staff_event: staffEvent } = JSON.parse(data) as GameLive;
          if (staffEvent && !shownAt.has(staffEvent.id)) shownAt.set(staffEvent.id, at);
        },
      }),
    ),
  );
  const phoneMs: number[] = [];
  let missed = 0;
  const play = runLoad(
    players.filter((p) => !p.isDone && !phoneGames.has(p.gameId)),
    {
      concurrency: 64,
      maxSubmissions: Infinity,
      durationMs: (OPTIONS.actions / 2) * 1000 + 3000,
      ratePerS: OPTIONS.ratePerS,
    },
  );
  const pending: Promise<void>[] = [];
  for (let n = 0; n < OPTIONS.actions; n += 1) {
    const team = phones[n % phones.length];
    if (!team) break;
    const stream = streams[n % phones.length];
    pending.push(
      (async () => {
        const t0 = performance.now();
        const res = await apiCall(client, {
          method: 'POST',
          path: `/api/tenants/${world.slug}/live/games/${team.gameId}/points`,
          cookie: world.admin,
          ip: '10.250.0.1',
          body: JSON.stringify({ action_id: randomUUID(), points: 1, reason: 'Bench' }),
        });
        const { event } = JSON.parse(res.body) as LiveActionResult;
        // The frame may already be there; else wait for the phone's next ones (at most 5 s).
        const deadline = performance.now() + 5000;
        while (!shownAt.has(event.id) && stream && performance.now() < deadline) {
          await Promise.race([
            stream.arrived(stream.arrivals.length + 1),
            sleep(deadline - performance.now()),
          ]);
        }
        const at = shownAt.get(event.id);
        if (at === undefined) missed += 1;
        else phoneMs.push(at - t0);
      })(),
    );
    await sleep(500);
  }
  await Promise.all(pending);
  const stats = await play;
  for (const stream of streams) stream.close();
  phoneMs.sort((a, b) => a - b);
  return [
    `staff: ${OPTIONS.actions} point adjustments, two a second, to ${phones.length} teams whose phones hold their game's stream, while the teams try at ${OPTIONS.ratePerS}/s (try p95 ${ms(stats.latenciesMs, 95)}, ${errorsOf(stats)} errors)`,
    `  staff request → the entry on the phone (${missed} missed): ${latencies(phoneMs)} | ${p95Verdict(phoneMs, GOAL.phoneP95Ms)}`,
  ];
}

/**
 * Phase 4: the console's first load in Chromium, signed in, on the machine's own connection
 * through the HTTPS front.
 */
async function firstLoadPhase(server: ServerProcess, world: BenchWorld & { admin: string }) {
  const loads = await staffPageLoads(server, {
    cookie: world.admin,
    target: { name: 'live console', path: `/${world.slug}/live`, usableSelector: 'table tbody tr' },
    cpuSlowdown: OPTIONS.cpuSlowdown,
  });
  return [
    `first load of /${world.slug}/live with ${OPTIONS.teams} teams, desktop, cold cache${OPTIONS.cpuSlowdown > 1 ? `, the page's CPU slowed ×${OPTIONS.cpuSlowdown}` : ''}`,
    ...loads.map((load, n) => {
      const networkDoneMs = Math.max(...load.waterfall.map((row) => row.endMs));
      const kb = load.bytesOnWire / 1024;
      return `  load ${n + 1}: ${kb.toFixed(0)} KB on the wire in ${load.requests} requests (JavaScript ${(load.jsBytesOnWire / 1024).toFixed(0)} KB), the team table at ${load.usableMs.toFixed(0)} ms (the network done at ${networkDoneMs.toFixed(0)} ms) | ${verdict(load.usableMs <= GOAL.firstLoadMs && kb <= GOAL.firstLoadKb, `≤ ${GOAL.firstLoadMs} ms and ≤ ${GOAL.firstLoadKb} KB`)}`;
    }),
  ];
}

async function benchDatabase(engine: Engine): Promise<void> {
  const nodeArgs = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  const opts = { sockets: 64, adminUrl: OPTIONS.adminUrl, server: { nodeArgs } };
  await onFreshServer(engine, opts, async (server, client) => {
    const base = await setUpWorld(client, {
      teams: OPTIONS.teams,
      steps: OPTIONS.steps,
      concurrency: 16,
    });
    const world = await withStaff(client, base);
    const players = timedPlayers(client, world);
    console.log(`=== ${engine} ===`);
    if (OPTIONS.phases.includes('first-load'))
      console.log(`${(await firstLoadPhase(server, world)).join('\n')}`);
    // The rate phase last: its closed loop plays as many steps as it can.
    if (OPTIONS.phases.includes('push'))
      console.log(`${(await pushPhase(server, world, players)).join('\n')}`);
    if (OPTIONS.phases.includes('staff'))
      console.log(`${(await staffPhase(server, world, client, players)).join('\n')}`);
    if (OPTIONS.phases.includes('rate'))
      console.log(`${(await ratePhase(server, world, players, engine)).join('\n')}`);
    console.log(`server RSS ${(await server.rssMb()).toFixed(0)} MB\n`);
  });
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
