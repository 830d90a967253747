import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { testRouteConfig } from './helpers/test-route';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs `main.ts` with `env` until it exits or `untilOutput` appears; returns code and output. */
function runMain(
  env: NodeJS.ProcessEnv,
  onOutput?: (output: string, kill: (signal: NodeJS.Signals) => void) => void,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput?.(output, (signal) => child.kill(signal));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses a bad PORT with a message naming the variable', async () => {
    const { code, output } = await runMain({ PORT: 'abc', DATA_DIR: dataDir });
    expect(code).not.toBe(0);
    expect(output).toContain('PORT: must be a port number');
  });

  // A first start of the real server (it creates the embedded database): the runner's guard is
  // longer than its default, which a busy machine once passed.
  it('starts, then stops gracefully on SIGTERM with exit code 0', async () => {
    let signalled = false;
    const { code, output } = await runMain(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false' },
      (out, kill) => {
        if (!signalled && out.includes('Tappa is running at')) {
          signalled = true;
          kill('SIGTERM');
        }
      },
    );
    expect(signalled).toBe(true);
    expect(output).toContain('shutting down');
    expect(code).toBe(0);
  }, 120_000);

  // Two starts of the real server, the first with its set-up process and the demo seed: the
  // runner's guard is longer than its default.
  it('shows what a first start set up once, and a later start finds it there', async () => {
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'tappa-first-'));
    const startAndStop = () => {
      let signalled = false;
      return runMain(
        { PORT: '0', HOST: '127.0.0.1', DATA_DIR: fresh, SEED_DEMO: 'true' },
        (out, kill) => {
          if (!signalled && out.includes('Admins sign in at')) {
            signalled = true;
            kill('SIGTERM');
          }
        },
      );
    };
    try {
      const first = await startAndStop();
      expect(first.code).toBe(0);
      const count = (output: string, text: string) => output.split(text).length - 1;
      expect(count(first.output, 'Superadmin created: superadmin@tappa.local')).toBe(1);
      expect(count(first.output, 'Demo tenant created')).toBe(1);
      // The set-up process opens the storage quietly: the server says it once.
      expect(count(first.output, 'storage: using local disk')).toBe(1);
      const later = await startAndStop();
      expect(later.code).toBe(0);
      expect(later.output).toContain('Tappa is running at');
      expect(later.output).not.toContain('Superadmin created');
      expect(later.output).not.toContain('Demo tenant created');
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 120_000);
});

describe(`graceful close on ${TEST_DB}`, () => {
  it('finishes an in-flight request before the close hooks run', async () => {
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let closed = false;
    let closeStarted: () => void = () => undefined;
    const preClosed = new Promise<void>((resolve) => (closeStarted = resolve));
    const t = await createTestApp({
      extend: (app) => {
        app.addHook('preClose', async () => closeStarted());
        // main.ts closes the database in an onClose hook: it must run only after the request.
        app.addHook('onClose', () => {
          closed = true;
        });
        app.get('/api/test/slow', { config: testRouteConfig('/api/test/slow') }, async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
            entered();
          });
          return { done: true };
        });
      },
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/api/test/slow`);
    await handlerEntered;
    const closing = t.app.close();
    // Closing has begun; the close hooks still wait for the request in flight.
    await preClosed;
    expect(closed).toBe(false);
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    expect(closed).toBe(true);
    await t.close();
  });
});
