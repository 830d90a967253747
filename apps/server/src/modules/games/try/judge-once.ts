import type { SubmitResult } from '@tappa/contracts';
import type { GameStatus } from '@tappa/domain';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import { gameReplyScope, type LoadedTry, readTry } from './try-read.repository';
import { CONTENDED_MS, type TryCache, tryCacheOf } from './try-cache';
import {
  type GameRowChange,
  saveReply,
  type TryWrite,
  type WrittenTry,
  writeTry,
} from './try-write.repository';

/**
 * What a try made of its game's row, as the live console shows it (decision 0076): so that the
 * console need not read the game again. `atMs` is the try's time: the team's last request, and
 * its last progress or its end when the try ended a step or the game.
 */
export interface GameAfterTry {
  status: GameStatus;
  currentStepIndex: number;
  totalScore: number;
  /** Tries at the step the game is on now. */
  triesOnStep: number;
  atMs: number;
  progressed: boolean;
  finished: boolean;
  /** The try's position when it was kept as the game's newest fix (taken at `atMs`). */
  fix: { lat: number; lng: number; accuracyM: number | null } | null;
}

/**
 * What a try or skip answers: the team's result, the route whose scoreboard it may change, and
 * the game's row as the try wrote it (null when it wrote none: a reply given again, a second
 * 'Fine'); `isReplay` when the request had been answered already (a retry: nothing decided).
 */
export interface TryOutcome {
  result: SubmitResult;
  routeId: string;
  after: GameAfterTry | null;
  isReplay: boolean;
}

const MAX_ROUNDS = 100;

/**
 * Runs one submission, skip or finish once per client-generated id: reads the game, lets `act`
 * judge it and queue its writes, and writes them if the game's row and its route are still the
 * versions read; when another write came first (another phone of the team, another instance),
 * the same request is judged again on what is there now, and a request already answered gets its
 * first reply. The game this instance wrote last is judged on what that write left, without
 * reading (decision 0054): one round trip; if anything else wrote since, or judging it refuses
 * the request, it is read and judged again before anything is answered.
 */
export async function judgeOnce(
  db: Db,
  scope: TenantScope,
  opts: { gameId: string; stepId: string | null; email: string; submissionId: string; now: Date },
  act: (loaded: LoadedTry, change: GameRowChange, writes: TryWrite[]) => SubmitResult,
): Promise<TryOutcome> {
  const cache = tryCacheOf(db);
  const nowMs = opts.now.getTime();
  const cached = cache.load(scope, opts, nowMs);
  if (cached) {
    try {
      const outcome = await judgeAndWrite(db, scope, { ...opts, loaded: cached, cache }, act);
      if (outcome) return outcome;
      // Another write came first: this game is read before its tries for a while.
      cache.forget(opts.gameId, nowMs + CONTENDED_MS);
    } catch {
      // A refusal (or a failure) on what this instance knew is decided again on what is there.
      cache.forget(opts.gameId);
    }
  }
  // Each round lost means another write of the game came first; a hundred in a row mean a fault.
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const loaded = await readTry(db, scope, opts);
    if (!loaded) throw new AppError('game_not_found');
    cache.learnStep(loaded);
    const outcome = await judgeAndWrite(db, scope, { ...opts, loaded, cache }, act);
    if (outcome) return outcome;
  }
  throw new Error(`game ${opts.gameId}: written by others in ${MAX_ROUNDS} rounds in a row`);
}

/** Judges `loaded` and writes the outcome; null when the game or its route moved meanwhile. */
async function judgeAndWrite(
  db: Db,
  scope: TenantScope,
  opts: { loaded: LoadedTry; cache: TryCache; submissionId: string; now: Date },
  act: (loaded: LoadedTry, change: GameRowChange, writes: TryWrite[]) => SubmitResult,
): Promise<TryOutcome | null> {
  const { loaded } = opts;
  const routeId = loaded.route.id;
  if (loaded.earlier) {
    return { result: loaded.earlier as SubmitResult, routeId, after: null, isReplay: true };
  }
  // A try on a paused game (another phone of the team, or the page reopened) resumes it.
  const change: GameRowChange = { now: opts.now, resume: loaded.game.status === 'paused' };
  const writes: TryWrite[] = [];
  const result = act(loaded, change, writes);
  const key = { scope: gameReplyScope(loaded.game.id), key: opts.submissionId };
  writes.push(saveReply(scope, { ...key, response: result }));
  // A completed game is not written again (a second 'Fine' on an exploration route).
  const done = loaded.game.status === 'completed' && !change.completed;
  const written = await writeTry(db, scope, {
    game: loaded.game,
    route: loaded.route,
    change: done ? null : change,
    writes,
  });
  if (!written) return null;
  const reply = { submissionId: opts.submissionId, result };
  opts.cache.remember(scope, loaded, written, reply, opts.now.getTime());
  return {
    result,
    routeId,
    after: gameAfter(loaded, written, change, opts.now.getTime()),
    isReplay: false,
  };
}

/** The game's row as `written` left it (`GameAfterTry`), or null when it was not written. */
function gameAfter(
  loaded: LoadedTry,
  written: WrittenTry,
  change: GameRowChange,
  atMs: number,
): GameAfterTry | null {
  const { game } = written;
  if (!game) return null;
  // The steps in the route's order, as the write left them.
  const current = loaded.states[game.current_step_index];
  const state = written.steps.find((s) => s.id === current?.id) ?? current;
  return {
    status: game.status,
    currentStepIndex: game.current_step_index,
    totalScore: game.total_score,
    triesOnStep: state?.attempts ?? 0,
    atMs,
    progressed: change.stepEnded === true,
    finished: change.completed === true,
    fix: change.fix ?? null,
  };
}
