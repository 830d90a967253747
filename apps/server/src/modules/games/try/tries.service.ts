import type { SubmitAnswerRequest, SubmitResult } from '@tappa/contracts';
import {
  bucketWaitMs,
  FIX_ACCURACY_MAX_M,
  isEventOver,
  isTimeLimitExpired,
  retryAfterS,
  REVIEWABLE_CHECK_TYPES,
  scoreStep,
  skipPoints,
  type TokenBucket,
  takeToken,
  WRONG_TRIES,
} from '@tappa/domain';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import { checkEventPlays, eventTimesOf } from '../event-times';
import { reviewItemInsert } from '../../review/review-items.service';
import { scoreboardRowUpsert } from '../../scoreboards/scoreboards.service';
import { judgeOnce, type TryOutcome } from './judge-once';
import type { GameStepState } from './try-columns.repository';
import type { LoadedTry } from './try-read.repository';
import { checkStepIsCurrent, judgeTry, nextPendingIndex } from './try-verdict';
import {
  AFTER_GAME_ROW,
  finishStep,
  type GameEventInsert,
  type GameRowChange,
  recordWrongTry,
  startStepClock,
  tryFix,
  type TryWrite,
} from './try-write.repository';

type StepStates = GameStepState[];

/**
 * A try being judged: the game as read, the step tried and its state, every step's state in
 * `ord` order, what changes on the game's row, and the other writes queued so far (sent together
 * at the end, see `writeTry`).
 */
interface Try {
  scope: TenantScope;
  loaded: LoadedTry;
  step: NonNullable<LoadedTry['step']>;
  gameStep: StepStates[number];
  states: StepStates;
  index: number;
  change: GameRowChange;
  writes: TryWrite[];
}

const limitOf = ({ game, route }: LoadedTry) => ({
  enabled: route.time_limit_enabled,
  hours: route.time_limit_hours,
  minutes: route.time_limit_minutes,
  createdAt: game.clock_at,
  extensionMinutes: game.time_extension_minutes,
});

/** The wrong tries a game step has left, as stored (null: never used). */
function bucketOf(gameStep: StepStates[number]): TokenBucket | null {
  const { wrong_try_tokens: tokens, wrong_try_tokens_ms: atMs } = gameStep;
  return tokens === null || atMs === null ? null : { tokens, atMs };
}

/** The team's scoreboard row with `score` and the steps of `states` done (a lazy query). */
function heartbeat(
  t: Pick<Try, 'scope' | 'loaded'>,
  opts: { states: StepStates; now: Date; score: number },
) {
  const { game, route } = t.loaded;
  return scoreboardRowUpsert(
    t.scope,
    {
      routeId: route.id,
      teamName: game.team_name,
      email: game.owner_email,
      score: opts.score,
      progress: opts.states.filter((s) => s.status !== 'pending').length,
      total: opts.states.length,
      lastSeen: opts.now,
    },
    AFTER_GAME_ROW,
  );
}

/**
 * A sharing team's try carries its position (decision 0086): it is a fix of the game too, in the
 * try's own statement, with no extra round trip. A position too vague for a map is not one.
 */
function queueTryFix(
  t: Pick<Try, 'scope' | 'loaded' | 'step' | 'writes' | 'change'>,
  opts: { position: SubmitAnswerRequest['position']; now: Date },
) {
  const { game, route } = t.loaded;
  const { position } = opts;
  if (!position || !route.location_sharing || game.location_sharing !== 'shared') return;
  if ((position.accuracy_m ?? 0) > FIX_ACCURACY_MAX_M) return;
  t.writes.push(
    ...tryFix(t.scope, {
      routeId: route.id,
      gameId: game.id,
      stepId: t.step.id,
      position,
      now: opts.now,
    }),
  );
  t.change.fix = { lat: position.lat, lng: position.lng, accuracyM: position.accuracy_m };
}

/** Why a try ended its game (the `finish` event's `cause`). */
export type FinishCause = 'last_step' | 'time_up' | 'exploration';

/** Queues an event of the try's game, written with the game's row (`writeTry`). */
export function queueEvent(
  t: Pick<Try, 'loaded' | 'writes'>,
  event: Omit<GameEventInsert, 'routeId' | 'gameId'>,
) {
  const { game, route } = t.loaded;
  t.writes.push({ event: { ...event, routeId: route.id, gameId: game.id } });
}

/**
 * Queues the end of the game: status completed, the score kept (and the index moved to
 * `currentStepIndex` when given), the scoreboard row and the `finish` event with its cause.
 */
export function completeGame(
  t: Pick<Try, 'scope' | 'loaded' | 'change' | 'writes'>,
  opts: {
    states: StepStates;
    now: Date;
    totalScore: number;
    currentStepIndex?: number;
    cause: FinishCause;
  },
) {
  t.change.completed = true;
  t.change.score = { totalScore: opts.totalScore, currentStepIndex: opts.currentStepIndex ?? null };
  t.writes.push(heartbeat(t, { states: opts.states, now: opts.now, score: opts.totalScore }));
  queueEvent(t, {
    stepId: null,
    kind: 'finish',
    points: 0,
    details: { cause: opts.cause },
    at: opts.now,
  });
}

/** Runs one submission or skip of a step of a game that is still on. */
function withGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; submissionId: string; now: Date },
  act: (t: Try) => SubmitResult,
): Promise<TryOutcome> {
  return judgeOnce(db, scope, opts, (loaded, change, writes) => {
    const { states } = loaded;
    if (loaded.game.status === 'completed') throw new AppError('game_over');
    const isOver =
      isTimeLimitExpired(limitOf(loaded), opts.now) ||
      isEventOver(eventTimesOf(loaded.route), opts.now);
    if (!isOver) checkEventPlays(loaded.route, opts.now);
    if (isOver) {
      const totalScore = loaded.game.total_score;
      completeGame(
        { scope, loaded, change, writes },
        { states, now: opts.now, totalScore, cause: 'time_up' },
      );
      return {
        outcome: 'time_up',
        reason: { code: 'time_up', route_type: loaded.route.route_type },
        points: 0,
        total_score: totalScore,
        current_step_index: loaded.game.current_step_index,
        completed: true,
      };
    }
    const index = states.findIndex((s) => s.step_id === opts.stepId);
    const gameStep = states[index];
    if (!gameStep || !loaded.step) throw new AppError('step_not_found');
    if (gameStep.status !== 'pending') throw new AppError('step_done');
    // Judged on what was read or cached alike: a refusal on the cache is decided again on a read.
    checkStepIsCurrent({
      routeType: loaded.route.route_type,
      states,
      currentStepIndex: loaded.game.current_step_index,
      index,
    });
    return act({ scope, loaded, step: loaded.step, gameStep, states, index, change, writes });
  });
}

/**
 * Queues step `index` done with `points` (its `try` or `skip` event carries them): the game
 * advances (or completes), the scoreboard row.
 */
function advance(
  t: Try,
  opts: { points: number; now: Date; kind: 'try' | 'skip' },
): { totalScore: number; nextIndex: number; completed: boolean } {
  const { loaded, states, index, writes } = t;
  const { now } = opts;
  queueEvent(t, { stepId: t.step.id, kind: opts.kind, points: opts.points, at: now });
  t.change.stepEnded = true;
  const done = states.map((s, i) => (i === index ? { ...s, status: 'ok' as const } : s));
  const totalScore = loaded.game.total_score + opts.points;
  // Exploration routes walk in order (decision 0038): the answer of the last step ends the route,
  // whatever was left unanswered; progressive ones go on to the next step still pending.
  const nextIndex =
    loaded.route.route_type === 'exploration' ? index + 1 : nextPendingIndex(done, index + 1);
  const completed = nextIndex >= states.length;
  if (completed) {
    const currentStepIndex = states.length - 1;
    completeGame(t, { states: done, now, totalScore, currentStepIndex, cause: 'last_step' });
    return { totalScore, nextIndex: currentStepIndex, completed };
  }
  const gameId = loaded.game.id;
  t.change.score = { totalScore, currentStepIndex: nextIndex };
  const next = states[nextIndex];
  if (next?.started_ms === null) {
    writes.push(startStepClock({ gameId, gameStepId: next.id, startedMs: now.getTime() }));
  }
  writes.push(heartbeat(t, { states: done, now, score: totalScore }));
  return { totalScore, nextIndex, completed };
}

/**
 * One try at a step, decided by the server (ARCHITECTURE §5) and written at once: attempts and
 * timing, the answer, the distance and the orientation, then points and the next step.
 */
export async function submitAnswer(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; now: Date; request: SubmitAnswerRequest },
): Promise<TryOutcome> {
  const nowMs = opts.now.getTime();
  return withGame(db, scope, { ...opts, submissionId: opts.request.submission_id }, (t) => {
    const { loaded, step, gameStep } = t;
    // Decided under the game's lock: parallel tries take turns, on any app instance.
    const bucket = bucketOf(gameStep);
    const waitMs = bucketWaitMs(bucket, WRONG_TRIES, nowMs);
    if (waitMs > 0) throw new AppError('too_many_tries', { retry_after_s: retryAfterS(waitMs) });
    queueTryFix(t, { position: opts.request.position, now: opts.now });
    const attempts = gameStep.attempts + 1;
    const startedMs = gameStep.started_ms ?? nowMs;
    const firstAttemptMs = gameStep.first_attempt_ms ?? nowMs;
    const verdict = judgeTry({
      step,
      gameStep,
      geolocationEnabled: loaded.route.geolocation_enabled,
      request: opts.request,
    });
    if (verdict.reason !== null) {
      t.writes.push(
        recordWrongTry({
          gameId: loaded.game.id,
          gameStepId: gameStep.id,
          attempts,
          firstAttemptMs,
          startedMs,
          bucket: takeToken(bucket, WRONG_TRIES, nowMs),
        }),
      );
      queueEvent(t, {
        stepId: step.id,
        kind: 'wrong_try',
        points: 0,
        // The refusal as the team read it: its code and the values its text names.
        details: { ...verdict.reason },
        at: opts.now,
      });
      return {
        outcome: 'wrong',
        reason: verdict.reason,
        points: 0,
        total_score: loaded.game.total_score,
        current_step_index: loaded.game.current_step_index,
        completed: false,
      };
    }
    const points = scoreStep({
      routeType: loaded.route.route_type,
      scoring: step.scoring,
      attempt: attempts,
      elapsedMs: nowMs - startedMs,
      distanceM: verdict.distance,
      radiusM: step.radius_m,
    });
    t.writes.push(
      finishStep({
        gameId: loaded.game.id,
        gameStepId: gameStep.id,
        status: 'ok',
        points,
        startedMs,
        endedMs: nowMs,
        tried: {
          attempts,
          firstAttemptMs,
          distanceM: verdict.distance,
          headingOk: verdict.headingOk,
        },
      }),
    );
    if (step.review === 'staff' && REVIEWABLE_CHECK_TYPES.includes(step.check_type)) {
      // Accepted at once with provisional points, for a judge to decide (decision 0083).
      const isPhoto = step.check_type === 'photo';
      t.writes.push(
        reviewItemInsert(
          t.scope,
          {
            routeId: loaded.route.id,
            gameId: loaded.game.id,
            gameStepId: gameStep.id,
            stepId: step.id,
            kind: isPhoto ? 'photo' : 'text',
            photoUrl: isPhoto ? gameStep.photo_url : null,
            answer: isPhoto || typeof opts.request.answer !== 'string' ? null : opts.request.answer,
            provisionalPoints: points,
            now: opts.now,
          },
          AFTER_GAME_ROW,
        ),
      );
    }
    const next = advance(t, { points, now: opts.now, kind: 'try' });
    return {
      outcome: 'correct',
      reason: null,
      points,
      total_score: next.totalScore,
      current_step_index: next.nextIndex,
      completed: next.completed,
    };
  });
}

/** Skips a step (progressive routes) with the step's skip award (default 0). */
export async function skipStep(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; now: Date; submissionId: string },
): Promise<TryOutcome> {
  return withGame(db, scope, opts, (t) => {
    const { loaded, step, gameStep } = t;
    if (loaded.route.route_type !== 'progressive') throw new AppError('skip_not_allowed');
    const points = skipPoints(loaded.route.route_type, step.scoring);
    t.writes.push(
      finishStep({
        gameId: loaded.game.id,
        gameStepId: gameStep.id,
        status: 'skipped',
        points,
        startedMs: gameStep.started_ms ?? opts.now.getTime(),
        endedMs: opts.now.getTime(),
      }),
    );
    const next = advance(t, { points, now: opts.now, kind: 'skip' });
    return {
      outcome: 'skipped',
      reason: null,
      points,
      total_score: next.totalScore,
      current_step_index: next.nextIndex,
      completed: next.completed,
    };
  });
}
