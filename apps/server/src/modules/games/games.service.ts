import type { GameResult, PausedGame, StartRouteResponse } from '@tappa/contracts';
import { gamePausedAt } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { hasRedeemedCode } from '../access-codes/access-codes.service';
import { wasRouteRefunded } from '../payments/route-payments.service';
import { listSteps } from '../routes/routes.service';
import { findTeamPlace, presentScoreboardRoute } from '../scoreboards/scoreboards.service';
import { insertGame, writeGameOutsideTry } from './game-writes.repository';
import {
  findGameWithRoute,
  findOpenGame,
  findOwnGameWithRoute,
  type GameRow,
  listOpenGames,
} from './games.repository';

export { listGameSteps, listOpenGames } from './games.repository';
// The staff's actions on a game (modules/ledger) write it through the one writer outside a try.
export {
  type GameStepWrites,
  type OutsideEvent,
  type OutsideWrite,
  writeGameOutsideTry,
} from './game-writes.repository';

/**
 * Resumes the team's active or paused game of the route, or creates one (status active, index 0,
 * score 0, one pending game step per route step in ord order), in the caller's transaction.
 */
export async function resumeOrCreateGame(
  tx: Db,
  scope: TenantScope,
  opts: { routeId: string; email: string; teamName: string; avatarUrl: string | null; now: Date },
): Promise<GameRow> {
  const open = await findOpenGame(tx, scope, opts);
  const game =
    open ??
    (await insertGame(tx, scope, {
      routeId: opts.routeId,
      teamName: opts.teamName,
      email: opts.email,
      avatarUrl: opts.avatarUrl,
      now: opts.now,
    }));
  // Started or resumed: the game plays, and its team was just heard from (decision 0039). The
  // activity records a new game's start and a paused game's resumption (issue 31).
  const stepIds = (await listSteps(tx, scope, opts.routeId)).map((step) => step.id);
  const kind = !open ? 'start' : open.status === 'paused' ? 'resume' : null;
  await writeGameOutsideTry(
    tx,
    scope,
    {
      id: game.id,
      set: { status: 'active', paused_at: null, last_active_at: opts.now },
      events: kind ? [{ stepId: null, kind, points: 0, at: opts.now }] : [],
    },
    (steps) => steps.addMissing(stepIds),
  );
  return game;
}

/**
 * Whether the team's games of paid route `routeId` are held back: its payment was refunded (and
 * it has not paid again), and no access code unlocks the route for it (decisions 0045, 0046).
 */
export async function isHeldByRefund(
  db: Db,
  scope: TenantScope,
  opts: { email: string; routeId: string },
): Promise<boolean> {
  return (await wasRouteRefunded(db, scope, opts)) && !(await hasRedeemedCode(db, scope, opts));
}

/** 'Riprendi': resumes one of the team's own games (another team's game is a 404). */
export async function resumeOwnGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; now: Date },
): Promise<StartRouteResponse> {
  return db.transaction(async (tx) => {
    const row = await findOwnGameWithRoute(tx, scope, opts);
    if (!row || row.game.status === 'completed') throw new AppError('game_not_found');
    // A refunded paid route is not played on (decision 0046); paying again, or an access code,
    // reopens it.
    const { route } = row;
    if (
      route.access_type === 'paid' &&
      (await isHeldByRefund(tx, scope, { email: opts.email, routeId: route.id }))
    ) {
      throw new AppError('route_payment_refunded');
    }
    const game = await resumeOrCreateGame(tx, scope, {
      routeId: row.route.id,
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
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string; now: Date },
): Promise<void> {
  const paused = await writeGameOutsideTry(db, scope, {
    id: opts.gameId,
    set: { status: 'paused', paused_at: opts.now, last_active_at: opts.now },
    onlyIf: { email: opts.email, status: 'active' },
    events: [{ stepId: null, kind: 'pause', points: 0, at: opts.now }],
  });
  if (!paused) throw new AppError('game_not_found');
}

/**
 * The team's interrupted games, the newest paused one per route (doc 2 §3, 'Bentornato!' and
 * 'Giochi Interrotti'): paused by Stop or on leaving, or active without any contact for 15
 * minutes (decision 0039), which are listed with their last contact as the time they stopped.
 */
export async function listPausedGames(
  db: Db,
  scope: TenantScope,
  opts: { email: string; now: Date },
): Promise<PausedGame[]> {
  const stopped = (await listOpenGames(db, scope, opts.email)).flatMap((row) => {
    const pausedAt = gamePausedAt(
      {
        status: row.game.status,
        pausedAt: row.game.paused_at,
        lastActiveAt: row.game.last_active_at,
      },
      opts.now,
    );
    return pausedAt === null ? [] : [{ row, pausedAt }];
  });
  // Newest first (ties: the newer game), so the first game seen of each route is the one kept.
  stopped.sort(
    (a, b) =>
      b.pausedAt.getTime() - a.pausedAt.getTime() ||
      b.row.game.created_at.getTime() - a.row.game.created_at.getTime(),
  );
  const seenRoutes = new Set<string>();
  const paused: PausedGame[] = [];
  for (const { row, pausedAt } of stopped) {
    if (seenRoutes.has(row.game.route_id)) continue;
    seenRoutes.add(row.game.route_id);
    paused.push({
      id: row.game.id,
      route_slug: row.route_slug,
      route_title: row.route_title,
      team_name: row.game.team_name,
      total_score: row.game.total_score,
      step_number: row.game.current_step_index + 1,
      paused_at: pausedAt.toISOString(),
    });
  }
  return paused;
}

/**
 * The end-of-game card of a game of the tenant: team, score, status, route, and the team's place
 * and row on the route's overall ranking (null before the team has a row). No e-mail leaves.
 */
export async function loadGameResult(
  db: Db,
  scope: TenantScope,
  gameId: string,
): Promise<GameResult> {
  const game = await findGameWithRoute(db, scope, gameId);
  if (!game) throw new AppError('game_not_found');
  const place = await findTeamPlace(db, scope, {
    routeId: game.route.id,
    email: game.owner_email,
  });
  return {
    game_id: game.id,
    status: game.status,
    team_name: game.team_name,
    team_avatar_url: game.team_avatar_url,
    total_score: game.total_score,
    route: presentScoreboardRoute(game.route),
    position: place?.position ?? null,
    row_id: place?.id ?? null,
  };
}
