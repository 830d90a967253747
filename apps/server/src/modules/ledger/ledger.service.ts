import type {
  AdjustPointsRequest,
  AuditAction,
  GameEvent,
  GameLedger,
  HelpRequest,
  LiveActionResult,
  TeamLedger,
  UndoRequest,
} from '@tappa/contracts';
import { formatInstant, UNDOABLE_KINDS } from '@tappa/domain';
import type { Db } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { TIME_ZONE_COLUMN, toCsv } from '../../infra/csv';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import {
  type GameStepWrites,
  listGameSteps,
  type OutsideEvent,
  type OutsideWrite,
  writeGameOutsideTry,
} from '../games/games.service';
import { nextPendingIndex } from '../games/try';
import { requireRoute } from '../routes/routes.service';
import {
  findActionEvent,
  findGame,
  findGameEvent,
  type LedgerEventRow,
  listGameLedger,
  listRouteLedger,
  listRouteStepIds,
  lockGame,
  scoreAfter,
} from './ledger.repository';

// The staff's actions on a game and the score ledger's reads (issue 31, decision 0069). Each
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

/** The step numbers (from 1) of a route's steps, by id. */
async function stepNumbers(db: Db, scope: TenantScope, routeId: string) {
  const ids = await listRouteStepIds(db, scope, routeId);
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** An event row as the ledger shows it. */
function presentEvent(row: LedgerEventRow, numbers: Map<string, number>): GameEvent {
  return {
    id: row.id,
    game_id: row.game_id,
    team_name: row.team_name,
    route_id: row.route_id,
    step:
      row.step_id === null
        ? null
        : { id: row.step_id, number: numbers.get(row.step_id) ?? 0, place: row.place ?? '' },
    kind: row.kind,
    points: row.points,
    reason: row.reason,
    details: row.details ?? null,
    actor_email: row.actor_email,
    undoes_id: row.undoes_id,
    undone_by_id: row.undone_by_id,
    at: row.at.toISOString(),
  };
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
interface ActionPlan {
  write: Omit<OutsideWrite, 'id' | 'events'> & { events: OutsideEvent[] };
  writeSteps?: (steps: GameStepWrites) => Promise<void>;
  scoreboard: boolean;
  audit: { action: AuditAction; details: Record<string, string> };
}

type LockedGame = NonNullable<Awaited<ReturnType<typeof lockGame>>>;
type StepRows = Awaited<ReturnType<typeof listGameSteps>>;

/**
 * Runs one staff action on game `gameId` of the tenant: judged by `plan` on the game locked and
 * its steps, written with its event (the first of the plan's events, which carries the action's
 * id, actor and reason) in one transaction with the audit entry. The same action id answers its
 * first result; a game of another tenant is 404, a completed game 409.
 */
async function runAction(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { gameId: string; actionId: string },
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
      if (locked.game.status === 'completed') throw new AppError('game_over');
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

/** The staff event of an action: its id, actor, reason, kind and points. */
function staffEvent(
  deps: LedgerDeps,
  opts: {
    actionId: string;
    kind: 'adjustment' | 'undo' | 'help';
    points: number;
    reason: string;
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
function heartbeatOf(game: LockedGame, steps: StepRows, done: number) {
  return {
    routeId: game.route.id,
    teamName: game.game.team_name,
    email: game.game.owner_email,
    progress: done,
    total: steps.length,
    lastSeen: game.game.last_active_at,
  };
}

const doneCount = (steps: StepRows) => steps.filter((s) => s.gameStep.status !== 'pending').length;

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
                }
              : { current_step_index: nextIndex },
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
