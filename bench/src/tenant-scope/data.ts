import type { ScopeEngine } from './engine';

/** The data set's size: tenants, and per tenant its routes and games; steps per route. */
export interface Shape {
  tenants: number;
  routes: number;
  steps: number;
  games: number;
}

/**
 * Fills the migrated database as a superuser, in SQL: the tenants, their routes (every fifth one
 * inactive) with their steps, their games spread over the routes with a game step per step (the
 * first `current_step_index` ones solved) and one `live_heartbeat` row per game.
 */
export async function seed(db: ScopeEngine, shape: Shape): Promise<void> {
  const n = (value: number) => {
    if (!Number.isInteger(value) || value < 1) throw new Error(`not a size: ${value}`);
    return value;
  };
  const perRoute = Math.ceil(n(shape.games) / n(shape.routes));
  await db.withConnection((c) =>
    c.simple(`begin;
      insert into tenants (slug, name) select 'tenant-' || t, 'Tenant ' || t
        from generate_series(1, ${n(shape.tenants)}) t;
      insert into routes (tenant_id, slug, title, description, is_active, created_at)
        select t.id, 'route-' || r, 'Route ' || r, 'A walk through the old town', r % 5 <> 0,
          now() - r * interval '1 day'
        from tenants t, generate_series(1, ${shape.routes}) r;
      insert into steps (route_id, ord, place, lat, lng, radius_m, task, check_type, check_answer)
        select r.id, s, 'Place ' || s, 41.89 + s * 0.0018, 12.48, 50, 'Question ' || s, 'text',
          'answer-' || s
        from routes r, generate_series(1, ${n(shape.steps)}) s;
      insert into games (tenant_id, route_id, team_name, owner_email, started_at,
          current_step_index, total_score)
        select r.tenant_id, r.id, 'Team ' || r.slug || '-' || g,
          'team-' || r.slug || '-' || g || '@bench.test', now() - interval '2 hours',
          g % ${shape.steps}, (g * 37) % 300
        from routes r, generate_series(1, ${perRoute}) g
        where (substr(r.slug, 7)::int - 1) * ${perRoute} + g <= ${shape.games};
      insert into game_steps (game_id, step_id, status, attempts, started_ms, ended_ms, points)
        select g.id, s.id, case when s.ord <= g.current_step_index then 'ok' else 'pending' end,
          case when s.ord <= g.current_step_index then 1 else 0 end, 0, null, 0
        from games g join steps s on s.route_id = g.route_id;
      insert into live_heartbeat (tenant_id, route_id, team_name, email, score, progress, total,
          last_seen)
        select tenant_id, route_id, team_name, owner_email, total_score, current_step_index,
          ${shape.steps}, now() - (total_score % 60) * interval '1 minute'
        from games;
      commit;
      analyze;`),
  );
}

/** Tables a tenant owns (`tenant_id` required), as apps/server/src/db/tables.ts classifies them. */
export const TENANT_TABLES = [
  'routes',
  'route_pricing',
  'route_access_codes',
  'games',
  'live_heartbeat',
  'idempotency_keys',
  'team_registrations',
  'email_verifications',
] as const;
/** Tables reached through a parent the tenant owns. */
export const CHILD_TABLES = {
  steps: { key: 'route_id', parent: 'routes' },
  game_steps: { key: 'game_id', parent: 'games' },
} as const;
/** Media libraries: the tenant's rows and the global library's (`tenant_id` null) are read. */
const LIBRARY_TABLES = ['media_files', 'media_folders'] as const;

/** The setting that carries the tenant through a transaction (Design B). */
export const TENANT_SETTING = 'tappa.tenant_id';
const CURRENT_TENANT = `current_setting('${TENANT_SETTING}', true)::uuid`;

/**
 * Design B's migration: the non-login role `role` (created unless the cluster has it) with the
 * privileges the app needs, and row-level security, enabled and forced, on every table a tenant
 * owns: on `tenant_id`, and for child tables through their parent (itself filtered by its own
 * policy). One multi-statement message, run as the owner of the tables.
 */
export function rowLevelSecuritySql(role: string): string {
  const own = (table: string) => [
    `alter table ${table} enable row level security`,
    `alter table ${table} force row level security`,
  ];
  const policy = (table: string, using: string, check = using) =>
    `create policy tenant_scope on ${table} using (${using}) with check (${check})`;
  const mine = `tenant_id = ${CURRENT_TENANT}`;
  const tables = [...TENANT_TABLES, ...Object.keys(CHILD_TABLES), ...LIBRARY_TABLES];
  return [
    `do $$ begin
      if not exists (select from pg_roles where rolname = '${role}') then
        create role ${role} nologin;
      end if;
    end $$`,
    `grant usage on schema public to ${role}`,
    `grant select, insert, update, delete on ${tables.join(', ')} to ${role}`,
    ...TENANT_TABLES.flatMap((table) => [...own(table), policy(table, mine)]),
    ...Object.entries(CHILD_TABLES).flatMap(([table, { key, parent }]) => [
      ...own(table),
      policy(table, `exists (select 1 from ${parent} p where p.id = ${key})`),
    ]),
    ...LIBRARY_TABLES.flatMap((table) => [
      ...own(table),
      policy(table, `${mine} or tenant_id is null`, mine),
    ]),
  ].join(';\n');
}

/** A tenant's ids, for picking what a unit of work reads or writes. */
export interface TenantIds {
  id: string;
  routeIds: string[];
  gameIds: string[];
}

/** Reads every tenant's route and game ids (as a superuser: no tenant filter applies). */
export async function loadTenants(db: ScopeEngine): Promise<TenantIds[]> {
  const tenants = new Map<string, TenantIds>();
  const of = (id: unknown) => {
    const key = String(id);
    let found = tenants.get(key);
    if (!found) tenants.set(key, (found = { id: key, routeIds: [], gameIds: [] }));
    return found;
  };
  for (const row of await db.query('select id, tenant_id from routes order by id')) {
    of(row.tenant_id).routeIds.push(String(row.id));
  }
  for (const row of await db.query('select id, tenant_id from games order by id')) {
    of(row.tenant_id).gameIds.push(String(row.id));
  }
  return [...tenants.values()];
}

/** A random element of `items`. */
export const anyOf = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
