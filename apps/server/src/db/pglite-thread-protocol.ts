/** What the app's thread asks the database thread (see pglite-thread.ts). */
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
  | { op: 'task'; name: string; args: unknown[] };

/** An operation with the id its reply carries. */
export type ThreadRequest = { id: number } & ThreadOp;

/** An error as it crosses threads: its name, message and own fields (PostgreSQL's code, …). */
export interface ThreadError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

/** The answer to one request. */
export type ThreadReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };
