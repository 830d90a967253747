import type { AdjustPointsRequest, GameLedger, TeamLedger, UndoRequest } from '@tappa/contracts';
import { formatInstant, UNDOABLE_KINDS } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { TIME_ZONE_COLUMN, toCsv } from '../../infra/csv';
import { requireRoute } from '../routes/routes.service';
import { presentEvent, stepNumbers } from './ledger-event';
import { findGame, findGameEvent, listGameLedger, listRouteLedger } from './ledger.repository';
import {
  type ActionOutcome,
  doneCount,
  heartbeatOf,
  type LedgerDeps,
  runAction,
  staffEvent,
} from './staff-action';

export { listGamesLedger } from './ledger.repository';

// The score ledger's staff adjustments and undo, and its reads: a game's entries for the staff
// and for its team, a route's as CSV (issue 31, decision 0069).

/** `live.adjustPoints`: points given or taken with a reason; the score moves. */
export function adjustPoints(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { gameId: string; request: AdjustPointsRequest },
): Promise<ActionOutcome> {
  const { request } = opts;
  return runAction(deps, scope, { gameId: opts.gameId, actionId: request.action_id }, (ctx) => ({
    write: {
      set: {},
      scoreDelta: request.points,
      events: [
        staffEvent(deps, {
          actionId: request.action_id,
          kind: 'adjustment',
          points: request.points,
          reason: request.reason,
        }),
      ],
      heartbeat: heartbeatOf(ctx.game, ctx.steps, doneCount(ctx.steps)),
    },
    scoreboard: true,
    audit: {
      action: 'live.points',
      details: { points: String(request.points), reason: request.reason },
    },
  }));
}

/**
 * `live.undo`: compensates a staff adjustment of the game not undone yet (an `undo` event with
 * its points negated); another kind, or one already undone, is a 409.
 */
export async function undoEvent(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { gameId: string; eventId: number; request: UndoRequest },
): Promise<ActionOutcome> {
  const { request } = opts;
  return runAction(
    deps,
    scope,
    { gameId: opts.gameId, actionId: request.action_id },
    async (ctx) => {
      // Read after the game's lock: a second undo waits for the first and sees it.
      const event = await findGameEvent(ctx.tx, scope, opts);
      if (!event) throw new AppError('event_not_found');
      if (!(UNDOABLE_KINDS as readonly string[]).includes(event.kind)) {
        throw new AppError('event_not_undoable');
      }
      if (event.undone_by_id !== null) throw new AppError('event_already_undone');
      return {
        write: {
          set: {},
          scoreDelta: -event.points,
          events: [
            staffEvent(deps, {
              actionId: request.action_id,
              kind: 'undo',
              points: -event.points,
              reason: request.reason,
              undoesId: event.id,
            }),
          ],
          heartbeat: heartbeatOf(ctx.game, ctx.steps, doneCount(ctx.steps)),
        },
        scoreboard: true,
        audit: {
          action: 'live.undo',
          details: { event_id: String(event.id), reason: request.reason },
        },
      };
    },
  );
}

/** `live.ledger`: a game's ledger entries, oldest first, with their actor, and the sum. */
export async function readGameLedger(
  db: Db,
  scope: TenantScope,
  gameId: string,
): Promise<GameLedger> {
  const game = await findGame(db, scope, { gameId });
  if (!game) throw new AppError('game_not_found');
  const rows = await listGameLedger(db, scope, gameId);
  const numbers = await stepNumbers(db, scope, game.route_id);
  return {
    game_id: game.id,
    total_score: game.total_score,
    entries: rows.map((row) => presentEvent(row, numbers)),
  };
}

/** `gameLive.ledger`: the team's own ledger ('Perché questi punti'), no staff account named. */
export async function readTeamLedger(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; email: string },
): Promise<TeamLedger> {
  const game = await findGame(db, scope, opts);
  if (!game) throw new AppError('game_not_found');
  const rows = await listGameLedger(db, scope, game.id);
  const numbers = await stepNumbers(db, scope, game.route_id);
  return {
    total_score: game.total_score,
    entries: rows.map((row) => {
      const e = presentEvent(row, numbers);
      return {
        id: e.id,
        step: e.step,
        kind: e.kind,
        points: e.points,
        reason: e.reason,
        undoes_id: e.undoes_id,
        undone_by_id: e.undone_by_id,
        at: e.at,
      };
    }),
  };
}

const CSV_COLUMNS = ['Team', 'Step', 'Points', 'Kind', 'Reason', 'Actor', 'Time', TIME_ZONE_COLUMN];

/** `live.ledgerCsv`: the route's ledger entries as CSV, times in the tenant's zone. */
export async function exportRouteLedger(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; timeZone: string; now: Date },
): Promise<{ csv: string; fileName: string }> {
  const route = await requireRoute(db, scope, opts.routeId);
  const rows = await listRouteLedger(db, scope, route.id);
  const numbers = await stepNumbers(db, scope, route.id);
  const csv = toCsv(
    CSV_COLUMNS,
    rows.map((row) => {
      const number = row.step_id === null ? undefined : numbers.get(row.step_id);
      return [
        row.team_name,
        number === undefined ? '' : `${number}. ${row.place ?? ''}`,
        row.points,
        row.kind,
        row.reason ?? '',
        row.actor_email ?? '',
        formatInstant(row.at, opts.timeZone, 'dateTime'),
        opts.timeZone,
      ];
    }),
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: opts.timeZone }).format(opts.now);
  return { csv, fileName: `${scope.slug}-${route.slug}-ledger-${day}.csv` };
}
