import type { SqlRow } from '../submissions/sql-engines';
import { TENANT_SETTING, type TenantIds } from './data';
import type { Connection, ScopeEngine } from './engine';
import { beginAsTenant, read, STATEMENTS } from './units';

const line = (ok: boolean, text: string) => `${ok ? 'PASS' : 'FAIL'}  ${text}`;
const count = (rows: SqlRow[]) => Number(rows[0]?.n);

/** Runs `work` in a Design B transaction of `tenantId`; answers its result or the error's message. */
async function asTenant<T>(
  db: ScopeEngine,
  opts: { role: string; tenantId: string },
  work: (c: Connection) => Promise<T>,
): Promise<T | string> {
  try {
    return await db.withConnection(async (c) => {
      await beginAsTenant(c, { ...opts, oneMessage: false });
      const result = await work(c);
      await c.simple('commit');
      return result;
    });
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * The correctness of both designs on the seeded data, as PASS/FAIL lines: under B, statements
 * without a tenant filter see only the tenant's rows and writes into another tenant are refused;
 * the superuser session (no SET LOCAL ROLE) bypasses RLS; under A, the helper's statements see
 * only the tenant's rows; both designs return the same rows.
 */
export async function checkScoping(
  db: ScopeEngine,
  opts: { role: string; mine: TenantIds; other: TenantIds },
): Promise<string[]> {
  const { role, mine, other } = opts;
  const tenant = { role, tenantId: mine.id };
  const all = async (table: string) => count(await db.query(`select count(*) n from ${table}`));
  const total = {
    routes: await all('routes'),
    steps: await all('steps'),
    gs: await all('game_steps'),
  };
  const truth = {
    steps: count(
      await db.query(
        `select count(*) n from steps s join routes r on r.id = s.route_id where r.tenant_id = $1`,
        [mine.id],
      ),
    ),
    gs: count(
      await db.query(
        `select count(*) n from game_steps gs join games g on g.id = gs.game_id where g.tenant_id = $1`,
        [mine.id],
      ),
    ),
  };
  const seen = (table: string) =>
    asTenant(db, tenant, async (c) => count(await c.query(`select count(*) n from ${table}`)));
  const lines: string[] = [];
  const expectCount = async (table: string, expected: number, of: number) => {
    const n = await seen(table);
    lines.push(
      line(
        n === expected,
        `B: 'select count(*) from ${table}' (no filter) sees ${n} rows: the tenant's ${expected} of ${of}`,
      ),
    );
  };
  await expectCount('routes', mine.routeIds.length, total.routes);
  await expectCount('steps', truth.steps, total.steps);
  await expectCount('game_steps', truth.gs, total.gs);

  const refused = async (what: string, text: string, params: unknown[]) => {
    const outcome = await asTenant(db, tenant, (c) => c.query(text, params));
    lines.push(
      line(
        typeof outcome === 'string',
        `B: ${what} refused: ${typeof outcome === 'string' ? outcome : 'accepted'}`,
      ),
    );
  };
  await refused(
    "an insert into routes with another tenant's id",
    `insert into routes (tenant_id, slug, title) values ($1, 'intruder', 'Intruder')`,
    [other.id],
  );
  await refused(
    "an insert into steps on another tenant's route",
    `insert into steps (route_id, ord, place, lat, lng, radius_m, task, check_type) values ($1, 99, 'x', 0, 0, 1, 'x', 'text')`,
    [other.routeIds[0]],
  );
  const updated = await asTenant(db, tenant, (c) =>
    c.query('update games set total_score = total_score where id = $1 returning id', [
      other.gameIds[0],
    ]),
  );
  lines.push(
    line(
      Array.isArray(updated) && updated.length === 0,
      `B: an update of another tenant's game by id changes ${Array.isArray(updated) ? updated.length : updated} rows`,
    ),
  );

  const superuser = await db.withConnection(async (c) => {
    await c.simple(`begin; select set_config('${TENANT_SETTING}', '${mine.id}', true)`);
    const [who] = await c.query(
      `select current_user as who, (select rolsuper from pg_roles where rolname = current_user) as super, (select count(*) from routes) as n`,
    );
    await c.simple('commit');
    return who;
  });
  lines.push(
    line(
      Number(superuser?.n) === total.routes,
      `superuser session (${String(superuser?.who)}, rolsuper ${String(superuser?.super)}), tenant set, no SET LOCAL ROLE: sees ${String(superuser?.n)} of ${total.routes} routes, RLS bypassed even though forced`,
    ),
  );
  const reused = await db.withConnection(async (c) => {
    await beginAsTenant(c, { ...tenant, oneMessage: true });
    await c.simple('commit');
    const [after] = await c.query(
      `select current_user as who, current_setting('${TENANT_SETTING}', true) as tenant`,
    );
    // The next transaction on this connection forgets set_config.
    await c.simple(`begin; set local role ${role}`);
    const forgot = await c
      .query('select count(*) n from routes')
      .then(count, (err: Error) => err.message);
    await c.simple('rollback');
    return { after, forgot };
  });
  const { after, forgot } = reused;
  lines.push(
    line(
      after?.who !== role && !after?.tenant,
      `B: after COMMIT the connection is back to ${String(after?.who)}, tenant setting '${String(after?.tenant)}' (SET LOCAL and set_config(…, true) end with the transaction)`,
    ),
  );
  lines.push(
    line(
      forgot === 0 || typeof forgot === 'string',
      `B: the next transaction on that connection without set_config (the setting is now '', not null): ${typeof forgot === 'string' ? `refused: ${forgot}` : `${forgot} rows`}`,
    ),
  );

  const asA = { db, variant: 'A' as const, role, tenant: mine };
  const asB = { ...asA, variant: 'B one message' as const };
  const aRoutes = await read(asA, STATEMENTS.ROUTES_WITH_STEPS, []);
  const aSteps = aRoutes.reduce((sum, r) => sum + Number(r.steps), 0);
  const onlyMine = aRoutes.every((r) => mine.routeIds.includes(String(r.id)));
  lines.push(
    line(
      onlyMine && aRoutes.length === mine.routeIds.length && aSteps === truth.steps,
      `A: the helper's routes + step counts returns ${aRoutes.length} routes, all the tenant's, with ${aSteps} steps`,
    ),
  );
  const foreign = await read(asA, STATEMENTS.ROUTE_STEPS, [other.routeIds[0]]);
  const own = await read(asA, STATEMENTS.ROUTE_STEPS, [mine.routeIds[0]]);
  lines.push(
    line(
      foreign.length === 0 && own.length > 0,
      `A: the helper's steps of a route: ${own.length} for the tenant's route, ${foreign.length} for another tenant's`,
    ),
  );
  for (const [name, statement] of Object.entries(STATEMENTS)) {
    const params = name === 'ROUTE_STEPS' ? [mine.routeIds[1]] : [];
    const [a, b] = [await read(asA, statement, params), await read(asB, statement, params)];
    const same = JSON.stringify(a) === JSON.stringify(b);
    lines.push(
      line(
        same && a.length > 0,
        `A and B return the same ${a.length} rows for ${name.toLowerCase()}`,
      ),
    );
  }
  return lines;
}
