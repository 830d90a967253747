// Submissions scenario (issue 'Gameplay', item 7): teams submitting answers to the real server
// (a child process) on the embedded database and on PostgreSQL, then the same transaction as raw
// SQL from this process on the same database, to show how much of the time is the database.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Player, runLoad } from './lib/driver';
import { createHttpClient } from './lib/http-client';
import { httpPlayer } from './lib/http-player';
import type { Engine } from './lib/options';
import { BENCH_OPTIONS as OPTIONS } from './submissions/options';
import { createRawGames, rawPlayer } from './submissions/raw-sql';
import { formatCpu, formatReport } from './lib/report';
import { createPostgresDatabase, readCpu, startServer } from './lib/server-process';
import { type BenchWorld, setUpWorld } from './lib/setup';
import { openPgliteEngine, openPostgresEngine, type SqlEngine } from './submissions/sql-engines';

/** The goal, on the embedded database. */
const GOAL = { perSecond: 500, p95Ms: 50 };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/** Runs `players` while sampling the CPU of process `pid`; returns the stats and the notes. */
async function measure(players: Player[], pid: number, who: string) {
  const loadBefore = load();
  const before = await readCpu(pid);
  const stats = await runLoad(players, OPTIONS);
  const after = await readCpu(pid);
  const cpu = formatCpu({
    who,
    cpuMs: after.cpuMs - before.cpuMs,
    runQueueWaitMs: after.runQueueWaitMs - before.runQueueWaitMs,
    submissions: stats.submissions,
  });
  return { stats, notes: [cpu, `load average (1 min) ${loadBefore} before, ${load()} after`] };
}

/** The HTTP phase: set-up through the API, one warm-up step per team, then the measured load. */
async function runHttpPhase(dataDir: string, databaseUrl: string | null) {
  const nodeArgs = OPTIONS.cpuProfDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(OPTIONS.cpuProfDir)}`]
    : [];
  const serverRoot = OPTIONS.serverRoot && path.resolve(OPTIONS.serverRoot);
  const server = await startServer({ dataDir, databaseUrl, nodeArgs, serverRoot });
  const client = createHttpClient(server.baseUrl, OPTIONS.concurrency);
  try {
    const world = await setUpWorld(client, OPTIONS);
    const players = world.teams.map((team) =>
      httpPlayer(client, { slug: world.slug, team, wrongRatio: OPTIONS.wrongRatio }),
    );
    // Warm-up (not measured): each team solves its first step, so the server's code is hot.
    await runLoad(players.map(once), { ...OPTIONS, maxSubmissions: Infinity });
    const { stats, notes } = await measure(players, server.pid, 'server');
    const rss = `server RSS ${(await server.rssMb()).toFixed(0)} MB at the end`;
    return { world, stats, notes: [rss, ...notes] };
  } finally {
    client.close();
    await server.stop();
  }
}

/** A player that stops after its first correct try (warm-up). */
function once(player: Player): Player {
  const wrapper: Player = {
    isDone: false,
    tryNext: async () => {
      const outcome = await player.tryNext();
      if (outcome.kind !== 'wrong') wrapper.isDone = true;
      return outcome;
    },
  };
  return wrapper;
}

/** The raw SQL phase on the same database, after the server exited, with fresh games. */
async function runRawPhase(sql: SqlEngine, world: BenchWorld, label: string) {
  const games = await createRawGames(sql, { ...world, count: OPTIONS.teams, label });
  const players = games.map((game) => rawPlayer(sql, game));
  const { stats, notes } = await measure(players, process.pid, 'bench process');
  return { stats, notes: [`bench process RSS ${mb(process.memoryUsage().rss)}`, ...notes] };
}

/** The raw SQL variants: PGlite as the server runs it (prepared) and through its own `query`. */
const RAW_VARIANTS = {
  pglite: [
    { label: 'prepared', title: "PGlite with the server's prepared statements" },
    { label: 'plain', title: "PGlite's own query() (parse and plan every time)" },
  ],
  postgres: [{ label: 'pg', title: 'pg pool of 10, like the server' }],
} as const;

async function benchDatabase(engine: Engine): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-'));
  const pgDatabase = engine === 'postgres' ? await createPostgresDatabase(OPTIONS.adminUrl) : null;
  const pace = OPTIONS.ratePerS ? `paced at ${OPTIONS.ratePerS}/s, at most ` : '';
  const shape = `${OPTIONS.teams} teams, ${OPTIONS.steps} text steps, ${pace}${OPTIONS.concurrency} in flight`;
  try {
    const http = await runHttpPhase(dataDir, pgDatabase?.url ?? null);
    const title = `scenario: POST …/submit over HTTP, ${engine}, ${shape}, ~${OPTIONS.wrongRatio * 100}% wrong`;
    const goal = engine === 'pglite' ? { goal: { ...GOAL, ratePerS: OPTIONS.ratePerS } } : {};
    console.log(`${formatReport({ title, ...http, ...goal })}\n`);
    if (OPTIONS.skipRaw) return;
    for (const variant of RAW_VARIANTS[engine]) {
      const sql = pgDatabase
        ? openPostgresEngine(pgDatabase.url, 10)
        : await openPgliteEngine(dataDir, variant.label === 'prepared');
      try {
        const raw = await runRawPhase(sql, http.world, variant.label);
        const rawTitle = `scenario: the correct-try transaction as raw SQL from the bench, ${variant.title}, ${shape}`;
        console.log(`${formatReport({ title: rawTitle, ...raw })}\n`);
      } finally {
        await sql.close();
      }
    }
  } finally {
    await pgDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
