import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPreparedRunner } from '../../../apps/server/src/db/pglite/prepared';

/** A row as the drivers return it in object mode. */
export type SqlRow = Record<string, unknown>;

/** Runs statements: on a transaction's connection, or on any connection. */
export interface SqlSession {
  query(text: string, params?: unknown[]): Promise<SqlRow[]>;
}

/** A database opened by the bench itself, for the raw SQL phase. */
export interface SqlEngine extends SqlSession {
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the PGlite database the server used (`{dataDir}/db`). Only after the server exited:
 * PGlite is single-process. Transactions take turns on its one connection, as in the server.
 * `prepared` runs statements as the server's database thread does (its named prepared
 * statements), otherwise through PGlite's own `query` (parsed and planned on every run).
 */
export async function openPgliteEngine(dataDir: string, prepared: boolean): Promise<SqlEngine> {
  const client = await PGlite.create(path.join(dataDir, 'db'));
  const { runPrepared } = createPreparedRunner(client);
  // Under PGlite's query lock, as the server's database thread runs them.
  const runPreparedLocked = async (text: string, params: unknown[] = [], inTx: boolean) =>
    (await client._runExclusiveQuery(() => runPrepared<SqlRow>(text, params, {}, { retry: !inTx })))
      .rows;
  const plain = async (q: Pick<PGlite, 'query'>, text: string, params?: unknown[]) =>
    (await q.query<SqlRow>(text, params)).rows;
  return {
    // Outside a transaction: after the open ones, as PGlite's own `query` waits.
    query: (text, params) =>
      prepared
        ? client._runExclusiveTransaction(() => runPreparedLocked(text, params, false))
        : plain(client, text, params),
    transaction: (work) =>
      client.transaction((tx) =>
        work({
          query: (text, params) =>
            prepared ? runPreparedLocked(text, params, true) : plain(tx, text, params),
        }),
      ),
    close: () => client.close(),
  };
}

/**
 * Opens PostgreSQL through a `pg` pool of `poolSize` connections (the server's is 10); with
 * `named`, statements outside a transaction are named prepared statements, as the server sends
 * its try's statements (decision 0054).
 */
export function openPostgresEngine(url: string, poolSize: number, named = false): SqlEngine {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined);
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `bench_${names.size + 1}`));
    return name;
  };
  const sessionOf = (q: pg.PoolClient): SqlSession => ({
    query: async (text, params) => (await q.query<SqlRow>(text, params)).rows,
  });
  return {
    query: async (text, params) =>
      named
        ? (await pool.query<SqlRow>({ name: nameOf(text), text, values: params })).rows
        : (await pool.query<SqlRow>(text, params)).rows,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(sessionOf(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => null);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
