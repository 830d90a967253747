// Messages scenario (issue 35, "Numbers it must reach"; decision 0084): the real server in a
// child process on a fresh DATA_DIR, PGlite unless told (`--databases pglite,postgres`).
// 1. broadcast: `--phones` teams (1,000) registered and started on a route of a fresh tenant,
//    each phone holding its feed (`messages.stream`, one connection each, read by a child
//    process); a staff account sends an announcement to the tenant, `--broadcasts` times (3):
//    send request written → the message's event on each phone (p50/p95/max, missed within 10 s)
//    and the send's own answer. Goal: p95 ≤ 2,000 ms, none missed.
// 2. cycles: `--cycle-phones` phones (20) on a fresh tenant each run `--cycles` (6) cycles of
//    feed open → a message arrives live → socket destroyed → two messages sent while down →
//    reconnect with Last-Event-ID; then one server restart (same data) while a scheduled
//    message comes due, and a last reconnect. Goal: 0 lost, 0 duplicated, in seq order.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHttpClient } from './lib/http-client';
import { ADMIN_URL, type Engine, readOptions } from './lib/options';
import { percentile } from './lib/report';
import { createPostgresDatabase, type ServerProcess, startServer } from './lib/server-process';
import { setUpWorld, withStaff } from './lib/setup';
import { broadcastPhase, MISSED_AFTER_MS } from './messages/broadcast';
import { cyclesPhase } from './messages/cycles';
import { makeStaff } from './messages/world';

const { option } = readOptions({
  phones: { type: 'string' },
  broadcasts: { type: 'string' },
  'cycle-phones': { type: 'string' },
  cycles: { type: 'string' },
  databases: { type: 'string' },
});

/** `--name value` on the command line, else `BENCH_*`, else the issue's numbers. */
const OPTIONS = {
  phones: Number(option('phones', 'BENCH_PHONES', '1000')),
  broadcasts: Number(option('broadcasts', 'BENCH_BROADCASTS', '3')),
  cyclePhones: Number(option('cycle-phones', 'BENCH_CYCLE_PHONES', '20')),
  cycles: Number(option('cycles', 'BENCH_CYCLES', '6')),
  databases: option('databases', 'BENCH_DATABASES', 'pglite').split(',') as Engine[],
};
/** The issue's goal for a broadcast. */
const GOAL = { p95Ms: 2000 };
/** Teams registering at once during the set-up (not measured). */
const SETUP_CONCURRENCY = 8;

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const ms = (sorted: number[], p: number) => `${percentile(sorted, p).toFixed(0)} ms`;
const latencies = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(sorted, 50)} | p95 ${ms(sorted, 95)} | max ${ms(sorted, 100)}`;
};
const verdict = (ok: boolean, goal: string) =>
  ok ? `goal met (${goal})` : `goal missed (${goal})`;

async function broadcastLines(
  client: ReturnType<typeof createHttpClient>,
  server: ServerProcess,
): Promise<string[]> {
  const setUpAt = performance.now();
  const base = await setUpWorld(client, {
    teams: OPTIONS.phones,
    steps: 3,
    concurrency: SETUP_CONCURRENCY,
  });
  const world = await withStaff(client, base);
  const staff = await makeStaff(client, world, 0);
  const setUpS = (performance.now() - setUpAt) / 1000;
  const result = await broadcastPhase(client, server, world, staff, OPTIONS.broadcasts);
  const goal = `p95 ≤ ${GOAL.p95Ms} ms, 0 missed`;
  const isMet = (latenciesMs: number[], missed: number) =>
    missed === 0 &&
    latenciesMs.length > 0 &&
    percentile(
      [...latenciesMs].sort((a, b) => a - b),
      95,
    ) <= GOAL.p95Ms;
  const worst = result.runs.reduce((a, b) => {
    const p95 = (r: typeof a) =>
      r.missed * 1e9 +
      percentile(
        [...r.latenciesMs].sort((x, y) => x - y),
        95,
      );
    return p95(b) > p95(a) ? b : a;
  });
  return [
    `broadcast: ${result.phones} teams registered and started (set-up ${setUpS.toFixed(0)} s, not measured); each phone holds its feed (one connection each, read by a child process)`,
    `  feeds open ${result.open} (refused ${result.refused}) in ${result.openSeconds.toFixed(1)} s | load average ${loadAverage()}`,
    ...result.runs.map(
      (run, n) =>
        `  broadcast ${n + 1}: send answered in ${run.answerMs.toFixed(0)} ms | send written → event on the phone (${run.latenciesMs.length}): ${latencies(run.latenciesMs)} | missed (none within ${MISSED_AFTER_MS / 1000} s) ${run.missed} | ${verdict(isMet(run.latenciesMs, run.missed), goal)}`,
    ),
    `  worst: ${latencies(worst.latenciesMs)} | missed ${worst.missed} | send answered in ${Math.max(...result.runs.map((r) => r.answerMs)).toFixed(0)} ms at most | ${verdict(isMet(worst.latenciesMs, worst.missed), goal)}`,
    `  events seen twice ${result.duplicated} | out of seq order ${result.outOfOrder} | feeds the server ended ${result.endedByServer}`,
    `  load average ${loadAverage()} | server RSS ${(await server.rssMb()).toFixed(0)} MB`,
  ];
}

async function cyclesLines(
  client: ReturnType<typeof createHttpClient>,
  server: ServerProcess,
  startAgain: (server: ServerProcess) => Promise<ServerProcess>,
): Promise<{ lines: string[]; server: ServerProcess }> {
  const base = await setUpWorld(client, {
    teams: OPTIONS.cyclePhones,
    steps: 3,
    concurrency: SETUP_CONCURRENCY,
  });
  const world = await withStaff(client, base);
  const staff = await makeStaff(client, world, 1);
  const result = await cyclesPhase({
    client,
    server,
    world,
    staff,
    cycles: OPTIONS.cycles,
    startAgain,
  });
  const sum = (key: 'lost' | 'duplicated' | 'outOfOrder' | 'foreign' | 'timeouts') =>
    result.phones.reduce((total, phone) => total + phone[key], 0);
  const sentTo = result.phones.map((p) => p.sentTo);
  const saw = result.phones.map((p) => p.saw);
  const wrong = result.phones.filter(
    (p) => p.lost + p.duplicated + p.outOfOrder + p.foreign > 0 || p.saw !== p.sentTo,
  );
  const isMet = sum('lost') + sum('duplicated') + sum('outOfOrder') + sum('foreign') === 0;
  const { restart } = result;
  const range = (values: number[]) =>
    Math.min(...values) === Math.max(...values)
      ? String(values[0])
      : `${Math.min(...values)}–${Math.max(...values)}`;
  return {
    server: result.server,
    lines: [
      `cycles: ${result.phones.length} phones on a fresh tenant, ${result.cycles} cycles each (feed open → a message live → socket destroyed → one message to the team and one to the tenant while down → reconnect with Last-Event-ID), then a restart and a last reconnect`,
      `  sent: ${result.sentToTeams} to one team, ${result.sentToTenant} to the tenant (1 scheduled) | per phone sent to it ${range(sentTo)}, saw ${range(saw)} | connections per phone ${range(result.phones.map((p) => p.connections))}`,
      `  lost ${sum('lost')} | duplicated ${sum('duplicated')} | out of seq order ${sum('outOfOrder')} | another team's ${sum('foreign')} | waits that reached the 10 s guard ${sum('timeouts')} | ${verdict(isMet, '0 lost, 0 duplicated, in seq order')}`,
      ...wrong.map(
        (p) =>
          `    phone ${p.n}: sent to it ${p.sentTo}, saw ${p.saw}, lost ${p.lost}, duplicated ${p.duplicated}, out of order ${p.outOfOrder}, another team's ${p.foreign}`,
      ),
      `  send → the live message on the phone (${result.liveMs.length}): ${latencies(result.liveMs)}`,
      `  reconnection requested → both messages of the dead zone arrived (${result.catchUpMs.length}): ${latencies(result.catchUpMs)}`,
      `    of which: reconnection requested → answered 200 (${result.openMs.length}): ${latencies(result.openMs)}`,
      `  restart: stop → new server listening ${restart.downS.toFixed(1)} s | feeds ended by the stopping server ${restart.endedByServer} of ${result.phones.length}`,
      `  scheduled message: due while the server was down ${restart.dueWhileDown ? 'yes' : 'NO (the stop took longer)'} | sent ${restart.sentAfterDueMs === null ? 'never' : `${(restart.sentAfterDueMs / 1000).toFixed(1)} s after its time (the new server listened ${(restart.listeningAfterDueMs / 1000).toFixed(1)} s after it; the schedule's first pass runs at start)`}`,
      `  last reconnection → every message sent to the phone there (${restart.caughtUpMs.length}): ${latencies(restart.caughtUpMs)}`,
      `  load average ${loadAverage()} | server RSS ${(await result.server.rssMb()).toFixed(0)} MB`,
    ],
  };
}

async function benchDatabase(engine: Engine): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-'));
  const pgDatabase = engine === 'postgres' ? await createPostgresDatabase(ADMIN_URL) : null;
  const databaseUrl = pgDatabase?.url ?? null;
  let server = await startServer({ dataDir, databaseUrl });
  const client = createHttpClient(server.baseUrl, 32);
  try {
    console.log(`=== ${engine} === load average ${loadAverage()}`);
    console.log((await broadcastLines(client, server)).join('\n'));
    // The same server and data, restarted on its port during the cycles.
    const port = new URL(server.baseUrl).port;
    const cycles = await cyclesLines(client, server, () =>
      startServer({ dataDir, databaseUrl, env: { PORT: port } }),
    );
    server = cycles.server;
    console.log(`${cycles.lines.join('\n')}\n`);
  } finally {
    client.close();
    await server.stop();
    await pgDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores | ${Math.round(os.totalmem() / 2 ** 20)} MB memory | load average ${loadAverage()}`,
);
console.log(
  `phones ${OPTIONS.phones}, broadcasts ${OPTIONS.broadcasts}, cycle phones ${OPTIONS.cyclePhones}, cycles ${OPTIONS.cycles}\n`,
);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
