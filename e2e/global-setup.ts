import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPERADMIN } from './fixtures';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * Starts the real server (embedded database, demo seeded, a fresh DATA_DIR, a free port) and
 * hands its address to the tests through `E2E_BASE_URL`. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await mkdir(path.join(root, 'e2e', 'test-results'), { recursive: true });
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the server's log next to the test results, for failures.
  const log = createWriteStream(path.join(root, 'e2e', 'test-results', 'server.log'));
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const baseUrl = await waitForAddress(server);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}

function waitForAddress(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      reject(new Error(`The server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code} before listening:\n${output}`));
    });
  });
}
