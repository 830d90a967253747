import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import type { Db } from '../../db/db';
import { statementsOf } from '../../db/rows';
import { PLATFORM_SCOPE } from '../../db/scope';

// The database as a backup sees it (decision 0077): every table of the `public` schema, read
// from the catalog, dumped as one JSON object per row (`row_to_json`) and loaded back with
// `json_populate_recordset`, which both PostgreSQL and PGlite understand the same way. Nothing
// here names an application table: a table added by a migration is backed up without a change.

/** A table as the backup dumps and loads it. */
export interface TableShape {
  name: string;
  /** The columns a restore writes (all but generated ones), in order. */
  columns: string[];
  /** Identity columns, whose sequence is moved past the restored values. */
  identity: string[];
  /** The primary key's columns. */
  primaryKey: string[];
  /** Columns that reference this same table: written after every row of it is there. */
  selfReferences: string[];
  /** The other tables it references (to be loaded first). */
  references: string[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Hand-written statements past every tenant filter: the backup reads and writes everything. */
const statements = (db: Db) => statementsOf(db.unscoped(PLATFORM_SCOPE));

/** The tables of the `public` schema with their shapes, parents before the tables that reference them. */
export async function listTables(db: Db): Promise<TableShape[]> {
  const run = statements(db);
  const columns = await run<{
    table_name: string;
    column_name: string;
    is_identity: boolean;
    is_pk: boolean;
  }>(sql`select c.relname as table_name, a.attname as column_name,
      a.attidentity <> '' as is_identity,
      exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary
        and a.attnum = any(i.indkey)) as is_pk
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p') and a.attgenerated = ''
    order by c.relname, a.attnum`);
  const foreignKeys = await run<{ child: string; parent: string; columns: string[] }>(
    sql`select c.relname as child, p.relname as parent,
      array(select a.attname from pg_attribute a
        where a.attrelid = k.conrelid and a.attnum = any(k.conkey) order by a.attnum) as columns
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where k.contype = 'f'`,
  );
  const tables = new Map<string, TableShape>();
  for (const row of columns) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = {
        name: row.table_name,
        columns: [],
        identity: [],
        primaryKey: [],
        selfReferences: [],
        references: [],
      };
      tables.set(row.table_name, table);
    }
    table.columns.push(row.column_name);
    if (row.is_identity) table.identity.push(row.column_name);
    if (row.is_pk) table.primaryKey.push(row.column_name);
  }
  for (const key of foreignKeys) {
    const table = tables.get(key.child);
    if (!table) continue;
    if (key.parent === key.child) table.selfReferences.push(...key.columns);
    else if (!table.references.includes(key.parent)) table.references.push(key.parent);
  }
  return inDependencyOrder([...tables.values()]);
}

/** Tables ordered so that each comes after those it references (by name among equals). */
function inDependencyOrder(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const done = new Set<string>();
  const ordered: TableShape[] = [];
  const visit = (table: TableShape, path: Set<string>) => {
    if (done.has(table.name)) return;
    if (path.has(table.name))
      throw new Error(`the tables reference each other: ${[...path].join(', ')}`);
    path.add(table.name);
    for (const parent of table.references) {
      const shape = byName.get(parent);
      if (shape) visit(shape, path);
    }
    path.delete(table.name);
    done.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) {
    visit(table, new Set());
  }
  return ordered;
}

/** The migrations applied to the database (drizzle's journal), 0 when none. */
export async function appliedMigrations(db: Db): Promise<number> {
  const run = statements(db);
  const [exists] = await run<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return 0;
  const [row] = await run<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}

/** The tables that hold rows, with how many (an empty database answers none). */
export async function nonEmptyTables(
  db: Db,
  tables: readonly TableShape[],
): Promise<{ name: string; rows: number }[]> {
  const run = statements(db);
  const found: { name: string; rows: number }[] = [];
  for (const table of tables) {
    const [row] = await run<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table.name)}`,
    );
    if ((row?.n ?? 0) > 0) found.push({ name: table.name, rows: row?.n ?? 0 });
  }
  return found;
}

/** Rows of one table as JSON texts, a page at a time (see `DatabaseSnapshot`). */
export type RowPages = AsyncIterable<string[]>;

/**
 * One consistent view of every table, read a page at a time.
 *
 * - **PostgreSQL:** a read-only `repeatable read` transaction on a connection of its own; each
 *   table is read through a cursor. Nothing else waits for it.
 * - **PGlite:** one connection for everything, so a transaction would hold every request for the
 *   whole dump. Instead every table is copied out (binary `COPY`) in one short transaction, the
 *   only moment the others wait; each copy is loaded into a temporary table when its table is
 *   read (a short hold of its own), and read from there a page at a time, each page a statement
 *   of its own between the others'.
 */
export async function withSnapshot<T>(
  database: Pick<DatabaseHandle, 'db' | 'driver' | 'tableCopies'>,
  tables: readonly TableShape[],
  work: (rowsOf: (table: TableShape) => RowPages) => Promise<T>,
  pageRows = 1000,
): Promise<T> {
  const { db, driver, tableCopies } = database;
  if (driver === 'postgres') {
    return db.unscoped(PLATFORM_SCOPE).transaction(
      async (tx) => {
        const run = statementsOf(tx);
        // `repeatable read` takes its snapshot at the first statement: now, not at the first read.
        await run(sql`select 1`);
        let cursors = 0;
        return work((table) => ({
          async *[Symbol.asyncIterator]() {
            const cursor = sql.identifier(`backup_${(cursors += 1)}`);
            await run(
              sql`declare ${cursor} no scroll cursor for
                select row_to_json(t)::text as r from ${sql.identifier(table.name)} t`,
            );
            for (;;) {
              const page = await run<{ r: string }>(
                sql`fetch ${sql.raw(String(pageRows))} from ${cursor}`,
              );
              if (page.length === 0) break;
              yield page.map((row) => row.r);
            }
            await run(sql`close ${cursor}`);
          },
        }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
  if (!tableCopies) throw new Error('the embedded database has no table copies');
  const run = statementsOf(db.unscoped(PLATFORM_SCOPE));
  const copyName = (table: TableShape) => `backup_copy_${table.name}`;
  const copies = new Map(
    (await tableCopies.copyOut(tables.map((table) => table.name))).map(
      (data, at) => [tables[at]!.name, data] as const,
    ),
  );
  try {
    return await work((table) => ({
      async *[Symbol.asyncIterator]() {
        const data = copies.get(table.name);
        if (!data) throw new Error(`no copy of ${table.name}`);
        copies.delete(table.name);
        await tableCopies.copyIn(table.name, copyName(table), data);
        const copy = sql.identifier(copyName(table));
        let after = '(0,0)';
        for (;;) {
          const page = await run<{ c: string; r: string }>(
            sql`select ctid::text as c, row_to_json(t)::text as r from ${copy} t
              where ctid > ${after}::tid order by ctid limit ${pageRows}`,
          );
          if (page.length === 0) break;
          after = page.at(-1)!.c;
          yield page.map((row) => row.r);
        }
        await run(sql`drop table ${copy}`);
      },
    }));
  } finally {
    for (const table of tables) {
      await run(sql`drop table if exists ${sql.identifier(copyName(table))}`);
    }
  }
}

/** `rows` (JSON texts as `row_to_json` wrote them) as a `json_populate_recordset` of `table`. */
function populated(table: TableShape, rows: readonly string[]): SQL {
  return sql`json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${rows.join(',')}]`}::json)`;
}

/**
 * Inserts rows (JSON texts as `row_to_json` wrote them) into `table` inside the restore's
 * transaction; self-referencing columns are left null here and set by `setSelfReferences`.
 */
export async function insertRows(
  tx: Db,
  table: TableShape,
  rows: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(
    table.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const values = sql.join(
    table.columns.map((c) =>
      table.selfReferences.includes(c) ? sql`null` : sql`v.${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  const overriding = table.identity.length > 0 ? sql`overriding system value` : sql``;
  await statements(tx)(
    sql`insert into ${sql.identifier(table.name)} (${columns}) ${overriding}
      select ${values} from ${populated(table, rows)} v`,
  );
}

/** Sets the self-referencing columns of `rows` of `table`, once all its rows are inserted. */
export async function setSelfReferences(
  tx: Db,
  table: TableShape,
  rows: readonly string[],
): Promise<void> {
  if (rows.length === 0 || table.selfReferences.length === 0) return;
  const sets = sql.join(
    table.selfReferences.map((c) => sql`${sql.identifier(c)} = v.${sql.identifier(c)}`),
    sql`, `,
  );
  const match = sql.join(
    table.primaryKey.map((c) => sql`t.${sql.identifier(c)} = v.${sql.identifier(c)}`),
    sql` and `,
  );
  await statements(tx)(
    sql`update ${sql.identifier(table.name)} t set ${sets} from ${populated(table, rows)} v
      where ${match}`,
  );
}

/** Moves each identity column's sequence past the largest restored value. */
export async function resetIdentities(tx: Db, table: TableShape): Promise<void> {
  for (const column of table.identity) {
    await statements(tx)(
      sql`select setval(pg_get_serial_sequence(${quote(table.name)}, ${column}),
        coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table.name)}), 0) + 1,
        false)`,
    );
  }
}

/** Any constant: the same for every instance on one PostgreSQL. */
const SCHEDULE_LOCK_ID = 727_2032;

/**
 * Takes the daily backup's lock for the transaction `tx` if no other instance holds it (never
 * waits); answers whether it did.
 */
export async function tryScheduleLock(tx: Db): Promise<boolean> {
  const [row] = await statements(tx)<{ got: boolean }>(
    sql`select pg_try_advisory_xact_lock(${SCHEDULE_LOCK_ID}) as got`,
  );
  return row?.got === true;
}
