import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Drizzle } from './drizzle';

/** Runs a hand-written statement and answers its rows. */
export type RunStatement = <R>(query: SQL) => Promise<R[]>;

/** Hand-written statements through drizzle, on either driver (PGlite prepares them all). */
export function statementsOf(d: Drizzle): RunStatement {
  return async <R>(query: SQL) => {
    const result: unknown = await d.execute(query);
    return (result as { rows: R[] }).rows;
  };
}

const dialect = new PgDialect();

/**
 * Hand-written statements on PostgreSQL as named prepared statements: each connection parses and
 * plans a statement's text once, not at every try (decision 0054). The texts are the few of the
 * try path (`ScopedQueries.execute`), so the names stay few; a text keeps its name for the
 * process's life.
 */
export function preparedStatementsOn(pool: pg.Pool): RunStatement {
  const names = new Map<string, string>();
  return async <R>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = names.get(text);
    if (!name) names.set(text, (name = `tappa_${names.size + 1}`));
    const result = await pool.query({ name, text, values: params });
    return result.rows as R[];
  };
}
