import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createHttpClient, type HttpClient } from './http-client';
import { ADMIN_URL, type Engine } from './options';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STARTUP_TIMEOUT_MS = 60_000;

/** The superadmin the bench signs in as. */
export const BENCH_SUPERADMIN = { email: 'bench@tappa.test', password: 'bench-password' };

/** The real server running as a child process. */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The child's resident memory in MB (VmRSS), read from /proc. */
  rssMb(): Promise<number>;
  /** SIGTERM and wait for the exit (graceful shutdown closes the database). */
  stop(): Promise<void>;
  /** Its exit code once it has ended (null: not ended, or ended by a signal). */
  exitCode(): number | null;
}

/**
 * Starts `apps/server/src/main.ts` (like e2e/server.ts) on `dataDir`, or on PostgreSQL when
 * `databaseUrl` is set; `nodeArgs` go before the entry (e.g. `--cpu-prof`). With `asStarted`,
 * runs `scripts/start.mjs` instead, as `npm start` does (the built server, built first when
 * stale, with its memory settings); the process measured is then the server it starts.
 */
export async function startServer(opts: {
  dataDir: string;
  databaseUrl: string | null;
  nodeArgs?: string[];
  asStarted?: boolean;
  /** Another checkout of the repository to run (to compare before and after a change). */
  serverRoot?: string;
  /** Variables over the bench's defaults (e.g. `SEED_DEMO: 'true'`). */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    opts.asStarted
      ? ['scripts/start.mjs']
      : [
          ...(opts.nodeArgs ?? []),
          // E.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server (not allowed in
          // NODE_OPTIONS).
          ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
          '--import',
          'tsx',
          'apps/server/src/main.ts',
        ],
    {
      cwd: opts.serverRoot || root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: opts.dataDir,
        DATABASE_URL: opts.databaseUrl ?? '',
        SEED_DEMO: 'false',
        // No daily backup in the middle of a measure.
        BACKUP_TIME: 'off',
        LOG_LEVEL: 'warn',
        SUPERADMIN_EMAIL: BENCH_SUPERADMIN.email,
        SUPERADMIN_PASSWORD: BENCH_SUPERADMIN.password,
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await waitForAddress(child);
  // Warnings and errors of the server (its log is on stdout, at `warn`) reach the bench's stderr.
  for (const out of [child.stdout, child.stderr]) {
    out?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  }
  const pid = opts.asStarted ? await onlyChild(child.pid ?? 0) : (child.pid ?? 0);
  return {
    baseUrl,
    pid,
    rssMb: async () => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    exitCode: () => child.exitCode,
  };
}

/** The one child process of `pid` (start.mjs's server). */
async function onlyChild(pid: number): Promise<number> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
  const [child, ...others] = children.split(' ').filter(Boolean).map(Number);
  if (child === undefined || others.length > 0) {
    throw new Error(`process ${pid} has ${children.trim() || 'no'} children, not one server`);
  }
  return child;
}

/** CPU used by a process and how long its main thread waited for a core (contention). */
export interface CpuSample {
  cpuMs: number;
  runQueueWaitMs: number;
}

/** Reads /proc/{pid}/stat (utime + stime in clock ticks of 10 ms) and /proc/{pid}/schedstat. */
export async function readCpu(pid: number): Promise<CpuSample> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const schedstat = await readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => '0 0');
  return { cpuMs: ticks * 10, runQueueWaitMs: Number(schedstat.split(' ')[1] ?? 0) / 1e6 };
}

/** The CPU time used so far by each thread of process `pid` (by thread id), in ms. */
export async function readThreadsCpuMs(pid: number): Promise<Map<number, number>> {
  const threads = new Map<number, number>();
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [])) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return threads;
}

/**
 * The CPU time used so far by this machine's PostgreSQL processes (the local server's backends,
 * which run the bench's statements), in ms; 0 where none are visible.
 */
export async function readPostgresCpuMs(): Promise<number> {
  let sum = 0;
  for (const ms of (await readPostgresCpuByPid()).values()) sum += ms;
  return sum;
}

/**
 * The CPU time used so far by each PostgreSQL process (by pid), in ms. With `database`, only the
 * backends connected to it (their title names it), so other work on the same PostgreSQL does not
 * count. A backend that ends takes its count with it: sample often, and sum per pid.
 */
export async function readPostgresCpuByPid(database?: string): Promise<Map<number, number>> {
  const byPid = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat.includes('(postgres)')) continue;
    if (database) {
      // A backend's title: `postgres: 15/main: {user} {database} {host}({port}) {state}`.
      const title = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      if (!title.replaceAll('\0', ' ').includes(` ${database} `)) continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byPid.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return byPid;
}

/**
 * A reference server of the bench (a script that prints `listening on http://…`, as the real
 * server does) started as a child process with tsx: its address, its pid, and `stop`.
 */
export async function startScriptServer(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.dirname(script),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await waitForAddress(child);
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  child.stdout?.resume();
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves with the address a child prints as `listening on http://…` (60 s at most). */
export function waitForAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code} before listening:\n${output}`));
    });
  });
}

/** A fresh PostgreSQL database for one run; `drop()` removes it. */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `tappa_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` against a real server on a fresh DATA_DIR, on `engine` (PostgreSQL: a fresh
 * database, whose name `work` gets), with a client of `sockets` connections; then stops the
 * server and removes the database and the folder, also when `work` throws. `server` gives
 * `startServer`'s other options.
 */
export async function onFreshServer<T>(
  engine: Engine,
  opts: {
    sockets: number;
    adminUrl?: string;
    server?: Omit<Parameters<typeof startServer>[0], 'dataDir' | 'databaseUrl'>;
  },
  work: (server: ServerProcess, client: HttpClient, database: string | null) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-'));
  const pgDatabase =
    engine === 'postgres' ? await createPostgresDatabase(opts.adminUrl ?? ADMIN_URL) : null;
  try {
    const server = await startServer({
      ...opts.server,
      dataDir,
      databaseUrl: pgDatabase?.url ?? null,
    });
    const client = createHttpClient(server.baseUrl, opts.sockets);
    try {
      return await work(server, client, pgDatabase?.name ?? null);
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    await pgDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
