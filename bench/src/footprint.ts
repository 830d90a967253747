// Footprint scenario (issue 18, targets 2, 3 and 6): the production start path (`npm start`'s
// command line) from spawn to a healthy `/api/health`, and the memory it holds at
// ready and after an idle period, on a fresh and on an existing PGlite data directory and on
// PostgreSQL. The machine's own reference figures come first (a bare Node http server, a bare
// PGlite open with default settings), and every figure is printed with its ratio to them.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ADMIN_URL, readOptions } from './lib/options';
import { createPostgresDatabase } from './lib/server-process';

const { option, databases } = readOptions({
  runs: { type: 'string' },
  'idle-s': { type: 'string' },
  databases: { type: 'string' },
  'server-root': { type: 'string' },
});

const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OPTIONS = {
  runs: Number(option('runs', 'BENCH_RUNS', '3')),
  idleS: Number(option('idle-s', 'BENCH_IDLE_S', '10')),
  databases: databases(),
  serverRoot: path.resolve(option('server-root', 'BENCH_SERVER_ROOT', '') || benchRoot),
};
const STARTUP_LIMIT_MS = 120_000;
const POLL_MS = 20;

/** One start: time from spawn to healthy, memory at ready and after the idle period. */
interface Sample {
  healthyMs: number;
  /** CPU time the start's processes used until healthy (all threads): less load-dependent. */
  cpuMs: number;
  /** The process that answers HTTP (the server), in MB. */
  readyMb: number;
  idleMb: number;
  /** Every process of the start (start.mjs and its children), in MB, after the idle period. */
  idleTreeMb: number;
}

/** A process started by the bench, with its descendants' memory. */
interface Started {
  child: ChildProcess;
  exited: Promise<void>;
}

function launch(command: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited } satisfies Started;
}

async function stop({ child, exited }: Started): Promise<void> {
  child.kill('SIGTERM');
  await exited;
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** `pid` and its descendants. */
async function processTree(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const nested = await Promise.all(
    children.split(' ').filter(Boolean).map(Number).map(processTree),
  );
  return [pid, ...nested.flat()];
}

/** CPU time (utime + stime, 10 ms ticks) of the tree's processes so far, in ms. */
async function treeCpuMs(pid: number): Promise<number> {
  const ticks = await Promise.all(
    (await processTree(pid)).map(async (each) => {
      const stat = await readFile(`/proc/${each}/stat`, 'utf8').catch(() => '');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    }),
  );
  return ticks.reduce((a, b) => a + b, 0) * 10;
}

/** The largest process of the tree (the server), and the whole tree, in MB. */
async function treeMemory(pid: number): Promise<{ serverMb: number; treeMb: number }> {
  const sizes = await Promise.all((await processTree(pid)).map(rssMb));
  return { serverMb: Math.max(...sizes), treeMb: sizes.reduce((a, b) => a + b, 0) };
}

/** Polls `url` until it answers 200; the time from `since`. */
async function untilOk(url: string, since: number, started: Started): Promise<number> {
  let exitedEarly = false;
  void started.exited.then(() => (exitedEarly = true));
  while (performance.now() - since < STARTUP_LIMIT_MS) {
    if (exitedEarly) throw new Error(`The process exited before ${url} answered`);
    const ok = await fetch(url).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    if (ok) return performance.now() - since;
    await sleep(POLL_MS);
  }
  throw new Error(`${url} did not answer within ${STARTUP_LIMIT_MS} ms`);
}

/** Resolves when the child prints `marker` on stdout; the time from `since`. */
function untilPrinted(started: Started, marker: string, since: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    started.child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) resolve(performance.now() - since);
    });
    started.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void started.exited.then(() => reject(new Error(`exited before "${marker}":\n${output}`)));
  });
}

/** A bare Node http server: spawn to its first answer, and its memory then. */
async function bareNode(): Promise<Sample> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  const since = performance.now();
  const started = launch(process.execPath, ['-e', code], { cwd: os.tmpdir() });
  const healthyMs = await untilOk(`http://127.0.0.1:${port}/`, since, started);
  const readyMb = await rssMb(started.child.pid ?? 0);
  const cpuMs = await treeCpuMs(started.child.pid ?? 0);
  await stop(started);
  return { healthyMs, cpuMs, readyMb, idleMb: readyMb, idleTreeMb: readyMb };
}

/** A bare PGlite (default settings) opened on `dir`: spawn to `select 1`, and its memory then. */
async function barePglite(dir: string): Promise<Sample> {
  const code = [
    "import { PGlite } from '@electric-sql/pglite';",
    'const db = await PGlite.create(process.argv[1]);',
    "await db.query('select 1');",
    "console.log('ready');",
    "process.on('SIGTERM', () => db.close().then(() => process.exit(0)));",
    'setInterval(() => {}, 60_000);',
  ].join('\n');
  const since = performance.now();
  const started = launch(process.execPath, ['--input-type=module', '-e', code, dir], {
    cwd: path.join(OPTIONS.serverRoot, 'apps/server'),
  });
  const healthyMs = await untilPrinted(started, 'ready', since);
  const readyMb = await rssMb(started.child.pid ?? 0);
  const cpuMs = await treeCpuMs(started.child.pid ?? 0);
  await stop(started);
  return { healthyMs, cpuMs, readyMb, idleMb: readyMb, idleTreeMb: readyMb };
}

/** `npm start`'s command line (the root package.json's `start`), run without npm. */
function startCommand(): string[] {
  const rootPackage = JSON.parse(
    readFileSync(path.join(OPTIONS.serverRoot, 'package.json'), 'utf8'),
  ) as { scripts: { start: string } };
  const [program, ...args] = rootPackage.scripts.start.split(/\s+/);
  if (program !== 'node')
    throw new Error(`npm start does not run node: ${rootPackage.scripts.start}`);
  return [process.execPath, ...args];
}

/** `npm start`'s command on `dataDir` or `databaseUrl`, measured until idle, then stopped. */
async function productionStart(opts: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<Sample> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
  };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const [command, ...args] = startCommand();
  const since = performance.now();
  const started = launch(command ?? process.execPath, args, { cwd: OPTIONS.serverRoot, env });
  started.child.stdout?.resume();
  let errors = '';
  started.child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    const healthyMs = await untilOk(`http://127.0.0.1:${port}/api/health`, since, started);
    const pid = started.child.pid ?? 0;
    const cpuMs = await treeCpuMs(pid);
    const ready = await treeMemory(pid);
    // The idle period: no request at all, so what the start left behind is what stays.
    await sleep(OPTIONS.idleS * 1000);
    const idle = await treeMemory(pid);
    return {
      healthyMs,
      cpuMs,
      readyMb: ready.serverMb,
      idleMb: idle.serverMb,
      idleTreeMb: idle.treeMb,
    };
  } catch (err) {
    throw new Error(`${String(err)}\n${errors}`);
  } finally {
    await stop(started);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function medianSample(samples: Sample[]): Sample {
  return {
    healthyMs: median(samples.map((s) => s.healthyMs)),
    cpuMs: median(samples.map((s) => s.cpuMs)),
    readyMb: median(samples.map((s) => s.readyMb)),
    idleMb: median(samples.map((s) => s.idleMb)),
    idleTreeMb: median(samples.map((s) => s.idleTreeMb)),
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const x = (value: number, reference: number) => `${(value / reference).toFixed(2)}×`;

function line(title: string, sample: Sample, reference: Sample, referenceName: string): string {
  return [
    `${title}: healthy in ${s(sample.healthyMs)} (${x(sample.healthyMs, reference.healthyMs)} ${referenceName}), CPU ${s(sample.cpuMs)} until then (${x(sample.cpuMs, reference.cpuMs)})`,
    `  RSS ${mb(sample.readyMb)} at ready (${x(sample.readyMb, reference.readyMb)}), ${mb(sample.idleMb)} after ${OPTIONS.idleS} s idle (${x(sample.idleMb, reference.readyMb)}); all processes of the start ${mb(sample.idleTreeMb)}`,
  ].join('\n');
}

/** Builds what `npm start` would build first, so that no start measured includes a build. */
function prepare(): void {
  const serverPackage = JSON.parse(
    readFileSync(path.join(OPTIONS.serverRoot, 'apps/server/package.json'), 'utf8'),
  ) as { scripts?: Record<string, string> };
  const builds: string[][] = [];
  if (!existsSync(path.join(OPTIONS.serverRoot, 'apps/web/dist/index.html'))) {
    builds.push(['run', 'build', '-w', 'apps/web']);
  }
  if (serverPackage.scripts?.build) builds.push(['run', 'build', '-w', 'apps/server']);
  for (const args of builds) {
    const result = spawnSync('npm', [...args, '--silent'], {
      cwd: OPTIONS.serverRoot,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
  }
}

async function pgliteRuns(): Promise<{ fresh: Sample[]; existing: Sample[] }> {
  const fresh: Sample[] = [];
  const existing: Sample[] = [];
  for (let run = 0; run < OPTIONS.runs; run++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-footprint-'));
    try {
      fresh.push(await productionStart({ dataDir, databaseUrl: null }));
      existing.push(await productionStart({ dataDir, databaseUrl: null }));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { fresh, existing };
}

async function postgresRuns(): Promise<{ fresh: Sample[]; existing: Sample[] }> {
  const fresh: Sample[] = [];
  const existing: Sample[] = [];
  for (let run = 0; run < OPTIONS.runs; run++) {
    const database = await createPostgresDatabase(ADMIN_URL);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-footprint-'));
    try {
      fresh.push(await productionStart({ dataDir, databaseUrl: database.url }));
      existing.push(await productionStart({ dataDir, databaseUrl: database.url }));
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { fresh, existing };
}

async function main(): Promise<void> {
  prepare();
  console.log(
    `${new Date().toISOString()} | Node ${process.version} | ${os.cpus().length} cores | ${mb(os.totalmem() / 1024 / 1024)} memory`,
  );
  console.log(
    `server: ${OPTIONS.serverRoot}: ${startCommand().slice(1).join(' ')} (npm start's command line, default settings)`,
  );
  console.log(
    `median of ${OPTIONS.runs} runs; "idle" = RSS after a fixed ${OPTIONS.idleS} s without requests\n`,
  );

  const nodeSamples: Sample[] = [];
  for (let run = 0; run < OPTIONS.runs; run++) nodeSamples.push(await bareNode());
  const node = medianSample(nodeSamples);
  const pgliteFresh: Sample[] = [];
  const pgliteExisting: Sample[] = [];
  for (let run = 0; run < OPTIONS.runs; run++) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tappa-footprint-bare-'));
    try {
      pgliteFresh.push(await barePglite(dir));
      pgliteExisting.push(await barePglite(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const bareFresh = medianSample(pgliteFresh);
  const bareExisting = medianSample(pgliteExisting);
  console.log('reference: this machine');
  console.log(
    `  bare node http server: answers in ${s(node.healthyMs)} (CPU ${s(node.cpuMs)}), RSS ${mb(node.readyMb)}`,
  );
  console.log(
    `  bare PGlite open (default settings), empty directory: select 1 in ${s(bareFresh.healthyMs)} (CPU ${s(bareFresh.cpuMs)}), RSS ${mb(bareFresh.readyMb)}`,
  );
  console.log(
    `  bare PGlite open (default settings), existing directory: select 1 in ${s(bareExisting.healthyMs)} (CPU ${s(bareExisting.cpuMs)}), RSS ${mb(bareExisting.readyMb)}\n`,
  );

  for (const engine of OPTIONS.databases) {
    if (engine === 'pglite') {
      const { fresh, existing } = await pgliteRuns();
      console.log(
        line('pglite, empty data directory', medianSample(fresh), bareFresh, 'bare PGlite'),
      );
      console.log(
        line(
          'pglite, existing data directory',
          medianSample(existing),
          bareExisting,
          'bare PGlite',
        ),
      );
    } else {
      const { fresh, existing } = await postgresRuns();
      console.log(line('postgres, fresh database', medianSample(fresh), node, 'bare node'));
      console.log(line('postgres, existing database', medianSample(existing), node, 'bare node'));
    }
  }
}

await main();
