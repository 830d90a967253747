// Submissions scenario (issue 'Gameplay', item 7; issue 18, targets 1 and 6): teams submitting
// answers to the real server (a child process) on the embedded database and on PostgreSQL, then
// the same try as raw SQL from this process on the same database, the machine's own reference:
// printed first, and the server's rate and CPU per try given as ratios to it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type LoadStats, type Player, runLoad } from './lib/driver';
import { createHttpClient } from './lib/http-client';
import { httpPlayer } from './lib/http-player';
import type { Engine } from './lib/options';
import { BENCH_OPTIONS as OPTIONS } from './submissions/options';
import { createRawGames, rawPlayer } from './submissions/raw-sql';
import { formatCpu, formatReport } from './lib/report';
import {
  createPostgresDatabase,
  readCpu,
  readPostgresCpuMs,
  startServer,
} from './lib/server-process';
import { type BenchWorld, setUpWorld } from './lib/setup';
import { openPgliteEngine, openPostgresEngine, type SqlEngine } from './submissions/sql-engines';

/** The goal, on the embedded database. */
const GOAL = { perSecond: 500, p95Ms: 50 };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/**
 * Runs `players` while sampling the CPU of process `pid` (and of PostgreSQL's processes when it
 * is the database); returns the stats, the CPU per try and the notes.
 */
async function measure(players: Player[], pid: number, who: string, postgres: boolean) {
  const loadBefore = load();
  const before = await readCpu(pid);
  const pgBefore = postgres ? await readPostgresCpuMs() : 0;
  const stats = await runLoad(players, OPTIONS);
  const pgMs = postgres ? (await readPostgresCpuMs()) - pgBefore : 0;
  const after = await readCpu(pid);
  const cpuMs = after.cpuMs - before.cpuMs;
  const cpu = formatCpu({
    who,
    cpuMs,
    runQueueWaitMs: after.runQueueWaitMs - before.runQueueWaitMs,
    submissions: stats.submissions,
  });
  const tries = Math.max(1, stats.submissions);
  const notes = [cpu];
  if (postgres) notes.push(`PostgreSQL CPU ${(pgMs / tries).toFixed(2)} ms per submission`);
  notes.push(`load average (1 min) ${loadBefore} before, ${load()} after`);
  return { stats, notes, cpuPerTryMs: (cpuMs + pgMs) / tries };
}

/** The server against the raw SQL reference: rate and CPU per try (with PostgreSQL's) as ratios. */
function versus(
  server: { stats: LoadStats; cpuPerTryMs: number },
  raw: { stats: LoadStats; cpuPerTryMs: number },
  shape: string,
): string {
  const rate = (stats: LoadStats) => stats.submissions / stats.seconds;
  const rateRatio = rate(server.stats) / rate(raw.stats);
  const cpuRatio = server.cpuPerTryMs / raw.cpuPerTryMs;
  return `server vs the raw SQL (${shape}): ${rateRatio.toFixed(2)} of its rate (goal ≥ 0.85), CPU per try ${cpuRatio.toFixed(2)}× its (goal ≤ 1.3)`;
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
    const measured = await measure(players, server.pid, 'server', databaseUrl !== null);
    const rss = `server RSS ${(await server.rssMb()).toFixed(0)} MB at the end`;
    return { world, ...measured, notes: [rss, ...measured.notes] };
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
async function runRawPhase(
  sql: SqlEngine,
  world: BenchWorld,
  variant: (typeof RAW_VARIANTS)[Engine][number],
  postgres: boolean,
) {
  const { label, shape } = variant;
  const games = await createRawGames(sql, { ...world, count: OPTIONS.teams, label });
  const players = games.map((game) => rawPlayer(sql, game, shape));
  const measured = await measure(players, process.pid, 'bench process', postgres);
  return {
    ...measured,
    notes: [`bench process RSS ${mb(process.memoryUsage().rss)}`, ...measured.notes],
  };
}

/**
 * The raw SQL variants: the try's transaction as the server ran it until decision 0051 (BEGIN,
 * lock, three statements, COMMIT: the reference, first), the server's two statements
 * since (read, write) and its one statement since decision 0054 (the write alone, on what the
 * game's last write left); on PGlite as the server runs them (prepared) and through PGlite's own
 * `query`.
 */
const RAW_VARIANTS = {
  pglite: [
    {
      label: 'prepared',
      shape: 'transaction',
      title: "PGlite with the server's prepared statements, BEGIN + 4 statements + COMMIT",
    },
    {
      label: 'two',
      shape: 'two-statements',
      title: "PGlite with the server's prepared statements, the server's 2 statements",
    },
    {
      label: 'one',
      shape: 'one-statement',
      title: "PGlite with the server's prepared statements, the server's 1 statement",
    },
    {
      label: 'plain',
      shape: 'transaction',
      title: "PGlite's own query() (parse and plan every time), BEGIN + 4 statements + COMMIT",
    },
  ],
  postgres: [
    {
      label: 'pg',
      shape: 'transaction',
      title: 'pg pool of 10, like the server, BEGIN + 4 statements + COMMIT',
    },
    {
      label: 'two',
      shape: 'two-statements',
      title: "pg pool of 10, the server's 2 statements, named (prepared once per connection)",
    },
    {
      label: 'one',
      shape: 'one-statement',
      title: "pg pool of 10, the server's 1 statement, named (prepared once per connection)",
    },
  ],
} as const;

async function benchDatabase(engine: Engine): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-'));
  const pgDatabase = engine === 'postgres' ? await createPostgresDatabase(OPTIONS.adminUrl) : null;
  const pace = OPTIONS.ratePerS ? `paced at ${OPTIONS.ratePerS}/s, at most ` : '';
  const shape = `${OPTIONS.teams} teams, ${OPTIONS.steps} text steps, ${pace}${OPTIONS.concurrency} in flight`;
  try {
    // The server runs first (its data set-up is through the API), but the raw SQL, the machine's
    // own reference, is printed first; the server's figures are then ratios to it.
    const http = await runHttpPhase(dataDir, pgDatabase?.url ?? null);
    const title = `scenario: POST …/submit over HTTP, ${engine}, ${shape}, ~${OPTIONS.wrongRatio * 100}% wrong`;
    const goal = engine === 'pglite' ? { goal: { ...GOAL, ratePerS: OPTIONS.ratePerS } } : {};
    const server = formatReport({ title, ...http, ...goal });
    if (OPTIONS.skipRaw) {
      console.log(`${server}\n`);
      return;
    }
    const versusLines: string[] = [];
    for (const variant of RAW_VARIANTS[engine]) {
      const sql = pgDatabase
        ? openPostgresEngine(pgDatabase.url, 10, variant.shape !== 'transaction')
        : await openPgliteEngine(dataDir, variant.label !== 'plain');
      try {
        const raw = await runRawPhase(sql, http.world, variant, pgDatabase !== null);
        if (variant.label !== 'plain') versusLines.push(versus(http, raw, variant.shape));
        const rawTitle = `reference: the correct-try transaction as raw SQL from the bench, ${variant.title}, ${shape}`;
        console.log(`${formatReport({ title: rawTitle, ...raw })}\n`);
      } finally {
        await sql.close();
      }
    }
    console.log(`${[server, ...versusLines].join('\n')}\n`);
  } finally {
    await pgDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
