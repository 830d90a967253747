import type { HelpRequest } from '@tappa/contracts';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { nextPendingIndex } from '../games/try';
import {
  type ActionOutcome,
  doneCount,
  heartbeatOf,
  type LedgerDeps,
  runAction,
  staffEvent,
  type StepRows,
} from './staff-action';

// Help for a stuck team (issue 31, item 4): each a staff action (`staff-action.ts`) written as a
// `help` event with its reason.

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
