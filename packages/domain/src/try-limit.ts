/** Wrong tries a team may make at one step in a minute, so answers cannot be guessed by force. */
export const WRONG_TRIES_PER_MINUTE = 10;

const REFILL_PER_MS = WRONG_TRIES_PER_MINUTE / 60_000;

/**
 * The wrong tries a step has left: a bucket of `WRONG_TRIES_PER_MINUTE` that a wrong try empties
 * by one and that refills at that many a minute. Null when never used (full).
 */
export interface TryBucket {
  tokens: number;
  atMs: number;
}

/** The bucket at `nowMs`, refilled since it was last written (never beyond full). */
function refilled(bucket: TryBucket | null, nowMs: number): TryBucket {
  if (!bucket) return { tokens: WRONG_TRIES_PER_MINUTE, atMs: nowMs };
  const elapsedMs = Math.max(0, nowMs - bucket.atMs);
  const tokens = Math.min(WRONG_TRIES_PER_MINUTE, bucket.tokens + elapsedMs * REFILL_PER_MS);
  return { tokens, atMs: nowMs };
}

/** Whether a try may be judged at `nowMs`: a wrong try must still be affordable. */
export function mayTry(bucket: TryBucket | null, nowMs: number): boolean {
  return refilled(bucket, nowMs).tokens >= 1;
}

/** The bucket after a wrong try at `nowMs`. */
export function afterWrongTry(bucket: TryBucket | null, nowMs: number): TryBucket {
  const now = refilled(bucket, nowMs);
  return { tokens: now.tokens - 1, atMs: nowMs };
}
