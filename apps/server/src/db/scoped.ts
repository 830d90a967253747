import { and, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  PgInsertValue,
  PgUpdateSetSource,
  SelectedFields,
  TableLikeHasEmptySelection,
} from 'drizzle-orm/pg-core';
import { notFound } from '../errors';
import type { Drizzle } from './drizzle';
import type { RunStatement } from './rows';
import type { TenantScope } from './scope';
import {
  CHILD_TABLES,
  type ChildTable,
  LIBRARY_TABLES,
  type LibraryTable,
  type ScopedTable,
  TENANT_TABLES,
  type TenantTable,
} from './tables';

type Child = (typeof CHILD_TABLES)[number];
/** `table` as drizzle's `from` types it for a generic table (a table always has columns). */
type FromTable<T extends ScopedTable> = TableLikeHasEmptySelection<T> extends true ? never : T;
type Kind = { kind: 'tenant' } | { kind: 'library' } | ({ kind: 'child' } & Child);

const KINDS = new Map<ScopedTable, Kind>([
  ...TENANT_TABLES.map((table) => [table, { kind: 'tenant' }] as const),
  ...LIBRARY_TABLES.map((table) => [table, { kind: 'library' }] as const),
  ...CHILD_TABLES.map((child) => [child.table, { kind: 'child', ...child }] as const),
]);

function kindOf(table: ScopedTable): Kind {
  const kind = KINDS.get(table);
  if (!kind) throw new Error('This table is not one a tenant owns (db/tables.ts)');
  return kind;
}

/** Values of a new row of a tenant-owned table: the scope supplies `tenant_id`. */
export type TenantRowValues<T extends TenantTable | LibraryTable> = Omit<
  T['$inferInsert'],
  'tenant_id'
>;

/**
 * The one way to a tenant's data (docs/decisions/0015): every statement built here carries the
 * tenant condition itself. Tenant tables are filtered on `tenant_id` and new rows stamped with
 * it; child tables (steps, game steps) are reached only through their parent of the tenant, in
 * the same statement; media libraries read the tenant's rows and the global library's, and
 * write only the tenant's. Obtained with `db.scoped(scope)`.
 */
export class ScopedQueries {
  constructor(
    private readonly d: Drizzle,
    readonly scope: TenantScope,
    private readonly run: RunStatement,
  ) {}

  /** The condition that keeps a statement on `table` inside the tenant. */
  where(table: ScopedTable, access: 'read' | 'write' = 'read'): SQL {
    const kind = kindOf(table);
    const { tenantId } = this.scope;
    switch (kind.kind) {
      case 'tenant':
        return eq((table as TenantTable).tenant_id, tenantId);
      case 'library': {
        const own = eq((table as LibraryTable).tenant_id, tenantId);
        return access === 'read'
          ? (or(own, isNull((table as LibraryTable).tenant_id)) ?? own)
          : own;
      }
      case 'child':
        return inArray(
          kind.parentKey,
          this.d
            .select({ id: kind.parent.id })
            .from(kind.parent)
            .where(eq(kind.parent.tenant_id, tenantId)),
        );
    }
  }

  /**
   * The condition to join `table` on: `condition` and the tenant's, so a joined tenant table
   * cannot bring in another tenant's row.
   */
  on(table: ScopedTable, condition: SQL): SQL {
    return and(condition, this.where(table)) ?? condition;
  }

  /** `select * from table` of the tenant's rows (and `where`). */
  selectFrom<T extends ScopedTable>(table: T, where?: SQL) {
    return this.d
      .select()
      .from(table as FromTable<T>)
      .where(and(this.where(table), where));
  }

  /** `select fields from table` of the tenant's rows (and `where`); joins may follow. */
  select<F extends SelectedFields>(fields: F) {
    return {
      from: <T extends ScopedTable>(table: T, where?: SQL) =>
        this.d
          .select(fields)
          .from(table as FromTable<T>)
          .where(and(this.where(table), where)),
    };
  }

  /** Inserts rows of the tenant: `tenant_id` is the scope's. */
  insert<T extends TenantTable | LibraryTable>(
    table: T,
    values: TenantRowValues<T> | TenantRowValues<T>[],
  ) {
    const rows = (Array.isArray(values) ? values : [values]).map((row) => ({
      ...row,
      tenant_id: this.scope.tenantId,
    })) as PgInsertValue<T>[];
    return this.d.insert(table).values(rows);
  }

  /**
   * Inserts rows of a child table after checking, in the same transaction, that every parent
   * they name is the tenant's (a foreign one is a 404, like a missing one).
   */
  async insertChildren<T extends ChildTable>(
    table: T,
    values: PgInsertValue<T>[],
    opts: { ignoreConflicts?: boolean } = {},
  ): Promise<T['$inferSelect'][]> {
    if (values.length === 0) return [];
    await this.checkParents(table, values);
    const insert = this.d.insert(table).values(values);
    const rows = opts.ignoreConflicts
      ? await insert.onConflictDoNothing().returning()
      : await insert.returning();
    return rows;
  }

  /**
   * Writes rows of a child table in one statement, parents checked as in `insertChildren`: a row
   * with the `id` of an existing row of the same parent updates its columns `update`, any other
   * row is inserted. Answers the ids written, not the rows: a large write need not travel back.
   * An `id` of another parent's row is a 404 (run it in a transaction, so that the rows inserted
   * with it are undone).
   */
  async upsertChildren<T extends ChildTable>(
    table: T,
    values: PgInsertValue<T>[],
    update: readonly (keyof T['$inferInsert'] & string)[],
  ): Promise<{ id: string }[]> {
    if (values.length === 0) return [];
    const { parentKey } = await this.checkParents(table, values);
    const columns = getTableColumns(table);
    const byKey: Record<string, { name: string }> = columns;
    const excluded = (name: string) => sql`excluded.${sql.identifier(name)}`;
    const set = Object.fromEntries(
      update.map((key) => [key, excluded(byKey[key]?.name ?? key)]),
    ) as PgUpdateSetSource<T>;
    const rows = await this.d
      .insert(table)
      .values(values)
      .onConflictDoUpdate({
        target: columns.id,
        set,
        // The row an id names must be the same parent's: never move a row to another parent.
        setWhere: eq(parentKey, excluded(parentKey.name)),
      })
      .returning({ id: columns.id });
    if (rows.length !== values.length) throw notFound();
    return rows;
  }

  /** Checks that every parent `values` name is the tenant's (404 otherwise). */
  private async checkParents<T extends ChildTable>(table: T, values: PgInsertValue<T>[]) {
    const kind = kindOf(table);
    if (kind.kind !== 'child') throw new Error('This is not a child table');
    const key = kind.parentKey.name as keyof PgInsertValue<T>;
    const parentIds = [...new Set(values.map((row) => String(row[key])))];
    const found = await this.d
      .select({ id: kind.parent.id })
      .from(kind.parent)
      .where(
        and(eq(kind.parent.tenant_id, this.scope.tenantId), inArray(kind.parent.id, parentIds)),
      );
    if (found.length !== parentIds.length) throw notFound();
    return kind;
  }

  /** `update table set values` on the tenant's rows (and `where`). */
  update<T extends ScopedTable>(table: T, values: PgUpdateSetSource<T>, where?: SQL) {
    return this.d
      .update(table)
      .set(values)
      .where(and(this.where(table, 'write'), where));
  }

  /** `delete from table` on the tenant's rows (and `where`). */
  delete<T extends ScopedTable>(table: T, where?: SQL) {
    return this.d.delete(table).where(and(this.where(table, 'write'), where));
  }

  /**
   * Runs a hand-written statement (the hot try path, where building with the query builder cost
   * ten times more: decision 0011). It must take its tenant condition from `where()` or start
   * from a row locked under it; the cross-tenant sweep test covers every endpoint using it.
   */
  execute<R>(query: SQL): Promise<R[]> {
    return this.run<R>(query);
  }
}
