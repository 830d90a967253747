import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { games, gameSteps, idempotencyKeys, liveHeartbeat, routes, steps } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';

type Db = Database | Transaction;

/** The team's own game with its route; locked for the rest of the transaction when `lock`. */
export async function findOwnGameWithRoute(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; lock?: boolean },
) {
  const query = db
    .select({ game: games, route: routes })
    .from(games)
    .innerJoin(routes, eq(routes.id, games.route_id))
    .where(
      and(
        inTenant(games.tenant_id, scope),
        eq(games.id, opts.gameId),
        eq(games.owner_email, opts.email),
      ),
    )
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: games }) : await query;
  return row ?? null;
}

/** The game's steps joined with the route's steps, in `ord` order. */
export function listGameSteps(db: Db, gameId: string) {
  return db
    .select({ gameStep: gameSteps, step: steps })
    .from(gameSteps)
    .innerJoin(steps, eq(steps.id, gameSteps.step_id))
    .where(eq(gameSteps.game_id, gameId))
    .orderBy(asc(steps.ord));
}

/** The reply already given to a client-generated request id, if any. */
export async function findReply(
  tx: Transaction,
  scope: TenantScope,
  opts: { scope: string; key: string },
) {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenant_id, scope.tenantId),
        eq(idempotencyKeys.scope, opts.scope),
        eq(idempotencyKeys.key, opts.key),
      ),
    )
    .limit(1);
  return row ? (JSON.parse(row.response) as unknown) : null;
}

/** Remembers the reply to a request id, in the same transaction as its effects. */
export async function saveReply(
  tx: Transaction,
  scope: TenantScope,
  opts: { scope: string; key: string; response: unknown },
) {
  await tx.insert(idempotencyKeys).values({
    tenant_id: scope.tenantId,
    scope: opts.scope,
    key: opts.key,
    status_code: 200,
    response: JSON.stringify(opts.response),
  });
}

/** The team's scoreboard row of the route (one per tenant, route and e-mail). */
export async function upsertHeartbeat(
  tx: Transaction,
  values: typeof liveHeartbeat.$inferInsert & { last_seen: Date },
) {
  await tx
    .insert(liveHeartbeat)
    .values(values)
    .onConflictDoUpdate({
      target: [liveHeartbeat.tenant_id, liveHeartbeat.route_id, liveHeartbeat.email],
      set: {
        team_name: values.team_name,
        score: values.score,
        progress: values.progress,
        total: values.total,
        last_seen: values.last_seen,
      },
    });
}
