import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The shipped configuration: the test runs this very file. */
const CONFIG = fileURLToPath(new URL('../../../../deploy/haproxy.cfg', import.meta.url));
/** Debian's HAProxy (`scripts/test.mjs` and `.ci/run` install it when it is missing). */
export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** A server's state as HAProxy logs it. */
type ServerState = 'UP' | 'DOWN';

/** HAProxy running `deploy/haproxy.cfg` in front of the instances, as a child process. */
export interface Haproxy {
  url: string;
  /**
   * Resolves when HAProxy next logs that instance `n` (from 1: `app1`) is `state`; call it
   * before what should make it so.
   */
  next(n: number, state: ServerState): Promise<void>;
  /** What HAProxy logged. */
  output(): string;
  close(): Promise<void>;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts HAProxy on a free port in front of `instances` (host:port each); resolves once it has
 * checked every one of them (it listens before its first check).
 */
export async function startHaproxy(instances: [string, string]): Promise<Haproxy> {
  const port = await freePort();
  const child = spawn(HAPROXY, ['-db', '-f', CONFIG], {
    env: {
      ...process.env,
      TAPPA_LB_BIND: `127.0.0.1:${port}`,
      TAPPA_INSTANCE_1: instances[0],
      TAPPA_INSTANCE_2: instances[1],
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  // The log (stdout, raw) line by line: each new one is shown to the waiters.
  const waiters = new Set<(line: string) => void>();
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) for (const waiter of [...waiters]) waiter(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const nextLine = (match: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const waiter = (line: string) => {
        if (!match.test(line)) return;
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
      void exited.then(() => reject(new Error(`HAProxy exited:\n${output}`)));
    });
  await Promise.all(
    instances.map((_, i) => nextLine(new RegExp(`^Health check for server tappa/app${i + 1} `))),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    next: (n, state) => nextLine(new RegExp(`^Server tappa/app${n} is ${state}\\b`)),
    output: () => output,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
