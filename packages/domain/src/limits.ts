/**
 * The platform's limits as rules (docs/security.md): a token bucket for rates, an exponential
 * backoff for failed sign-ins. Pure: the server keeps their state in the database, so every
 * instance shares it.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A rate: `capacity` events at once, refilled evenly over `perMs`. */
export interface BucketRule {
  capacity: number;
  perMs: number;
}

/** A bucket's tokens at `atMs`. Null stands for a full bucket (never used, or long refilled). */
export interface TokenBucket {
  tokens: number;
  atMs: number;
}

/** Wrong tries a team may make at one step: ten at once, then one every six seconds. */
export const WRONG_TRIES: BucketRule = { capacity: 10, perMs: MINUTE_MS };

/** Failed sign-ins from one address, whatever the account: bounds guessing across accounts. */
export const FAILED_SIGN_INS_PER_ADDRESS: BucketRule = { capacity: 50, perMs: HOUR_MS };

/** Reset and verification mails per e-mail address: nobody floods someone's mailbox through us. */
export const MAILS_PER_RECIPIENT: BucketRule = { capacity: 5, perMs: HOUR_MS };

/** The bucket at `nowMs`, refilled since it was last written (never beyond full). */
function refilled(bucket: TokenBucket | null, rule: BucketRule, nowMs: number): TokenBucket {
  if (!bucket) return { tokens: rule.capacity, atMs: nowMs };
  const elapsedMs = Math.max(0, nowMs - bucket.atMs);
  const tokens = Math.min(rule.capacity, bucket.tokens + (elapsedMs * rule.capacity) / rule.perMs);
  return { tokens, atMs: nowMs };
}

/** Milliseconds until the bucket holds one token at `nowMs` (0: an event may happen now). */
export function bucketWaitMs(bucket: TokenBucket | null, rule: BucketRule, nowMs: number): number {
  const missing = 1 - refilled(bucket, rule, nowMs).tokens;
  return missing <= 0 ? 0 : Math.ceil((missing * rule.perMs) / rule.capacity);
}

/** Seconds to tell a client to wait, from milliseconds (at least 1). */
export const retryAfterS = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 1000));

/** The bucket after one event at `nowMs` (the caller checked `bucketWaitMs` first). */
export function takeToken(
  bucket: TokenBucket | null,
  rule: BucketRule,
  nowMs: number,
): TokenBucket {
  const now = refilled(bucket, rule, nowMs);
  return { tokens: now.tokens - 1, atMs: nowMs };
}

/** The bucket given one event back at `nowMs` (an attempt that turned out fine). */
export function returnToken(
  bucket: TokenBucket | null,
  rule: BucketRule,
  nowMs: number,
): TokenBucket {
  const now = refilled(bucket, rule, nowMs);
  return { tokens: Math.min(rule.capacity, now.tokens + 1), atMs: nowMs };
}

/** When the bucket is full again: from then on it may be forgotten. */
export function bucketFullAtMs(bucket: TokenBucket, rule: BucketRule): number {
  return bucket.atMs + Math.ceil(((rule.capacity - bucket.tokens) * rule.perMs) / rule.capacity);
}

/** Failed sign-ins of one account from one address that cost no wait. */
export const FREE_FAILED_SIGN_INS = 5;
/** The longest wait between two sign-ins of one account from one address. */
export const MAX_SIGN_IN_WAIT_MS = 15 * MINUTE_MS;
/** A day without failure forgets an account's failures from an address. */
export const FAILED_SIGN_INS_FORGOTTEN_MS = 24 * HOUR_MS;

/** Failed sign-ins of one account from one address, and when the last one was. */
export interface SignInFailures {
  failures: number;
  lastMs: number;
}

/**
 * Milliseconds the account must wait at `nowMs` before another sign-in from that address: none
 * for the first `FREE_FAILED_SIGN_INS` failures, then 1 s doubling with each failure up to
 * `MAX_SIGN_IN_WAIT_MS`. The owner elsewhere never waits for an attacker's failures.
 */
export function signInWaitMs(record: SignInFailures | null, nowMs: number): number {
  if (!record || record.failures < FREE_FAILED_SIGN_INS) return 0;
  if (nowMs - record.lastMs >= FAILED_SIGN_INS_FORGOTTEN_MS) return 0;
  const exponent = Math.min(record.failures - FREE_FAILED_SIGN_INS, 20);
  const waitMs = Math.min(1000 * 2 ** exponent, MAX_SIGN_IN_WAIT_MS);
  return Math.max(0, record.lastMs + waitMs - nowMs);
}

/** The failures after one more at `nowMs` (a day without failure starts again from none). */
export function afterFailedSignIn(record: SignInFailures | null, nowMs: number): SignInFailures {
  const forgotten = !record || nowMs - record.lastMs >= FAILED_SIGN_INS_FORGOTTEN_MS;
  return { failures: (forgotten ? 0 : record.failures) + 1, lastMs: nowMs };
}
