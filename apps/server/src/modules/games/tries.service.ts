import type { SubmitAnswerRequest, SubmitResult } from '@tappa/contracts';
import {
  bucketWaitMs,
  isTimeLimitExpired,
  retryAfterS,
  scoreStep,
  skipPoints,
  type TokenBucket,
  takeToken,
  WRONG_TRIES,
} from '@tappa/domain';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { scoreboardRowUpsert } from '../scoreboards/scoreboards.service';
import {
  advanceGame,
  completeGameRow,
  findReply,
  gameReplyScope,
  finishStep,
  listGameStepStates,
  lockGameForTry,
  reactivateGame,
  recordWrongTry,
  saveReply,
  startStepClock,
  touchGameRow,
  writeTogether,
} from './tries.repository';
import { judgeTry } from './try-verdict';

type Loaded = NonNullable<Awaited<ReturnType<typeof lockGameForTry>>>;
type StepStates = Awaited<ReturnType<typeof listGameStepStates>>;

/**
 * A try in its transaction: the locked game, the step tried and its state, every step's state
 * in `ord` order, and the writes queued so far (sent together at the end, see `writeTogether`).
 */
interface Try {
  scope: TenantScope;
  loaded: Loaded;
  step: NonNullable<Loaded['step']>;
  gameStep: StepStates[number];
  states: StepStates;
  index: number;
  writes: SQL[];
}

const limitOf = ({ game, route }: Loaded) => ({
  enabled: route.time_limit_enabled,
  hours: route.time_limit_hours,
  minutes: route.time_limit_minutes,
  createdAt: game.created_at,
});

/** The wrong tries a game step has left, as stored (null: never used). */
function bucketOf(gameStep: StepStates[number]): TokenBucket | null {
  const { wrong_try_tokens: tokens, wrong_try_tokens_ms: atMs } = gameStep;
  return tokens === null || atMs === null ? null : { tokens, atMs };
}

/** The first pending step from `from` on, else the first pending one, else past the end. */
export function nextPendingIndex(states: readonly { status: string }[], from: number): number {
  const after = states.findIndex((s, i) => i >= from && s.status === 'pending');
  if (after !== -1) return after;
  const any = states.findIndex((s) => s.status === 'pending');
  return any === -1 ? states.length : any;
}

/** The team's scoreboard row with `score` and the steps of `states` done (a lazy query). */
function heartbeat(
  t: Pick<Try, 'scope' | 'loaded'>,
  opts: { states: StepStates; now: Date; score: number },
) {
  const { game, route } = t.loaded;
  return scoreboardRowUpsert(t.scope, {
    routeId: route.id,
    teamName: game.team_name,
    email: game.owner_email,
    score: opts.score,
    progress: opts.states.filter((s) => s.status !== 'pending').length,
    total: opts.states.length,
    lastSeen: opts.now,
  });
}

/**
 * Queues the end of the game: status completed, the score kept (and the index moved to
 * `currentStepIndex` when given), and the scoreboard row.
 */
export function completeGame(
  t: Pick<Try, 'scope' | 'loaded' | 'writes'>,
  opts: { states: StepStates; now: Date; totalScore: number; currentStepIndex?: number },
) {
  t.writes.push(
    completeGameRow(t.scope, {
      gameId: t.loaded.game.id,
      now: opts.now,
      totalScore: opts.totalScore,
      currentStepIndex: opts.currentStepIndex ?? null,
    }),
    heartbeat(t, { states: opts.states, now: opts.now, score: opts.totalScore }),
  );
}

/** What a try or skip answers: the team's result, and the route whose scoreboard it may change. */
export interface TryOutcome {
  result: SubmitResult;
  routeId: string;
}

/** Runs one submission or skip under the game's lock, once per client-generated id. */
async function withGame(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; submissionId: string; now: Date },
  act: (t: Try) => SubmitResult,
): Promise<TryOutcome> {
  return db.transaction(async (tx) => {
    const loaded = await lockGameForTry(tx, scope, opts);
    if (!loaded) throw new AppError('game_not_found');
    // Read after the lock: on PostgreSQL each statement sees what the previous holder committed.
    const replyScope = gameReplyScope(loaded.game.id);
    const routeId = loaded.route.id;
    const earlier = await findReply(tx, scope, { scope: replyScope, key: opts.submissionId });
    if (earlier) return { result: earlier as SubmitResult, routeId };
    const states = await listGameStepStates(tx, scope, loaded.game.id);
    const writes: SQL[] = [];
    const finish = async (result: SubmitResult) => {
      writes.push(
        saveReply(scope, { scope: replyScope, key: opts.submissionId, response: result }),
      );
      await writeTogether(tx, scope, writes);
      return { result, routeId };
    };
    if (loaded.game.status === 'completed') throw new AppError('game_over');
    // A try on a paused game (another phone of the team, or the page reopened) resumes it.
    // Sent now: the game row may be written again by the queued writes.
    if (loaded.game.status === 'paused') {
      await reactivateGame(tx, scope, { gameId: loaded.game.id, now: opts.now });
    }
    if (isTimeLimitExpired(limitOf(loaded), opts.now)) {
      const totalScore = loaded.game.total_score;
      completeGame({ scope, loaded, writes }, { states, now: opts.now, totalScore });
      return finish({
        outcome: 'time_up',
        reason: { code: 'time_up', route_type: loaded.route.route_type },
        points: 0,
        total_score: totalScore,
        current_step_index: loaded.game.current_step_index,
        completed: true,
      });
    }
    const index = states.findIndex((s) => s.step_id === opts.stepId);
    const gameStep = states[index];
    if (!gameStep || !loaded.step) throw new AppError('step_not_found');
    if (gameStep.status !== 'pending') throw new AppError('step_done');
    return finish(act({ scope, loaded, step: loaded.step, gameStep, states, index, writes }));
  });
}

/** Queues step `index` done with `points`: the game advances (or completes), the scoreboard row. */
function advance(
  t: Try,
  opts: { points: number; now: Date },
): { totalScore: number; nextIndex: number; completed: boolean } {
  const { loaded, states, index, writes } = t;
  const { now } = opts;
  const done = states.map((s, i) => (i === index ? { ...s, status: 'ok' as const } : s));
  const totalScore = loaded.game.total_score + opts.points;
  // Exploration routes walk in order (decision 0038): the answer of the last step ends the route,
  // whatever was left unanswered; progressive ones go on to the next step still pending.
  const nextIndex =
    loaded.route.route_type === 'exploration' ? index + 1 : nextPendingIndex(done, index + 1);
  const completed = nextIndex >= states.length;
  if (completed) {
    const currentStepIndex = states.length - 1;
    completeGame(t, { states: done, now, totalScore, currentStepIndex });
    return { totalScore, nextIndex: currentStepIndex, completed };
  }
  const gameId = loaded.game.id;
  writes.push(advanceGame(t.scope, { gameId, now, totalScore, currentStepIndex: nextIndex }));
  const next = states[nextIndex];
  if (next?.started_ms === null) {
    writes.push(startStepClock({ gameId, gameStepId: next.id, startedMs: now.getTime() }));
  }
  writes.push(heartbeat(t, { states: done, now, score: totalScore }));
  return { totalScore, nextIndex, completed };
}

/**
 * One try at a step, decided by the server in one transaction (ARCHITECTURE §5): attempts and
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
        // The only write to the game row in this try (writeTogether: one write per row).
        touchGameRow(t.scope, { gameId: loaded.game.id, now: opts.now }),
      );
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
    const next = advance(t, { points, now: opts.now });
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
    const next = advance(t, { points, now: opts.now });
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
