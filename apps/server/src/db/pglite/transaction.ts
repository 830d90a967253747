import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What a PGlite-style transaction needs from the connection it runs on. */
export interface TransactionSession {
  begin(): Promise<void>;
  /** Runs one statement inside the open transaction. */
  query<T>(text: string, params: unknown[], options: QueryOptions): Promise<Results<T>>;
  /** COMMIT; answers the command PostgreSQL reports (`ROLLBACK` when a statement had failed). */
  commit(): Promise<string | undefined>;
  rollback(): Promise<void>;
}

/**
 * PGlite's `transaction(callback)` over `session`, as drizzle uses it: BEGIN, the callback with
 * `tx.query`, then COMMIT; ROLLBACK when the callback throws.
 */
export async function runTransaction<T>(
  session: TransactionSession,
  callback: (tx: Transaction) => Promise<T>,
): Promise<T> {
  await session.begin();
  let closed = false;
  const tx = {
    query: <R>(text: string, params: unknown[] = [], options: QueryOptions = {}) =>
      closed
        ? Promise.reject(new Error('Transaction is closed'))
        : session.query<R>(text, params, options),
    get closed() {
      return closed;
    },
  } as unknown as Transaction;
  try {
    const result = await callback(tx);
    closed = true;
    // COMMIT of a transaction a failed statement aborted is a ROLLBACK.
    if ((await session.commit()) === 'ROLLBACK') {
      throw new Error('The transaction was rolled back');
    }
    return result;
  } catch (err) {
    if (!closed) {
      closed = true;
      await session.rollback();
    }
    throw err;
  }
}
