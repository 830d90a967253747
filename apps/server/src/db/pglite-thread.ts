import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { AppError } from '../errors';
import type { ThreadError, ThreadOp, ThreadReply } from './pglite-thread-protocol';
import { runTransaction } from './pglite-transaction';
import type { TaskArgs, TaskName, TaskResult } from './thread-tasks';

/** The embedded database in its own thread, and how the app's thread talks to it. */
export interface PgliteThread {
  /** For drizzle: `query` and `transaction`, statement by statement across the threads. */
  client: PGlite;
  /** Runs a hot transaction (thread-tasks.ts) in the database thread, in one message. */
  runTask<K extends TaskName>(name: K, args: TaskArgs<K>): Promise<TaskResult<K>>;
  close(): Promise<void>;
}

/**
 * Starts the embedded database in a worker thread (pglite-worker.ts): the engine and the hot
 * transactions run on one core while HTTP, validation and everything else run on the other.
 * The database has one connection: a transaction holds it from BEGIN to COMMIT, and statements
 * outside it wait, as in PGlite's own `transaction`. Row parsers must keep the text (drizzle's
 * for dates do): functions cannot cross threads.
 */
export async function startPgliteThread(dataDir: string | null): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: unknown): void }>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: ThreadReply) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiter?.resolve(reply.result);
    else waiter?.reject(toError(reply.error));
  });
  const fail = (err: Error) => {
    failure = err;
    for (const waiter of pending.values()) waiter.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The database thread exited (code ${code})`)));
  await ready;

  const call = <T>(request: ThreadOp): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };

  const query = <T>(text: string, params: unknown[], options: QueryOptions, inTx: boolean) =>
    call<Results<T>>({
      op: 'query',
      text,
      params,
      rowMode: options.rowMode ?? 'object',
      rawTypes: rawTypesOf(options),
      inTransaction: inTx,
    });

  const client = {
    query: <T>(text: string, params: unknown[] = [], options: QueryOptions = {}) =>
      query<T>(text, params, options, false),
    transaction: (callback: Parameters<PGlite['transaction']>[0]) =>
      runTransaction(
        {
          begin: () => call({ op: 'begin' }),
          query: (text, params, options) => query(text, params, options, true),
          commit: () => call<string | undefined>({ op: 'commit' }),
          rollback: () => call({ op: 'rollback' }),
        },
        callback,
      ),
  } as unknown as PGlite;

  return {
    client,
    runTask: (name, args) => call({ op: 'task', name, args }),
    close: async () => {
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** The types drizzle's parsers keep as text; any other parser cannot cross the thread. */
function rawTypesOf(options: QueryOptions): number[] {
  return Object.entries(options.parsers ?? {}).map(([type, parser]) => {
    const keep = parser as (value: string, type: number) => unknown;
    if (keep('x', Number(type)) !== 'x') {
      throw new Error(`Only parsers that keep the text can run in the database thread (${type})`);
    }
    return Number(type);
  });
}

/** Rebuilds an error of the database thread: services' AppErrors keep their class. */
function toError({ name, message, fields }: ThreadError): Error {
  if (name === 'AppError') {
    return new AppError(fields.code as AppError['code'], message);
  }
  return Object.assign(new Error(message), fields);
}
