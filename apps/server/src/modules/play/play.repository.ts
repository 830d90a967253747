import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { games, gameSteps, routes, steps, teamRegistrations } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';

type Db = Database | Transaction;

/** The team's registration in the tenant. */
export async function findRegistration(db: Db, scope: TenantScope, email: string) {
  const [row] = await db
    .select()
    .from(teamRegistrations)
    .where(and(inTenant(teamRegistrations.tenant_id, scope), eq(teamRegistrations.email, email)))
    .limit(1);
  return row ?? null;
}

/** Creates or updates the team's registration (one per tenant and e-mail). */
export async function upsertRegistration(
  db: Db,
  scope: TenantScope,
  values: { email: string } & Partial<typeof teamRegistrations.$inferInsert> & {
      team_name: string;
    },
) {
  const [row] = await db
    .insert(teamRegistrations)
    .values({ ...values, tenant_id: scope.tenantId })
    .onConflictDoUpdate({
      target: [teamRegistrations.tenant_id, teamRegistrations.email],
      set: { ...values, updated_at: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert returned no registration');
  return row;
}

/** The team's games that are not completed, newest first, with their route and step counts. */
export function listOpenGames(db: Db, scope: TenantScope, email: string) {
  return db
    .select({
      game: games,
      route_slug: routes.slug,
      route_title: routes.title,
      total: sql<number>`count(${gameSteps.id})::int`,
      done: sql<number>`count(${gameSteps.id}) filter (where ${gameSteps.status} <> 'pending')::int`,
    })
    .from(games)
    .innerJoin(routes, eq(routes.id, games.route_id))
    .leftJoin(gameSteps, eq(gameSteps.game_id, games.id))
    .where(
      and(
        inTenant(games.tenant_id, scope),
        eq(games.owner_email, email),
        inArray(games.status, ['active', 'paused']),
      ),
    )
    .groupBy(games.id, routes.slug, routes.title)
    .orderBy(desc(sql`coalesce(${games.paused_at}, ${games.created_at})`));
}

/** The ids of a route's steps in `ord` order. */
export async function routeStepIds(db: Db, routeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: steps.id })
    .from(steps)
    .where(eq(steps.route_id, routeId))
    .orderBy(asc(steps.ord));
  return rows.map((r) => r.id);
}

/** Adds a pending game step for every route step the game does not have yet. */
export async function ensureGameSteps(tx: Transaction, gameId: string, stepIds: readonly string[]) {
  if (stepIds.length === 0) return;
  await tx
    .insert(gameSteps)
    .values(
      stepIds.map((stepId) => ({ game_id: gameId, step_id: stepId, status: 'pending' as const })),
    )
    .onConflictDoNothing();
}
