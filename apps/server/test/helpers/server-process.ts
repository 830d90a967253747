import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** The real server (`src/main.ts`) running as a child process. */
export interface ServerProcess {
  baseUrl: string;
  /** Resolves when the process ends, whatever ends it. */
  exited: Promise<void>;
  /** Whether the process has ended. */
  hasExited(): boolean;
  /** Its exit code once it has ended (null: not ended, or ended by a signal). */
  exitCode(): number | null;
  /** What the process printed (the last 64 KB). */
  output(): string;
  /** `kill -9`: the process ends at once, with no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for the graceful shutdown. */
  stop(): Promise<void>;
}

/**
 * Starts `main.ts` on 127.0.0.1 and a free port with `env` on top; resolves with its address once
 * it listens, rejects with its output when it exits first. `opts.serverDir`: another copy of
 * `apps/server` to run (an earlier release's).
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  opts: { serverDir?: string } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: opts.serverDir ?? serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = await addressOf(child);
  const end = async (signal: NodeJS.Signals) => {
    if (!hasExited()) child.kill(signal);
    await exited;
  };
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    baseUrl,
    exited,
    hasExited,
    exitCode: () => child.exitCode,
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

function addressOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    // Read to the end, so that a chatty server never blocks on a full pipe.
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`The server exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
}
