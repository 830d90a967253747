import { sql, type SQL } from 'drizzle-orm';
import type { SelectedFields, TableLikeHasEmptySelection } from 'drizzle-orm/pg-core';
import type { Drizzle } from './drizzle';
import { type RunStatement, statementsOf } from './rows';
import type { PlatformScope, TenantScope } from './scope';
import { ScopedQueries } from './scoped';
import type { GlobalTable } from './tables';

type FromTable<T extends GlobalTable> = TableLikeHasEmptySelection<T> extends true ? never : T;

/** Statements on the tables no tenant owns (db/tables.ts): tenants, identity, platform settings. */
export class GlobalQueries {
  constructor(private readonly d: Drizzle) {}

  /** `select * from table`. */
  selectFrom<T extends GlobalTable>(table: T) {
    return this.d.select().from(table as FromTable<T>);
  }

  /** `select fields from table`. */
  select<F extends SelectedFields>(fields: F) {
    return {
      from: <T extends GlobalTable>(table: T) => this.d.select(fields).from(table as FromTable<T>),
    };
  }

  /** `insert into table`. */
  insert<T extends GlobalTable>(table: T) {
    return this.d.insert(table);
  }

  /** `update table`. */
  update<T extends GlobalTable>(table: T) {
    return this.d.update(table);
  }

  /** `delete from table`. */
  delete<T extends GlobalTable>(table: T) {
    return this.d.delete(table);
  }
}

/**
 * What repositories are given instead of the query builder: tenant data only through a tenant
 * scope (`scoped`), the platform's own tables (`global`), and, past every tenant filter, the
 * superadmin's explicit platform scope (`unscoped`). Services hold it and pass it on; only
 * repositories can name tables (lint).
 */
export class Db {
  /**
   * `run` sends the hand-written statements of `ScopedQueries.execute` (on PostgreSQL as named
   * prepared statements, `preparedStatementsOn`); by default through drizzle.
   */
  constructor(
    private readonly d: Drizzle,
    private readonly run: RunStatement = statementsOf(d),
  ) {}

  /** Statements on the data of the tenant of `scope`: the tenant condition is added here. */
  scoped(scope: TenantScope): ScopedQueries {
    return new ScopedQueries(this.d, scope, this.run);
  }

  /** Statements on tables no tenant owns. */
  get global(): GlobalQueries {
    return new GlobalQueries(this.d);
  }

  /** The query builder past every tenant filter: the superadmin's platform-wide access only. */
  unscoped(_scope: PlatformScope): Drizzle {
    return this.d;
  }

  /** Runs `work` in one transaction; it commits when `work` resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.d.transaction((tx) => work(new Db(tx)));
  }

  /**
   * Waits for the transaction-level advisory lock `key` (inside `transaction`): instances
   * starting together on one PostgreSQL take turns.
   */
  async lock(key: number): Promise<void> {
    await this.d.execute(sql`select pg_advisory_xact_lock(${key})`);
  }

  /** Sends `payloads` on a LISTEN/NOTIFY channel, in one statement. */
  async notify(channel: string, payloads: readonly string[]): Promise<void> {
    if (payloads.length === 0) return;
    const calls: SQL[] = payloads.map((payload) => sql`pg_notify(${channel}, ${payload})`);
    await this.d.execute(sql`select ${sql.join(calls, sql`, `)}`);
  }
}
