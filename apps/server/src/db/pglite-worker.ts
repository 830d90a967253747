// The database thread: it owns the embedded PGlite, answers the app's thread statement by
// statement, and runs the hot transactions (thread-tasks.ts) here, next to the engine.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type QueryOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './client';
import { createPreparedRunner } from './pglite-prepared';
import type { ThreadError, ThreadReply, ThreadRequest } from './pglite-thread-protocol';
import { runTransaction } from './pglite-transaction';
import * as schema from './schema';
import { runTaskHere, type TaskArgs, type TaskName } from './thread-tasks';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir } = workerData as { dataDir: string | null };

let client: PGlite;
if (dataDir) {
  const dir = path.join(dataDir, 'db');
  await mkdir(dir, { recursive: true });
  client = await PGlite.create(dir);
} else {
  client = await PGlite.create();
}
const { runPrepared } = createPreparedRunner(client);

/**
 * The one connection, taken by a transaction (the app thread's, from its BEGIN to its COMMIT or
 * ROLLBACK, or a task's) or by a single statement; the others wait in arrival order.
 */
class SessionLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with the release function once the connection is ours. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return acquired;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
const lock = new SessionLock();

/** One statement on the connection we hold; outside a transaction, written to disk after it. */
const statement = <T>(
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions,
  inTransaction: boolean,
) =>
  client._runExclusiveQuery(async () => {
    const result = await runPrepared<T>(text, params, options, { retry: !inTransaction });
    if (!inTransaction) await client.syncToFs();
    return result;
  });

const commandOf = async (text: string) => (await client.exec(text))[0]?.command;

/** Drizzle in this thread, over the same connection and lock (the tasks' database). */
const localDb = drizzle({
  client: {
    query: (text: string, params?: unknown[], options: QueryOptions = {}) =>
      lock.run(() => statement(text, params, options, false)),
    transaction: (callback: Parameters<PGlite['transaction']>[0]) =>
      lock.run(() =>
        runTransaction(
          {
            begin: async () => void (await client.exec('BEGIN')),
            query: (text, params, options) => statement(text, params, options, true),
            commit: () => commandOf('COMMIT'),
            rollback: async () => void (await client.exec('ROLLBACK')),
          },
          callback,
        ),
      ),
  } as unknown as PGlite,
  schema,
}) as unknown as Database;

/** Parsers that keep a type's text (drizzle's for dates), one object per set of types. */
const rawParsers = new Map<string, ParserOptions>();
function parsersFor(types: number[]): ParserOptions | undefined {
  if (types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

/** Released at the COMMIT or ROLLBACK of the app thread's open transaction. */
let releaseAppTransaction: (() => void) | null = null;

async function answer(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { text, params, rowMode, rawTypes, inTransaction } = request;
      const options = { rowMode, parsers: parsersFor(rawTypes) };
      // Inside its transaction the app thread already holds the connection.
      if (inTransaction) return statement(text, params, options, true);
      return lock.run(() => statement(text, params, options, false));
    }
    case 'begin': {
      const release = await lock.acquire();
      try {
        await client.exec('BEGIN');
      } catch (err) {
        release();
        throw err;
      }
      releaseAppTransaction = release;
      return null;
    }
    case 'commit':
    case 'rollback':
      try {
        return await commandOf(request.op.toUpperCase());
      } finally {
        releaseAppTransaction?.();
        releaseAppTransaction = null;
      }
    case 'task': {
      const name = request.name as TaskName;
      return runTaskHere(localDb, name, request.args as TaskArgs<typeof name>);
    }
    case 'close':
      await lock.run(() => client.close());
      return null;
  }
}

/** An error's name, message and own fields (code, detail, constraint, …) for the reply. */
function describe(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // Only what can be copied between threads: `queryOptions` holds functions.
    if (key !== 'queryOptions' && key !== 'cause' && typeof value !== 'function') {
      fields[key] = value;
    }
  }
  return { name: err.name, message: err.message, fields };
}

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies ThreadReply),
    (err: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: describe(err) } satisfies ThreadReply),
  );
});
port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies ThreadReply);
