import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { games, routes, teamRegistrations } from '../../db/schema';
import type { TenantScope } from '../../db/scope';

/** A registered team as the staff's Players tab reads it. */
export interface PlayerListRow {
  id: string;
  team_name: string;
  email: string;
  route_title: string | null;
  registered_at: Date;
  game_started: boolean;
}

/** `text` as a LIKE pattern that matches it anywhere, its `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Which page of the list: the search, the last row of the previous page, the page's size. */
export interface PlayerPageOptions {
  search: string | undefined;
  after: string | undefined;
  limit: number;
}

/**
 * Up to `limit` of the tenant's registered teams after registration `after` (from the start when
 * absent), newest first, matching `search` on team name, e-mail or route title (case-insensitive).
 * One statement: the route's title and whether the team started a game on its route are read with
 * it (decision 0016 allows the join for a cheap read). The keyset `(registered_at, id)` follows
 * the index `team_registrations_tenant_registered_idx`, so a page costs the same at any depth.
 */
export function playerPageQuery(db: Db, scope: TenantScope, opts: PlayerPageOptions) {
  const scoped = db.scoped(scope);
  const r = teamRegistrations;
  const conditions: (SQL | undefined)[] = [];
  if (opts.search) {
    const pattern = containsPattern(opts.search);
    conditions.push(
      or(ilike(r.team_name, pattern), ilike(r.email, pattern), ilike(routes.title, pattern)),
    );
  }
  if (opts.after) {
    // The cursor row's own key, read in the same statement: the timestamp keeps its microseconds.
    conditions.push(
      sql`(${r.registered_at}, ${r.id}) < (select c.${sql.identifier(r.registered_at.name)}, c.id
        from ${r} c where c.id = ${opts.after} and c.tenant_id = ${scope.tenantId})`,
    );
  }
  const started = scoped
    .select({ one: sql`1` })
    .from(
      games,
      and(
        eq(games.owner_email, r.email),
        eq(games.route_id, r.route_id),
        isNotNull(games.started_at),
      ),
    );
  return scoped
    .select({
      id: r.id,
      team_name: r.team_name,
      email: r.email,
      route_title: routes.title,
      registered_at: r.registered_at,
      game_started: sql<boolean>`exists(${started})`.mapWith(Boolean),
    })
    .from(r, and(...conditions))
    .leftJoin(routes, scoped.on(routes, eq(routes.id, r.route_id)))
    .orderBy(desc(r.registered_at), desc(r.id))
    .limit(opts.limit);
}

/** The rows of `playerPageQuery`. */
export async function listPlayerPage(
  db: Db,
  scope: TenantScope,
  opts: PlayerPageOptions,
): Promise<PlayerListRow[]> {
  return playerPageQuery(db, scope, opts);
}
