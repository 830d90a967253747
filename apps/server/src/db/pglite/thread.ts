import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { AppError } from '../../errors';
import type { TaskArgs, TaskRegistry, TaskResult } from '../tasks';
import type { ThreadError, ThreadOp, ThreadReply, WorkerData } from './protocol';
import { runTransaction } from './transaction';

/** The embedded database in its own thread, and how the app's thread talks to it. */
export interface PgliteThread<T extends TaskRegistry> {
  /** For drizzle: `query` and `transaction`, statement by statement across the threads. */
  client: PGlite;
  /** Runs a hot transaction of the registry in the database thread, in one message. */
  runTask<K extends keyof T & string>(name: K, args: TaskArgs<T[K]>): Promise<TaskResult<T[K]>>;
  tableCopies: TableCopies;
  /** How many calls (statements, transactions' steps, tasks) await the thread's answer. */
  pending(): number;
  close(): Promise<void>;
}

/**
 * A backup's snapshot on the embedded database (decision 0077): every table copied out in one
 * short transaction, then each copied back into a temporary table of its own while it is read.
 */
export interface TableCopies {
  /** Each table's rows (binary COPY data), from one transaction. */
  copyOut(tables: string[]): Promise<Uint8Array[]>;
  /** Creates the temporary table `into` like `table` and fills it with `data`. */
  copyIn(table: string, into: string, data: Uint8Array): Promise<void>;
}

/**
 * Starts the embedded database in a worker thread (worker.ts): the engine and the hot
 * transactions (the registry the module `tasksModule` exports as `tasks`) run on one core while
 * HTTP, validation and everything else run on the other.
 * The database has one connection: a transaction holds it from BEGIN to COMMIT, and statements
 * outside it wait, as in PGlite's own `transaction`. Row parsers must keep the text (drizzle's
 * for dates do): functions cannot cross threads.
 */
export async function startPgliteThread<T extends TaskRegistry>(
  opts: WorkerData,
): Promise<PgliteThread<T>> {
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
    workerData: opts satisfies WorkerData,
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
    runTask: <K extends keyof T & string>(name: K, args: TaskArgs<T[K]>) =>
      call<TaskResult<T[K]>>({ op: 'task', name, args }),
    tableCopies: {
      copyOut: (tables) => call<Uint8Array[]>({ op: 'copyOut', tables }),
      copyIn: async (table, into, data) => {
        await call({ op: 'copyIn', table, into, data });
      },
    },
    pending: () => pending.size,
    close: async () => {
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** Whether the embedded database exists in `dataDir` (under `db/`, worker.ts): once created. */
export const hasPgliteDatabase = (dataDir: string) =>
  existsSync(path.join(dataDir, 'db', 'PG_VERSION'));

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
function toError(error: ThreadError): Error {
  if (error.appError) return AppError.fromFields(error.appError);
  return Object.assign(new Error(error.message), error.fields);
}
