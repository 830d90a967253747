import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPERADMIN } from './fixtures';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const STARTUP_TIMEOUT_MS = 60_000;

/** A real Tappa server started for the journeys. */
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`main.ts`: embedded database, demo seeded, the e2e superadmin, a fresh
 * DATA_DIR, a free port) with `env` on top; its log goes to `e2e/test-results/{logName}`.
 */
export async function startServer(
  opts: { env?: NodeJS.ProcessEnv; logName?: string } = {},
): Promise<RunningServer> {
  const resultsDir = path.join(root, 'e2e', 'test-results');
  await mkdir(resultsDir, { recursive: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the server's log next to the test results, for failures.
  const log = createWriteStream(path.join(resultsDir, opts.logName ?? 'server.log'));
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseUrl = await waitForAddress(server);
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForAddress(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    // The start-up deadline is an abort event, so that nothing here sleeps.
    const deadline = AbortSignal.timeout(STARTUP_TIMEOUT_MS);
    const onDeadline = () => {
      server.kill('SIGKILL');
      reject(new Error(`The server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`));
    };
    deadline.addEventListener('abort', onDeadline, { once: true });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        deadline.removeEventListener('abort', onDeadline);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => {
      deadline.removeEventListener('abort', onDeadline);
      reject(new Error(`The server exited with ${code} before listening:\n${output}`));
    });
  });
}
