import type { PlayerHint, TakeHintResult, TeamGameHint } from '@tappa/contracts';
import {
  hintBudgetLeft,
  isEventOver,
  hintPoints,
  type HintRefusal,
  hintTakeRefusal,
  hintUnlockAtMs,
  isTimeLimitExpired,
  type StepHint,
} from '@tappa/domain';
import type { Db } from '../../../db/db';
import { isUniqueViolation } from '../../../db/errors';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import { checkEventPlays, eventTimesOf } from '../event-times';
import { writeGameOutsideTry } from '../game-writes.repository';
import { findOwnGameWithRoute, listGameSteps } from '../games.repository';
import { nextPendingIndex } from '../try';
import {
  type GameHintRow,
  insertGameHint,
  listGameHints,
  listHintsOfGames,
} from './hints.repository';

// A step's hints after its `hint` taken in a game (issue 36, decision 0085): by the team, for its
// cost, once the step is reached and the hint unlocked; or free by staff (a help action,
// `modules/ledger/help.service.ts`). Each is a `game_hints` row with its `hint` event of the
// score ledger, written in one transaction with the game locked.

export { countHintsOfGames, findGameHint, insertGameHint } from './hints.repository';

/** The hints taken in one game, by step and hint (`takenKey`). */
export type TakenHints = ReadonlyMap<string, GameHintRow>;

const takenKey = (stepId: string, hintIndex: number) => `${stepId}/${hintIndex}`;

/** The points the hints taken in a game cost it (those given free cost nothing). */
export function spentOnHints(taken: TakenHints): number {
  let spent = 0;
  for (const row of taken.values()) spent += row.cost;
  return spent;
}

/** The hints taken in the tenant's game `gameId`. */
export async function readTakenHints(
  db: Db,
  scope: TenantScope,
  gameId: string,
): Promise<TakenHints> {
  const rows = await listGameHints(db, scope, gameId);
  return new Map(rows.map((row) => [takenKey(row.step_id, row.hint_index), row]));
}

/**
 * A step's hints as its team sees them: cost, unlock time (null before the step is reached,
 * `reachedMs`) and whether taken; the text only of those taken.
 */
export function presentPlayerHints(opts: {
  stepId: string;
  hints: readonly StepHint[];
  reachedMs: number | null;
  taken: TakenHints;
}): PlayerHint[] {
  return opts.hints.map((hint, index) => {
    const row = opts.taken.get(takenKey(opts.stepId, index));
    const unlockAtMs = hintUnlockAtMs({
      reachedMs: opts.reachedMs,
      unlockAfterS: hint.unlock_after_s,
    });
    return {
      index,
      cost: row?.cost ?? hint.cost,
      unlock_at: unlockAtMs === null ? null : new Date(unlockAtMs).toISOString(),
      taken: row !== undefined,
      text: row === undefined ? null : hint.text,
    };
  });
}

/** The hints taken in the tenant's games `gameIds`, for the staff's team detail, by game. */
export async function listTeamHints(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<Map<string, TeamGameHint[]>> {
  const byGame = new Map<string, TeamGameHint[]>();
  for (const row of await listHintsOfGames(db, scope, gameIds)) {
    const list = byGame.get(row.game_id) ?? [];
    list.push({
      step_id: row.step_id,
      place: row.place,
      hint_index: row.hint_index,
      cost: row.cost,
      taken_at: row.taken_at.toISOString(),
      given_by_staff: row.given_by_user_id !== null,
    });
    byGame.set(row.game_id, list);
  }
  return byGame;
}

/** What taking a hint answers, and what the endpoint publishes after the commit. */
export interface HintTaken {
  result: TakeHintResult;
  routeId: string;
  /** Taken now (not an answer given again): the console and the phones follow it. */
  isNew: boolean;
  /** The score moved (a hint that costs): the scoreboards follow it. */
  isScoreChanged: boolean;
}

/** The API's error for a refusal of the domain's rule. */
function refusalError(refusal: HintRefusal): AppError {
  switch (refusal.code) {
    case 'step_not_current':
      return new AppError('step_not_current', { step_number: refusal.step_number });
    case 'hint_locked':
      return new AppError('hint_locked', { retry_after_s: refusal.retry_after_s });
    case 'hint_budget_spent':
      return new AppError('hint_budget_spent', { left: refusal.left });
    case 'game_over':
    case 'step_done':
    case 'hint_not_reached':
      return new AppError(refusal.code);
  }
}

/**
 * `games.takeHint`: the team takes hint `index` of step `stepId` of its own game. In one
 * transaction with the game locked (a try, a staff action or another take of it waits): a hint
 * already taken answers again at no cost; otherwise the refusals (`hintTakeRefusal`), then the
 * `hint` event of −cost with the score through the one writer outside a try, and the `game_hints`
 * row naming it. The unique key is the last guard: a take that still found it taken is run again
 * and answers as a second take.
 */
export async function takeHint(
  deps: { db: Db; now: Date },
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; index: number },
): Promise<HintTaken> {
  const { now } = deps;
  const key = { gameId: opts.gameId, stepId: opts.stepId, hintIndex: opts.index };
  const attempt = () =>
    deps.db.transaction(async (tx): Promise<HintTaken> => {
      const loaded = await findOwnGameWithRoute(tx, scope, { ...opts, lock: true });
      if (!loaded) throw new AppError('game_not_found');
      const { game, route } = loaded;
      const rows = await listGameSteps(tx, scope, game.id);
      const stepIndex = rows.findIndex((row) => row.step.id === opts.stepId);
      const row = rows[stepIndex];
      if (!row) throw new AppError('step_not_found');
      const hint = row.step.hints[opts.index];
      if (!hint) throw new AppError('hint_not_found');
      const answer = (cost: number, totalScore: number, spent: number): TakeHintResult => ({
        hint: { index: opts.index, cost, text: hint.text },
        total_score: totalScore,
        hint_budget_left: hintBudgetLeft(route.hint_budget, spent),
      });
      const taken = await readTakenHints(tx, scope, game.id);
      const earlier = taken.get(takenKey(opts.stepId, opts.index));
      if (earlier) {
        const result = answer(earlier.cost, game.total_score, spentOnHints(taken));
        return { result, routeId: route.id, isNew: false, isScoreChanged: false };
      }
      const spent = spentOnHints(taken);
      const isTimeUp = isTimeLimitExpired(
        {
          enabled: route.time_limit_enabled,
          hours: route.time_limit_hours,
          minutes: route.time_limit_minutes,
          createdAt: game.clock_at ?? game.created_at,
          extensionMinutes: game.time_extension_minutes,
        },
        now,
      );
      const isOver =
        game.status === 'completed' || isTimeUp || isEventOver(eventTimesOf(route), now);
      if (!isOver) checkEventPlays(route, now);
      const refusal = hintTakeRefusal({
        isGameOver: isOver,
        routeType: route.route_type,
        stepIndex,
        currentIndex: nextPendingIndex(
          rows.map((r) => r.gameStep),
          game.current_step_index,
        ),
        stepStatus: row.gameStep.status,
        reachedMs: row.gameStep.started_ms,
        unlockAfterS: hint.unlock_after_s,
        nowMs: now.getTime(),
        cost: hint.cost,
        budgetLeft: hintBudgetLeft(route.hint_budget, spent),
      });
      if (refusal) throw refusalError(refusal);
      const points = hintPoints({ cost: hint.cost, isGivenByStaff: false });
      const done = rows.filter((r) => r.gameStep.status !== 'pending').length;
      const written = await writeGameOutsideTry(tx, scope, {
        id: game.id,
        // Taking a hint is a contact from the team (decision 0039).
        set: { last_active_at: now },
        scoreDelta: points,
        events: [
          {
            stepId: opts.stepId,
            kind: 'hint',
            points,
            details: { step_number: stepIndex + 1, hint_index: opts.index, cost: hint.cost },
            at: now,
          },
        ],
        heartbeat:
          points === 0
            ? undefined
            : {
                routeId: route.id,
                teamName: game.team_name,
                email: game.owner_email,
                progress: done,
                total: rows.length,
                lastSeen: game.last_active_at,
              },
      });
      const eventId = written?.eventIds[0];
      if (!written || eventId === undefined) throw new AppError('game_not_found');
      await insertGameHint(tx, scope, {
        ...key,
        cost: hint.cost,
        takenAt: now,
        givenByUserId: null,
        eventId,
      });
      return {
        result: answer(hint.cost, written.total_score, spent + hint.cost),
        routeId: route.id,
        isNew: true,
        isScoreChanged: points !== 0,
      };
    });
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error, 'game_hints_game_step_hint_key')) throw error;
    return attempt();
  }
}
