// `npm run backup -w bench`: issue 32's backup numbers on the real server in a child process.
// A world of 1,000 teams that have played, 500 MB of stored files; the teams try at an event's
// pace while the superadmin writes a backup from the Backup panel's endpoint: each try's wait
// before and during it. Then the restore drill: the archive restored by `npm run restore` into a
// fresh embedded database and a fresh PostgreSQL database, compared with the source: every
// table's rows, every game's score, every file's hash.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Player, runLoad } from './lib/driver';
import { createHttpClient, type HttpClient } from './lib/http-client';
import { httpPlayer } from './lib/http-player';
import { ADMIN_URL, type Engine, readOptions } from './lib/options';
import { percentile } from './lib/report';
import { createPostgresDatabase, startServer } from './lib/server-process';
import { apiCall, setUpWorld, signInSuperadmin } from './lib/setup';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { option, databases } = readOptions({
  databases: { type: 'string' },
  teams: { type: 'string' },
  steps: { type: 'string' },
  'played-tries': { type: 'string' },
  'file-mb': { type: 'string' },
  'file-count': { type: 'string' },
  rate: { type: 'string' },
});
const OPTIONS = {
  databases: databases(),
  teams: Number(option('teams', 'BENCH_TEAMS', '1000')),
  steps: Number(option('steps', 'BENCH_STEPS', '10')),
  playedTries: Number(option('played-tries', 'BENCH_PLAYED_TRIES', '5000')),
  fileMb: Number(option('file-mb', 'BENCH_FILE_MB', '500')),
  fileCount: Number(option('file-count', 'BENCH_FILE_COUNT', '100')),
  ratePerS: Number(option('rate', 'BENCH_RATE', '25')),
};
/** Issue 32: no try waits more than 100 ms longer because of a backup. */
const GOAL_EXTRA_WAIT_MS = 100;
/** The tries before the backup, for the baseline. */
const BASELINE_MS = 10_000;

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** One try of the open loop: when it was due and how long it took. */
interface TimedTry {
  at: number;
  latencyMs: number;
}

/**
 * Tries at `ratePerS` (open loop: the n-th is due at n / rate seconds, its wait counted from
 * then) over the players until `until` settles.
 */
async function triesUntil(players: Player[], ratePerS: number, until: Promise<unknown>) {
  const tries: TimedTry[] = [];
  const idle = players.filter((p) => !p.isDone);
  const pending = new Set<Promise<void>>();
  let done = false;
  void until.finally(() => (done = true));
  const started = performance.now();
  for (let n = 0; !done; n += 1) {
    const dueAt = started + (n * 1000) / ratePerS;
    const wait = dueAt - performance.now();
    if (wait > 0) await sleep(wait);
    const player = idle.shift();
    if (!player) continue;
    const running = player
      .tryNext()
      .catch(() => undefined)
      .then(() => {
        tries.push({ at: dueAt, latencyMs: performance.now() - dueAt });
        if (!player.isDone) idle.push(player);
        pending.delete(running);
      });
    pending.add(running);
  }
  await Promise.all(pending);
  return tries;
}

/** Every file under `dir` (relative path → SHA-256). */
async function fileHashes(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        hashes.set(
          path.relative(dir, full),
          createHash('sha256')
            .update(await readFile(full))
            .digest('hex'),
        );
      }
    }
  };
  await walk(dir);
  return hashes;
}

/** What the drill compares: each table's rows, each game's score. */
interface Contents {
  rows: Map<string, number>;
  scores: Map<string, number>;
}

async function contentsOf(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const tables = await query(
    `select table_name as t from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows = new Map<string, number>();
  for (const { t } of tables) {
    const [row] = await query(`select count(*)::int as n from "${String(t)}"`);
    rows.set(String(t), Number(row?.n));
  }
  const scores = new Map(
    (await query('select id, total_score from games')).map((g) => [
      String(g.id),
      Number(g.total_score),
    ]),
  );
  return { rows, scores } satisfies Contents;
}

async function pgliteContents(dataDir: string): Promise<Contents> {
  const db = await PGlite.create(path.join(dataDir, 'db'));
  try {
    return await contentsOf(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}

async function postgresContents(url: string): Promise<Contents> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await contentsOf(
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    );
  } finally {
    await client.end();
  }
}

/** The differences between two contents, in words (none: identical). */
function differences(a: Contents, b: Contents): string[] {
  const found: string[] = [];
  for (const [table, n] of a.rows) {
    // The migrations' own table is the target's (it applied them).
    if (b.rows.get(table) !== n) found.push(`${table}: ${n} rows, restored ${b.rows.get(table)}`);
  }
  if (a.scores.size !== b.scores.size) found.push(`games: ${a.scores.size} vs ${b.scores.size}`);
  for (const [id, score] of a.scores) {
    if (b.scores.get(id) !== score)
      found.push(`game ${id}: ${score}, restored ${b.scores.get(id)}`);
  }
  return found;
}

/** `npm run backup` or `npm run restore -- <file>` with `env`; answers its output. */
function command(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/scripts/backup.mjs', ...args],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`${args[0]} failed: ${output}`)),
    );
  });
}

/** The backup of the world, written by the server while the teams try. */
async function backupWhilePlaying(client: HttpClient, players: Player[], admin: string) {
  const startedAt = { value: 0 };
  const answeredAt = { value: 0 };
  const backup = (async () => {
    await sleep(BASELINE_MS);
    startedAt.value = performance.now();
    const res = await apiCall(client, {
      method: 'POST',
      path: '/api/platform/backups',
      cookie: admin,
      ip: '10.250.0.1',
    });
    answeredAt.value = performance.now();
    return JSON.parse(res.body) as { backup: { name: string; bytes: number } };
  })();
  const tries = await triesUntil(players, OPTIONS.ratePerS, backup);
  const before = tries.filter((t) => t.at + t.latencyMs < startedAt.value);
  const during = tries.filter(
    (t) => t.at + t.latencyMs >= startedAt.value && t.at <= answeredAt.value,
  );
  return {
    backup: (await backup).backup,
    seconds: (answeredAt.value - startedAt.value) / 1000,
    before: before.map((t) => t.latencyMs).sort((a, b) => a - b),
    during: during.map((t) => t.latencyMs).sort((a, b) => a - b),
  };
}

async function benchDatabase(engine: Engine): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-backup-'));
  const source = engine === 'postgres' ? await createPostgresDatabase(ADMIN_URL) : null;
  const targets: { drop(): Promise<void> }[] = [];
  const server = await startServer({ dataDir, databaseUrl: source?.url ?? null });
  const client = createHttpClient(server.baseUrl, 64);
  try {
    const world = await setUpWorld(client, {
      teams: OPTIONS.teams,
      steps: OPTIONS.steps,
      concurrency: 16,
    });
    const players = world.teams.map((team) =>
      httpPlayer(client, { slug: world.slug, team, wrongRatio: 0.1 }),
    );
    const played = await runLoad(players, {
      concurrency: 16,
      maxSubmissions: OPTIONS.playedTries,
      durationMs: Infinity,
    });
    // Stored files as the media library keeps them (random bytes: gzip cannot shrink them).
    const filesDir = path.join(dataDir, 'files', 'media-library', 'bench');
    await mkdir(filesDir, { recursive: true });
    const fileBytes = Math.round((OPTIONS.fileMb * 1024 * 1024) / OPTIONS.fileCount);
    for (let n = 0; n < OPTIONS.fileCount; n += 1) {
      const file = path.join(filesDir, `file-${n}.bin`);
      await writeFile(file, randomBytes(fileBytes));
      // The local storage's sidecar with the content type, as an upload writes it.
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType: 'application/pdf' }));
    }
    const admin = await signInSuperadmin(client);
    console.log(
      `=== ${engine} ===\n${OPTIONS.teams} teams on a route of ${OPTIONS.steps} steps, ` +
        `${played.submissions} tries played first, ${OPTIONS.fileCount} files of ` +
        `${(fileBytes / 1024 / 1024).toFixed(1)} MB`,
    );
    const run = await backupWhilePlaying(client, players, admin);
    const worstBefore = run.before.at(-1) ?? 0;
    const worstDuring = run.during.at(-1) ?? 0;
    const stats = (sorted: number[]) =>
      `${sorted.length} tries: p50 ${ms(percentile(sorted, 50))} | p99 ${ms(percentile(sorted, 99))} | max ${ms(sorted.at(-1) ?? 0)}`;
    console.log(
      `backup from the panel's endpoint: ${run.backup.name}, ` +
        `${(run.backup.bytes / 1024 / 1024).toFixed(0)} MB in ${run.seconds.toFixed(1)} s`,
    );
    console.log(
      `  tries at ${OPTIONS.ratePerS}/s before it (${BASELINE_MS / 1000} s): ${stats(run.before)}`,
    );
    console.log(`  tries during it: ${stats(run.during)}`);
    const extra = worstDuring - worstBefore;
    console.log(
      `  the longest wait during it ${ms(worstDuring)}, ${ms(Math.max(0, extra))} over the longest before | ` +
        (run.during.length === 0
          ? 'no try during it: NOT measured'
          : extra <= GOAL_EXTRA_WAIT_MS
            ? `goal met (≤ ${GOAL_EXTRA_WAIT_MS} ms longer)`
            : `goal NOT met (≤ ${GOAL_EXTRA_WAIT_MS} ms longer)`),
    );
    client.close();
    await server.stop();

    // The restore drill, on a backup of the stopped server (the one above saw tries go on).
    const sourceEnv = { DATA_DIR: dataDir, ...(source ? { DATABASE_URL: source.url } : {}) };
    const written = await command(['backup'], sourceEnv);
    const archive = /^Backup written: (\S+) /.exec(written)?.[1];
    if (!archive) throw new Error(`no archive in: ${written}`);
    const sourceContents =
      engine === 'postgres' ? await postgresContents(source!.url) : await pgliteContents(dataDir);
    const sourceFiles = await fileHashes(path.join(dataDir, 'files'));
    for (const target of ['pglite', 'postgres'] as const) {
      const targetDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-restore-'));
      targets.push({ drop: () => rm(targetDir, { recursive: true, force: true }) });
      const database = target === 'postgres' ? await createPostgresDatabase(ADMIN_URL) : null;
      if (database) targets.push(database);
      const t0 = performance.now();
      await command(['restore', archive], {
        DATA_DIR: targetDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
      const seconds = (performance.now() - t0) / 1000;
      const restored =
        target === 'postgres'
          ? await postgresContents(database!.url)
          : await pgliteContents(targetDir);
      const diff = differences(sourceContents, restored);
      const restoredFiles = await fileHashes(path.join(targetDir, 'files'));
      const fileDiff = [...sourceFiles].filter(([file, hash]) => restoredFiles.get(file) !== hash);
      const rows = [...restored.rows.values()].reduce((a, b) => a + b, 0);
      console.log(
        `restore ${engine} → ${target} in ${seconds.toFixed(1)} s: ${rows} rows in ${restored.rows.size} tables, ` +
          `${restored.scores.size} games, ${restoredFiles.size} files | ` +
          (diff.length === 0 && fileDiff.length === 0 && restoredFiles.size === sourceFiles.size
            ? 'identical (every table’s rows, every game’s score, every file’s hash)'
            : `NOT identical: ${[
                ...diff,
                ...fileDiff.map(([f]) => `file ${f}`),
                `${sourceFiles.size} files in the source`,
              ]
                .slice(0, 6)
                .join('; ')}`),
      );
    }
    console.log('');
  } finally {
    client.close();
    await server.stop().catch(() => undefined);
    for (const target of targets) await target.drop();
    await source?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores\n`);
for (const engine of OPTIONS.databases) await benchDatabase(engine);
