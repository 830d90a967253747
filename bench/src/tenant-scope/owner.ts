import { TENANT_SETTING } from './data';
import type { ScopeEngine } from './engine';

const PROBE = 'tenant_scope_owner_probe';

/**
 * Whether a table's owner bypasses row-level security: a probe table with one row for each of
 * two tenants, owned by the role `owner`, read by that role (SET LOCAL ROLE) with the first
 * tenant set, before and after FORCE ROW LEVEL SECURITY. Answers PASS/FAIL lines; the probe
 * table is dropped, the role (the cluster's, on PostgreSQL) left to the caller to drop.
 */
export async function checkOwnerBypass(
  db: ScopeEngine,
  opts: { owner: string; tenantIds: [string, string] },
): Promise<string[]> {
  const { owner } = opts;
  const [mine, other] = opts.tenantIds;
  await db.withConnection((c) =>
    c.simple(`create role ${owner} nologin;
      create table ${PROBE} (tenant_id uuid not null);
      insert into ${PROBE} values ('${mine}'), ('${other}');
      alter table ${PROBE} owner to ${owner};
      alter table ${PROBE} enable row level security;
      create policy tenant_scope on ${PROBE}
        using (tenant_id = current_setting('${TENANT_SETTING}', true)::uuid)`),
  );
  const seenByOwner = () =>
    db.withConnection(async (c) => {
      await c.simple(`begin; set local role ${owner};
        select set_config('${TENANT_SETTING}', '${mine}', true)`);
      const [row] = await c.query(`select count(*)::int n from ${PROBE}`);
      await c.simple('commit');
      return Number(row?.n);
    });
  try {
    const enabled = await seenByOwner();
    await db.query(`alter table ${PROBE} force row level security`);
    const forced = await seenByOwner();
    return [
      `${enabled === 2 ? 'PASS' : 'FAIL'}  the table's owner (a role without superuser), RLS enabled, not forced: sees ${enabled} of 2 rows, RLS bypassed`,
      `${forced === 1 ? 'PASS' : 'FAIL'}  the same owner after FORCE ROW LEVEL SECURITY: sees ${forced} of 2 rows, its tenant's`,
    ];
  } finally {
    await db.query(`drop table ${PROBE}`);
  }
}
