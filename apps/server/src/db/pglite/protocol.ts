import type { AppErrorFields } from '../../errors';

/** What the database thread starts with. */
export interface WorkerData {
  /** PGlite's files live under `{dataDir}/db`; null keeps them in memory. */
  dataDir: string | null;
  /** The module exporting the task registry as `tasks` (db/tasks.ts). */
  tasksModule: string;
  /** A data directory to start from (PGlite's `dumpDataDir` tarball). */
  snapshot?: Uint8Array;
}

/** What the app's thread asks the database thread (see thread.ts). */
export type ThreadOp =
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types whose values stay as PostgreSQL's text (drizzle's parsers for dates). */
      rawTypes: number[];
      /** Inside the app thread's open transaction (which holds the database). */
      inTransaction: boolean;
    }
  | { op: 'begin' | 'commit' | 'rollback' | 'close' }
  /** Each table's rows as binary COPY data, all from one transaction (a backup's snapshot). */
  | { op: 'copyOut'; tables: string[] }
  /** A temporary table `into` shaped like `table`, filled with binary COPY data. */
  | { op: 'copyIn'; table: string; into: string; data: Uint8Array }
  | { op: 'task'; name: string; args: unknown[] };

/** An operation with the id its reply carries. */
export type ThreadRequest = { id: number } & ThreadOp;

/**
 * An error as it crosses threads: an `AppError`'s code and params, or any other error's name,
 * message and own fields (PostgreSQL's `code`, `constraint`, …).
 */
export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
  appError: AppErrorFields | null;
}

/** The answer to one request. */
export type ThreadReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };
