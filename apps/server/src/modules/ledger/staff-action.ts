import type { AuditAction, LiveActionResult } from '@tappa/contracts';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import {
  type GameStepWrites,
  listGameSteps,
  type OutsideEvent,
  type OutsideWrite,
  writeGameOutsideTry,
} from '../games/games.service';
import { presentEvent, stepNumbers } from './ledger-event';
import {
  findActionEvent,
  findGameEvent,
  type LedgerEventRow,
  lockGame,
  scoreAfter,
} from './ledger.repository';

// A staff action on a game (issue 31, decision 0069), what adjustments, undo and help share. Each
// action is one transaction: the game locked, the action id looked up (the same id answers its
// first result), the action judged on the game and its steps, then one `writeGameOutsideTry`
// with the event, the score, the steps and the scoreboard row, and the audit log's entry.

/** Who acts: the staff account, as the events and the audit log name it. */
export interface LedgerDeps {
  db: Db;
  actor: AuditActor;
  now: Date;
}

/** What a staff action answers, and what the endpoints publish after the commit. */
export interface ActionOutcome {
  result: LiveActionResult;
  routeId: string;
  /** The score or the progress moved: the scoreboards are published. */
  scoreboard: boolean;
}

/** The answer to an action already applied: its event, the score after it. */
async function answerOf(
  db: Db,
  scope: TenantScope,
  row: LedgerEventRow,
): Promise<LiveActionResult> {
  const numbers = await stepNumbers(db, scope, row.route_id);
  return {
    event: presentEvent(row, numbers),
    total_score: await scoreAfter(db, scope, { gameId: row.game_id, eventId: row.id }),
  };
}

/** What an action writes, judged on the locked game and its steps. */
export interface ActionPlan {
  write: Omit<OutsideWrite, 'id' | 'events'> & { events: OutsideEvent[] };
  writeSteps?: (steps: GameStepWrites) => Promise<void>;
  scoreboard: boolean;
  audit: { action: AuditAction; details: Record<string, string> };
  /** What else the action writes in its transaction once its event is written (its id). */
  afterWrite?: (tx: Db, eventId: number) => Promise<void>;
}

export type LockedGame = NonNullable<Awaited<ReturnType<typeof lockGame>>>;
export type StepRows = Awaited<ReturnType<typeof listGameSteps>>;

/**
 * Runs one staff action on game `gameId` of the tenant: judged by `plan` on the game locked and
 * its steps, written with its event (the first of the plan's events, which carries the action's
 * id, actor and reason) in one transaction with the audit entry. The same action id answers its
 * first result; a game of another tenant is 404, a completed game 409 unless `allowCompleted`
 * (a judge's decision, decision 0083).
 */
export async function runAction(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { gameId: string; actionId: string; allowCompleted?: boolean },
  plan: (ctx: { tx: Db; game: LockedGame; steps: StepRows }) => ActionPlan | Promise<ActionPlan>,
): Promise<ActionOutcome> {
  const attempt = () =>
    deps.db.transaction(async (tx): Promise<ActionOutcome> => {
      const locked = await lockGame(tx, scope, opts.gameId);
      if (!locked) throw new AppError('game_not_found');
      const earlier = await findActionEvent(tx, scope, opts.actionId);
      if (earlier) {
        // The same action sent again: its first result; another game's id is a conflict.
        if (earlier.game_id !== opts.gameId) throw new AppError('conflict');
        return {
          result: await answerOf(tx, scope, earlier),
          routeId: earlier.route_id,
          scoreboard: false,
        };
      }
      if (locked.game.status === 'completed' && !opts.allowCompleted) {
        throw new AppError('game_over');
      }
      const steps = await listGameSteps(tx, scope, opts.gameId);
      const planned = await plan({ tx, game: locked, steps });
      const written = await writeGameOutsideTry(
        tx,
        scope,
        { id: opts.gameId, ...planned.write },
        planned.writeSteps,
      );
      const eventId = written?.eventIds[0];
      if (!written || eventId === undefined) throw new AppError('game_not_found');
      await planned.afterWrite?.(tx, eventId);
      await recordAudit(tx, {
        actor: deps.actor,
        action: planned.audit.action,
        target: { id: opts.gameId, label: locked.game.team_name },
        details: planned.audit.details,
        now: deps.now,
      });
      const row = await findGameEvent(tx, scope, { gameId: opts.gameId, eventId });
      if (!row) throw new Error(`event ${eventId} written but not read`);
      const numbers = await stepNumbers(tx, scope, locked.route.id);
      return {
        result: { event: presentEvent(row, numbers), total_score: written.total_score },
        routeId: locked.route.id,
        scoreboard: planned.scoreboard,
      };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two requests with the same new action id at once: the second finds the first's result.
    if (!isUniqueViolation(error, 'game_events_action_key')) throw error;
    return attempt();
  }
}

/** A game's event by id (a review's undo reads the decision it compensates). */
export { findGameEvent } from './ledger.repository';

/** The staff event of an action: its id, actor, reason, kind and points. */
export function staffEvent(
  deps: LedgerDeps,
  opts: {
    actionId: string;
    kind: 'adjustment' | 'undo' | 'help' | 'review' | 'hint';
    points: number;
    reason: string | null;
    stepId?: string | null;
    details?: Record<string, string | number | boolean | null>;
    undoesId?: number;
  },
): OutsideEvent {
  return {
    stepId: opts.stepId ?? null,
    kind: opts.kind,
    points: opts.points,
    reason: opts.reason,
    details: opts.details ?? null,
    actor: { userId: deps.actor.userId, email: deps.actor.email },
    undoesId: opts.undoesId ?? null,
    actionId: opts.actionId,
    at: deps.now,
  };
}

/** The team's scoreboard row after the action, with `done` steps finished. */
export function heartbeatOf(game: LockedGame, steps: StepRows, done: number) {
  return {
    routeId: game.route.id,
    teamName: game.game.team_name,
    email: game.game.owner_email,
    progress: done,
    total: steps.length,
    lastSeen: game.game.last_active_at,
  };
}

export const doneCount = (steps: StepRows) =>
  steps.filter((s) => s.gameStep.status !== 'pending').length;
