// The database thread: it owns the embedded PGlite, answers the app's thread statement by
// statement, and runs the hot transactions (the registry of `tasksModule`) here, next to the engine.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type QueryOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { AppError } from '../../errors';
import { Db } from '../db';
import type { Drizzle } from '../drizzle';
import * as schema from '../schema';
import { runTaskHere, type TaskArgs, type TaskRegistry } from '../tasks';
import { createPreparedRunner } from './prepared';
import type { ThreadError, ThreadReply, ThreadRequest, WorkerData } from './protocol';
import { runTransaction } from './transaction';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread');
const { dataDir, tasksModule, snapshot } = workerData as WorkerData;

/**
 * PGlite's own start parameters (its `defaultStartParams`, not in its typings) with a smaller
 * buffer pool: PostgreSQL's 128 MB of shared buffers become resident WebAssembly memory for good,
 * while the database's pages stay in the OS's file cache anyway (docs/decisions/0048).
 */
const START_PARAMS = [
  ...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];

/** Opens PGlite on the data directory (created on the first start) or in memory. */
async function openEngine(): Promise<PGlite> {
  const options = {
    loadDataDir: snapshot ? new Blob([snapshot]) : undefined,
    startParams: START_PARAMS,
  };
  if (!dataDir) return PGlite.create(options);
  const dir = path.join(dataDir, 'db');
  await mkdir(dir, { recursive: true });
  return PGlite.create(dir, options);
}

// The tasks (the services' code) load while the engine starts.
const [{ tasks }, client] = await Promise.all([
  import(tasksModule) as Promise<{ tasks: TaskRegistry }>,
  openEngine(),
]);
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
const localDrizzle: Drizzle = drizzle({
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
});
const localDb = new Db(localDrizzle);

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
    case 'task':
      return runTaskHere(
        localDb,
        tasks,
        request.name,
        request.args as TaskArgs<TaskRegistry[string]>,
      );
    case 'copyOut':
      // One transaction for every table: a consistent snapshot at the cost of the raw copy,
      // the cheapest way to read them all (decision 0077).
      return lock.run(() =>
        client.transaction(async (tx) => {
          const copies: Uint8Array[] = [];
          for (const table of request.tables) {
            const { blob } = await tx.query(
              `copy ${quoteIdent(table)} to '/dev/blob' with (format binary)`,
            );
            copies.push(new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0)));
          }
          return copies;
        }),
      );
    case 'copyIn':
      return lock.run(async () => {
        const into = quoteIdent(request.into);
        await client.exec(`create temp table ${into} (like ${quoteIdent(request.table)})`);
        await client.query(`copy ${into} from '/dev/blob' with (format binary)`, [], {
          blob: new Blob([request.data]),
        });
        return null;
      });
    case 'close':
      await lock.run(() => client.close());
      return null;
  }
}

/** A name as an SQL identifier. */
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An error's name, message and own fields (code, detail, constraint, …) for the reply. */
function describe(err: unknown): ThreadError {
  if (err instanceof AppError) {
    return { name: err.name, message: err.message, fields: {}, appError: err.toFields() };
  }
  if (!(err instanceof Error)) {
    return { name: 'Error', message: String(err), fields: {}, appError: null };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // Only what can be copied between threads: `queryOptions` holds functions.
    if (key !== 'queryOptions' && key !== 'cause' && typeof value !== 'function') {
      fields[key] = value;
    }
  }
  return { name: err.name, message: err.message, fields, appError: null };
}

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies ThreadReply),
    (err: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: describe(err) } satisfies ThreadReply),
  );
});
port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies ThreadReply);
