import type { HelpRequest } from '@tappa/contracts';
import { hintPoints } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { findGameHint, insertGameHint } from '../games/hints/hints.service';
import { nextPendingIndex } from '../games/try';
import {
  type ActionOutcome,
  type ActionPlan,
  doneCount,
  heartbeatOf,
  type LedgerDeps,
  runAction,
  staffEvent,
  type StepRows,
} from './staff-action';

// Help for a stuck team (issue 31, item 4): each a staff action (`staff-action.ts`) written as a
// `help` event with its reason; a hint given free is a `hint` event (decision 0085).

/** The index of step `stepId` among the game's steps (404 when it is not of the route). */
function indexOfStep(steps: StepRows, stepId: string | null): number {
  const index = stepId === null ? -1 : steps.findIndex((s) => s.step.id === stepId);
  if (index === -1) throw new AppError('step_not_found');
  return index;
}

/** `live.help`: an action for a stuck team, a `help` event with its reason. */
export function helpTeam(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { gameId: string; request: HelpRequest },
): Promise<ActionOutcome> {
  const { request } = opts;
  return runAction(deps, scope, { gameId: opts.gameId, actionId: request.action_id }, (ctx) => {
    if (request.action === 'give_hint') return giveHint(deps, scope, { ...ctx, request });
    const nowMs = deps.now.getTime();
    const help = (o: { points?: number; stepId?: string | null; extra?: Record<string, number> }) =>
      staffEvent(deps, {
        actionId: request.action_id,
        kind: 'help',
        points: o.points ?? 0,
        reason: request.reason,
        stepId: o.stepId ?? null,
        details: { action: request.action, ...o.extra },
      });
    const audit = {
      action: 'live.help' as const,
      details: { action: request.action, reason: request.reason },
    };
    const { game, steps } = ctx;
    switch (request.action) {
      case 'skip_step': {
        const index = indexOfStep(steps, request.step_id);
        const current = game.game.current_step_index;
        if (index !== current) {
          throw new AppError('step_not_current', { step_number: current + 1 });
        }
        const gameStep = steps[index]!.gameStep;
        if (gameStep.status !== 'pending') throw new AppError('step_done');
        // As a team's skip: exploration routes walk in order, progressive ones go on to the next
        // step still pending; after the last, the game is completed.
        const states = steps.map((s, i) =>
          i === index ? { ...s.gameStep, status: 'skipped' as const } : s.gameStep,
        );
        const nextIndex =
          game.route.route_type === 'exploration' ? index + 1 : nextPendingIndex(states, index + 1);
        const completed = nextIndex >= steps.length;
        const next = completed ? undefined : steps[nextIndex]?.gameStep;
        const events = [help({ stepId: request.step_id, extra: { step_number: index + 1 } })];
        if (completed) {
          events.push({
            stepId: null,
            kind: 'finish',
            points: 0,
            details: { cause: 'staff' },
            at: deps.now,
          });
        }
        return {
          write: {
            set: completed
              ? {
                  status: 'completed',
                  finished_at: deps.now,
                  current_step_index: steps.length - 1,
                  last_progress_at: deps.now,
                }
              : { current_step_index: nextIndex, last_progress_at: deps.now },
            events,
            heartbeat: heartbeatOf(game, steps, doneCount(steps) + 1),
          },
          writeSteps: async (w) => {
            await w.skip(gameStep.id, { startedMs: gameStep.started_ms ?? nowMs, endedMs: nowMs });
            if (next?.started_ms === null) await w.startClock(next.id, nowMs);
          },
          scoreboard: true,
          audit,
        };
      }
      case 'reopen_step': {
        const index = indexOfStep(steps, request.step_id);
        const gameStep = steps[index]!.gameStep;
        if (gameStep.status !== 'skipped') throw new AppError('step_not_skipped');
        // Its skip award, if any, is taken back with the same event.
        const points = -gameStep.points;
        return {
          write: {
            set: { current_step_index: index },
            scoreDelta: points,
            events: [help({ points, stepId: request.step_id, extra: { step_number: index + 1 } })],
            heartbeat: heartbeatOf(game, steps, doneCount(steps) - 1),
          },
          writeSteps: (w) => w.reopen(gameStep.id),
          scoreboard: true,
          audit,
        };
      }
      case 'move_to_step': {
        const index = indexOfStep(steps, request.step_id);
        const gameStep = steps[index]!.gameStep;
        if (gameStep.status !== 'pending') throw new AppError('step_not_pending');
        return {
          write: {
            set: { current_step_index: index },
            events: [help({ stepId: request.step_id, extra: { step_number: index + 1 } })],
          },
          writeSteps:
            gameStep.started_ms === null ? (w) => w.startClock(gameStep.id, nowMs) : undefined,
          scoreboard: false,
          audit,
        };
      }
      case 'extend_time': {
        if (request.minutes === null) throw new AppError('bad_request');
        return {
          write: {
            set: { time_extension_minutes: game.game.time_extension_minutes + request.minutes },
            events: [help({ extra: { minutes: request.minutes } })],
          },
          scoreboard: false,
          audit: { ...audit, details: { ...audit.details, minutes: String(request.minutes) } },
        };
      }
      case 'end_game':
        return {
          write: {
            set: { status: 'completed', finished_at: deps.now },
            events: [
              help({}),
              {
                stepId: null,
                kind: 'finish',
                points: 0,
                details: { cause: 'staff' },
                at: deps.now,
              },
            ],
            heartbeat: heartbeatOf(game, steps, doneCount(steps)),
          },
          scoreboard: true,
          audit,
        };
    }
  });
}

/**
 * A hint of a step given free (decision 0085): a `hint` event of 0 points with the staff's
 * reason, and the `game_hints` row naming it and the staff account. Any hint of any step of the
 * game's route, reached or not, unlocked or not; refused when the team already has it.
 */
async function giveHint(
  deps: LedgerDeps,
  scope: TenantScope,
  ctx: { tx: Db; steps: StepRows; request: HelpRequest },
): Promise<ActionPlan> {
  const { request } = ctx;
  const index = indexOfStep(ctx.steps, request.step_id);
  const { step, gameStep } = ctx.steps[index]!;
  const hintIndex = request.hint_index ?? null;
  if (hintIndex === null) throw new AppError('bad_request');
  const hint = step.hints[hintIndex];
  if (!hint) throw new AppError('hint_not_found');
  const key = { gameId: gameStep.game_id, stepId: step.id, hintIndex };
  if (await findGameHint(ctx.tx, scope, key)) throw new AppError('hint_already_taken');
  const details = { action: request.action, step_number: index + 1, hint_index: hintIndex };
  return {
    write: {
      set: {},
      events: [
        staffEvent(deps, {
          actionId: request.action_id,
          kind: 'hint',
          points: hintPoints({ cost: hint.cost, isGivenByStaff: true }),
          reason: request.reason,
          stepId: step.id,
          details,
        }),
      ],
    },
    scoreboard: false,
    audit: {
      action: 'live.help',
      details: {
        action: request.action,
        reason: request.reason,
        step_number: String(index + 1),
        hint_index: String(hintIndex),
      },
    },
    afterWrite: (tx, eventId) =>
      insertGameHint(tx, scope, {
        ...key,
        cost: 0,
        takenAt: deps.now,
        givenByUserId: deps.actor.userId,
        eventId,
      }),
  };
}
