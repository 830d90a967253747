import { CHILD_TABLES, type TENANT_TABLES } from './data';

type TenantTable = (typeof TENANT_TABLES)[number];
type ChildTable = keyof typeof CHILD_TABLES;
/** A table the statements of the bench read or write under a tenant. */
export type ScopedTable = TenantTable | ChildTable;

/** The tenant condition on `table` (as `alias`): what Design A adds, what Design B leaves out. */
export type Filter = (table: ScopedTable, alias: string) => string;

/**
 * Design A's typed helper: the condition keeping `alias` of `table` inside the tenant bound to
 * parameter `$param`. A tenant table is filtered on `tenant_id`; a child table through its parent
 * of the tenant, in the same statement.
 */
export function scopedBy(param: number): Filter {
  return (table, alias) => {
    if (table in CHILD_TABLES) {
      const { key, parent } = CHILD_TABLES[table as ChildTable];
      return `${alias}.${key} in (select id from ${parent} where tenant_id = $${param})`;
    }
    return `${alias}.tenant_id = $${param}`;
  };
}

/** Design B: no tenant condition in the statement; row-level security adds it. */
export const unscoped: Filter = () => 'true';

/** A statement written once for both designs: `text(filter)` with `params` parameters of its own. */
export interface Statement {
  params: number;
  text: (filter: Filter) => string;
}

/** A statement as each design sends it; A binds the tenant as the parameter after its own. */
export interface Compiled {
  A: string;
  B: string;
}

export const compile = (statement: Statement): Compiled => ({
  A: statement.text(scopedBy(statement.params + 1)),
  B: statement.text(unscoped),
});
