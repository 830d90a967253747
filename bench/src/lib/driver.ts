import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How one try ended: the server's verdict, or an error with its HTTP status (0: no answer);
 * `uploadMs`: what the phone spent uploading a photo before the try itself (left out of the
 * try's latency, kept in `LoadStats.uploadsMs`).
 */
export type TryOutcome = (
  { kind: 'correct' } | { kind: 'wrong' } | { kind: 'error'; status: number }
) & { uploadMs?: number };

/** What a load run measured. */
export interface LoadStats {
  submissions: number;
  seconds: number;
  /** Latency of every try in milliseconds, sorted ascending. */
  latenciesMs: number[];
  correct: number;
  wrong: number;
  /** Errors by HTTP status (0 when the request itself failed). */
  errors: Map<number, number>;
  /** Latency of every photo upload before a try in milliseconds, sorted ascending. */
  uploadsMs: number[];
}

/** A player of the load: it knows which try comes next and when its route is done. */
export interface Player {
  isDone: boolean;
  /** Sends the next try and applies its outcome to the player's progress. */
  tryNext(): Promise<TryOutcome>;
}

/** The reasons of tries that got no answer, each printed once (to stderr, beside the report). */
const failures = new Set<string>();
function noteFailure(err: unknown): void {
  const reason =
    err instanceof Error
      ? `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`
      : String(err);
  if (failures.has(reason)) return;
  failures.add(reason);
  console.error(`a try got no answer: ${reason.trim()}`);
}

/** Errors in a row after which a player stops (a broken game must not spin). */
const MAX_ERRORS_IN_A_ROW = 3;

/**
 * Runs at most `concurrency` tries at a time over the players, each player with at most one try
 * in flight (a phone waits for its answer), until every route is done, `maxSubmissions` tries
 * were sent or `durationMs` passed. Without `ratePerS` (closed loop) a try starts as soon as one
 * ends; with it (open loop) the n-th try is due at n / rate seconds and its latency counts from
 * then, so time spent waiting for a free slot or player behind a slow server is measured too.
 * The players take turns in order; `pick` may choose another of those waiting (its index in
 * `waiting`).
 */
export async function runLoad<P extends Player>(
  players: P[],
  opts: {
    concurrency: number;
    maxSubmissions: number;
    durationMs: number;
    ratePerS?: number;
    pick?: (waiting: readonly P[]) => number;
  },
): Promise<LoadStats> {
  const idle = [...players];
  const errorsInARow = new Map<P, number>();
  const stats: LoadStats = {
    submissions: 0,
    seconds: 0,
    latenciesMs: [],
    correct: 0,
    wrong: 0,
    errors: new Map(),
    uploadsMs: [],
  };
  let inFlight = 0;
  let wakeUps: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of wakeUps) wake();
    wakeUps = [];
  };
  const started = performance.now();
  const deadline = started + opts.durationMs;
  /** A waiting player (`pick`'s choice, else the longest waiting); null once none is left. */
  const nextPlayer = async (): Promise<P | null> => {
    for (;;) {
      const picked = opts.pick && idle.length > 0 ? opts.pick(idle) : 0;
      const [player] = idle.splice(picked >= 0 && picked < idle.length ? picked : 0, 1);
      if (player) return player;
      // Every player left has a try in flight: wait for one to come back, or stop.
      if (inFlight === 0) return null;
      await new Promise<void>((resolve) => wakeUps.push(resolve));
    }
  };
  const worker = async () => {
    for (;;) {
      if (stats.submissions >= opts.maxSubmissions || performance.now() >= deadline) return;
      // Open loop: the slot is taken and waited for first, and its player chosen when it is due
      // (not one held back for a later slot); no slot is due after the deadline.
      const dueAt = opts.ratePerS ? started + (stats.submissions * 1000) / opts.ratePerS : null;
      if (dueAt !== null && dueAt >= deadline) return;
      stats.submissions += 1;
      if (dueAt !== null && dueAt > performance.now()) await sleep(dueAt - performance.now());
      const player = await nextPlayer();
      if (!player) {
        stats.submissions -= 1;
        return;
      }
      inFlight += 1;
      const t0 = dueAt ?? performance.now();
      const outcome = await player.tryNext().catch((err: unknown): TryOutcome => {
        noteFailure(err);
        return { kind: 'error', status: 0 };
      });
      stats.latenciesMs.push(performance.now() - t0 - (outcome.uploadMs ?? 0));
      if (outcome.uploadMs !== undefined) stats.uploadsMs.push(outcome.uploadMs);
      if (outcome.kind === 'error') {
        stats.errors.set(outcome.status, (stats.errors.get(outcome.status) ?? 0) + 1);
        const inARow = (errorsInARow.get(player) ?? 0) + 1;
        errorsInARow.set(player, inARow);
        if (inARow >= MAX_ERRORS_IN_A_ROW) player.isDone = true;
      } else {
        errorsInARow.delete(player);
        if (outcome.kind === 'correct') stats.correct += 1;
        else stats.wrong += 1;
      }
      inFlight -= 1;
      if (!player.isDone) idle.push(player);
      wakeAll();
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  stats.seconds = (performance.now() - started) / 1000;
  stats.latenciesMs.sort((a, b) => a - b);
  stats.uploadsMs.sort((a, b) => a - b);
  return stats;
}

/**
 * Whether the next try at a step is a deliberate wrong answer: at most one per step, for about
 * `ratio` of the steps, so the server's limit of 10 wrong tries per minute is never reached.
 */
export function isWrongTry(opts: { ratio: number; alreadyWrong: boolean }): boolean {
  return !opts.alreadyWrong && Math.random() < opts.ratio;
}
