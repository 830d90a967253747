import type { SubmitAnswerRequest, SubmitResult } from '@tappa/contracts';
import {
  checkAnswer,
  distanceM,
  isHeadingAccepted,
  isTimeLimitExpired,
  scoreStep,
  skipPoints,
  TIME_UP_EXPLORATION_MESSAGE,
  TIME_UP_PROGRESSIVE_MESSAGE,
  tooFarMessage,
  WRONG_ANSWER_MESSAGE,
  WRONG_ORIENTATION_MESSAGE,
} from '@tappa/domain';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { games, gameSteps } from '../../db/schema';
import type { TenantScope } from '../../db/scope';
import { AppError, notFound } from '../../errors';
import {
  findOwnGameWithRoute,
  findReply,
  listGameSteps,
  saveReply,
  upsertHeartbeat,
} from './gameplay.repository';

type Loaded = NonNullable<Awaited<ReturnType<typeof findOwnGameWithRoute>>>;
type StepRows = Awaited<ReturnType<typeof listGameSteps>>;

const limitOf = ({ game, route }: Loaded) => ({
  enabled: route.time_limit_enabled,
  hours: route.time_limit_hours,
  minutes: route.time_limit_minutes,
  createdAt: game.created_at,
});

/** The first pending step from `from` on, else the first pending one, else past the end. */
export function nextPendingIndex(rows: StepRows, from: number): number {
  const after = rows.findIndex((r, i) => i >= from && r.gameStep.status === 'pending');
  if (after !== -1) return after;
  const any = rows.findIndex((r) => r.gameStep.status === 'pending');
  return any === -1 ? rows.length : any;
}

/** Finishes the game: status completed, the score kept, and the scoreboard row updated. */
async function completeGame(
  tx: Transaction,
  scope: TenantScope,
  opts: { loaded: Loaded; rows: StepRows; now: Date; totalScore: number },
) {
  const { game, route } = opts.loaded;
  await tx
    .update(games)
    .set({ status: 'completed', finished_at: opts.now, total_score: opts.totalScore })
    .where(eq(games.id, game.id));
  await upsertHeartbeat(tx, {
    tenant_id: scope.tenantId,
    route_id: route.id,
    team_name: game.team_name,
    email: game.owner_email,
    score: opts.totalScore,
    progress: opts.rows.filter((r) => r.gameStep.status !== 'pending').length,
    total: opts.rows.length,
    last_seen: opts.now,
  });
}

/** The verdict on one try, before anything is stored: null when correct, else the message. */
function judge(row: StepRows[number], loaded: Loaded, request: SubmitAnswerRequest) {
  const { step, gameStep } = row;
  const given = request.answer ?? '';
  const answerOk =
    step.check_type === 'photo'
      ? gameStep.photo_url !== null
      : checkAnswer({
          checkType: step.check_type,
          expected: step.check_answer,
          given,
          multiple: step.multiple,
        });
  if (!answerOk) return { message: WRONG_ANSWER_MESSAGE, distance: null, headingOk: null };
  let distance: number | null = null;
  if (loaded.route.geolocation_enabled) {
    if (!request.position) throw new AppError('validation_failed', 'Posizione non disponibile');
    distance = distanceM(request.position, step);
    if (distance > step.radius_m)
      return { message: tooFarMessage(distance, step.radius_m), distance, headingOk: null };
  }
  let headingOk: boolean | null = null;
  if (step.orientation_deg !== null) {
    headingOk =
      request.heading_deg !== null &&
      isHeadingAccepted({ targetDeg: step.orientation_deg, headingDeg: request.heading_deg });
    if (!headingOk) return { message: WRONG_ORIENTATION_MESSAGE, distance, headingOk };
  }
  return { message: null, distance, headingOk };
}

/** Runs one submission or skip under the game's lock, once per client-generated id. */
async function withGame(
  db: Database,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; submissionId: string; now: Date },
  act: (
    tx: Transaction,
    ctx: { loaded: Loaded; rows: StepRows; index: number },
  ) => Promise<SubmitResult>,
): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    const loaded = await findOwnGameWithRoute(tx, scope, { ...opts, lock: true });
    if (!loaded) throw notFound('Gioco non trovato');
    const replyScope = `game:${loaded.game.id}`;
    const earlier = await findReply(tx, scope, { scope: replyScope, key: opts.submissionId });
    if (earlier) return earlier as SubmitResult;
    const rows = await listGameSteps(tx, loaded.game.id);
    const finish = async (result: SubmitResult) => {
      await saveReply(tx, scope, { scope: replyScope, key: opts.submissionId, response: result });
      return result;
    };
    if (loaded.game.status === 'completed')
      throw new AppError('conflict', 'Il gioco è già terminato');
    if (isTimeLimitExpired(limitOf(loaded), opts.now)) {
      await completeGame(tx, scope, {
        loaded,
        rows,
        now: opts.now,
        totalScore: loaded.game.total_score,
      });
      const message =
        loaded.route.route_type === 'exploration'
          ? TIME_UP_EXPLORATION_MESSAGE
          : TIME_UP_PROGRESSIVE_MESSAGE;
      return finish({
        outcome: 'time_up',
        message,
        points: 0,
        total_score: loaded.game.total_score,
        current_step_index: loaded.game.current_step_index,
        completed: true,
      });
    }
    const index = rows.findIndex((r) => r.step.id === opts.stepId);
    const row = rows[index];
    if (!row) throw notFound('Tappa non trovata');
    if (row.gameStep.status !== 'pending')
      throw new AppError('conflict', 'Questa tappa è già stata completata');
    return finish(await act(tx, { loaded, rows, index }));
  });
}

/** Marks step `index` done with `points`, advances the game, updates the scoreboard, completes it. */
async function advance(
  tx: Transaction,
  scope: TenantScope,
  opts: { loaded: Loaded; rows: StepRows; index: number; points: number; now: Date },
): Promise<{ totalScore: number; nextIndex: number; completed: boolean }> {
  const { loaded, rows, index, now } = opts;
  const done = rows.map((r, i) =>
    i === index ? { ...r, gameStep: { ...r.gameStep, status: 'ok' as const } } : r,
  );
  const totalScore = loaded.game.total_score + opts.points;
  const nextIndex = nextPendingIndex(done, index + 1);
  const completed = nextIndex >= rows.length;
  if (completed) {
    await completeGame(tx, scope, { loaded, rows: done, now, totalScore });
    await tx
      .update(games)
      .set({ current_step_index: rows.length - 1 })
      .where(eq(games.id, loaded.game.id));
    return { totalScore, nextIndex: rows.length - 1, completed };
  }
  await tx
    .update(games)
    .set({ total_score: totalScore, current_step_index: nextIndex })
    .where(eq(games.id, loaded.game.id));
  const next = rows[nextIndex];
  if (next?.gameStep.started_ms === null) {
    await tx
      .update(gameSteps)
      .set({ started_ms: now.getTime() })
      .where(eq(gameSteps.id, next.gameStep.id));
  }
  await upsertHeartbeat(tx, {
    tenant_id: scope.tenantId,
    route_id: loaded.route.id,
    team_name: loaded.game.team_name,
    email: loaded.game.owner_email,
    score: totalScore,
    progress: done.filter((r) => r.gameStep.status !== 'pending').length,
    total: rows.length,
    last_seen: now,
  });
  return { totalScore, nextIndex, completed };
}

/**
 * One try at a step, decided by the server in one transaction (ARCHITECTURE §5): attempts and
 * timing, the answer, the distance and the orientation, then points and the next step.
 */
export async function submitAnswer(
  db: Database,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; now: Date; request: SubmitAnswerRequest },
): Promise<SubmitResult> {
  const nowMs = opts.now.getTime();
  return withGame(
    db,
    scope,
    { ...opts, submissionId: opts.request.submission_id },
    async (tx, { loaded, rows, index }) => {
      const row = rows[index]!;
      const attempts = row.gameStep.attempts + 1;
      const startedMs = row.gameStep.started_ms ?? nowMs;
      const verdict = judge(row, loaded, opts.request);
      if (verdict.message !== null) {
        await tx
          .update(gameSteps)
          .set({
            attempts,
            first_attempt_ms: row.gameStep.first_attempt_ms ?? nowMs,
            started_ms: startedMs,
          })
          .where(eq(gameSteps.id, row.gameStep.id));
        return {
          outcome: 'wrong',
          message: verdict.message,
          points: 0,
          total_score: loaded.game.total_score,
          current_step_index: loaded.game.current_step_index,
          completed: false,
        };
      }
      const points = scoreStep({
        routeType: loaded.route.route_type,
        scoring: row.step.scoring,
        attempt: attempts,
        elapsedMs: nowMs - startedMs,
        distanceM: verdict.distance,
        radiusM: row.step.radius_m,
      });
      await tx
        .update(gameSteps)
        .set({
          status: 'ok',
          attempts,
          first_attempt_ms: row.gameStep.first_attempt_ms ?? nowMs,
          started_ms: startedMs,
          ended_ms: nowMs,
          points,
          distance_m: verdict.distance,
          heading_ok: verdict.headingOk,
        })
        .where(eq(gameSteps.id, row.gameStep.id));
      const next = await advance(tx, scope, { loaded, rows, index, points, now: opts.now });
      return {
        outcome: 'correct',
        message: null,
        points,
        total_score: next.totalScore,
        current_step_index: next.nextIndex,
        completed: next.completed,
      };
    },
  );
}

/** Skips a step (progressive routes) with the step's skip award (default 0). */
export async function skipStep(
  db: Database,
  scope: TenantScope,
  opts: { gameId: string; stepId: string; email: string; now: Date; submissionId: string },
): Promise<SubmitResult> {
  return withGame(db, scope, opts, async (tx, { loaded, rows, index }) => {
    if (loaded.route.route_type !== 'progressive')
      throw new AppError('conflict', 'Skip is only for progressive routes');
    const row = rows[index]!;
    const points = skipPoints(loaded.route.route_type, row.step.scoring);
    await tx
      .update(gameSteps)
      .set({
        status: 'skipped',
        points,
        ended_ms: opts.now.getTime(),
        started_ms: row.gameStep.started_ms ?? opts.now.getTime(),
      })
      .where(eq(gameSteps.id, row.gameStep.id));
    const next = await advance(tx, scope, { loaded, rows, index, points, now: opts.now });
    return {
      outcome: 'skipped',
      message: null,
      points,
      total_score: next.totalScore,
      current_step_index: next.nextIndex,
      completed: next.completed,
    };
  });
}
