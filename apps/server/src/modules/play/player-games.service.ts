import type { StartRouteResponse } from '@tappa/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { games, routes } from '../../db/schema';
import { inTenant, type TenantScope } from '../../db/scope';
import { AppError, notFound } from '../../errors';
import { ensureGameSteps, routeStepIds } from './play.repository';

type RouteRow = typeof routes.$inferSelect;

/**
 * Resumes the team's active or paused game of the route, or creates one (status active, index 0,
 * score 0, one pending game step per route step in ord order), in one transaction.
 */
export async function resumeOrCreateGame(
  tx: Transaction,
  scope: TenantScope,
  opts: { route: RouteRow; email: string; teamName: string; avatarUrl: string | null; now: Date },
) {
  // The active game first, else the most recently paused one.
  const [open] = await tx
    .select()
    .from(games)
    .where(
      and(
        inTenant(games.tenant_id, scope),
        eq(games.route_id, opts.route.id),
        eq(games.owner_email, opts.email),
        inArray(games.status, ['active', 'paused']),
      ),
    )
    .orderBy(sql`${games.status} = 'active' desc`, desc(games.paused_at))
    .limit(1);
  const game =
    open ??
    (
      await tx
        .insert(games)
        .values({
          tenant_id: scope.tenantId,
          route_id: opts.route.id,
          team_name: opts.teamName,
          owner_email: opts.email,
          team_avatar_url: opts.avatarUrl,
          status: 'active',
          created_at: opts.now,
          started_at: opts.now,
        })
        .returning()
    )[0];
  if (!game) throw new AppError('internal', 'Nessun gioco creato');
  if (game.status !== 'active') {
    await tx.update(games).set({ status: 'active', paused_at: null }).where(eq(games.id, game.id));
  }
  await ensureGameSteps(tx, game.id, await routeStepIds(tx, opts.route.id));
  return game;
}

/** 'Riprendi': resumes one of the team's own games (another team's game is a 404). */
export async function resumeOwnGame(
  db: Database,
  scope: TenantScope,
  opts: { gameId: string; email: string; now: Date },
): Promise<StartRouteResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    if (!row || row.game.status === 'completed') throw notFound('Gioco non trovato');
    const game = await resumeOrCreateGame(tx, scope, {
      route: row.route,
      email: opts.email,
      teamName: row.game.team_name,
      avatarUrl: row.game.team_avatar_url,
      now: opts.now,
    });
    return { next: 'play', game_id: game.id, route_slug: row.route.slug };
  });
}

/** Stop (doc 2 §4): the team's own active game is saved as paused. */
export async function pauseOwnGame(
  db: Database,
  scope: TenantScope,
  opts: { gameId: string; email: string; now: Date },
): Promise<void> {
  const paused = await db
    .update(games)
    .set({ status: 'paused', paused_at: opts.now })
    .where(
      and(
        inTenant(games.tenant_id, scope),
        eq(games.id, opts.gameId),
        eq(games.owner_email, opts.email),
        eq(games.status, 'active'),
      ),
    )
    .returning({ id: games.id });
  if (paused.length === 0) throw notFound('Gioco non trovato');
}
