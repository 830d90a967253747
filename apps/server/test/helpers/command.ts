import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each run of an operator's command starts a process that loads TypeScript and opens the
 * database (PGlite boots in a thread): on a busy machine that takes tens of seconds, so the tests
 * that spawn one get a loose bound.
 */
export const SPAWNING_TEST_MS = 300_000;

/** Runs `scripts/<script>` of the server with `args` and `env` to its end, as npm would. */
export function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
