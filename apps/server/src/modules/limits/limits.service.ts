import {
  afterFailedSignIn,
  type BucketRule,
  bucketFullAtMs,
  bucketWaitMs,
  FAILED_SIGN_INS_FORGOTTEN_MS,
  FAILED_SIGN_INS_PER_ADDRESS,
  returnToken,
  signInWaitMs,
  type TokenBucket,
  takeToken,
} from '@tappa/domain';
import type { Db } from '../../db/db';
import {
  type Counter,
  deleteCounter,
  lockCounter,
  saveCounter,
  sweepExpiredCounters,
} from './limits.repository';

const bucketOf = (counter: Counter | null): TokenBucket | null =>
  counter && { tokens: counter.value, atMs: counter.atMs };

const bucketCounter = (bucket: TokenBucket, rule: BucketRule): Counter => ({
  value: bucket.tokens,
  atMs: bucket.atMs,
  expiresMs: bucketFullAtMs(bucket, rule),
});

/** Runs `work` in one transaction and sweeps a few expired counters with it. */
function withCounters<T>(db: Db, nowMs: number, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await sweepExpiredCounters(tx, nowMs);
    return result;
  });
}

/**
 * Takes one event from `key`'s bucket at `nowMs`. `waitMs` is 0 when it may happen (and is
 * counted; `tokens` are left), else how long to wait. Parallel calls on any instance take turns on
 * the key's row.
 */
export function takeFromBucket(
  db: Db,
  key: string,
  rule: BucketRule,
  nowMs: number,
): Promise<{ waitMs: number; tokens: number }> {
  return withCounters(db, nowMs, async (tx) => {
    const bucket = bucketOf(await lockCounter(tx, key, nowMs));
    const waitMs = bucketWaitMs(bucket, rule, nowMs);
    if (waitMs > 0) return { waitMs, tokens: 0 };
    const taken = takeToken(bucket, rule, nowMs);
    await saveCounter(tx, key, bucketCounter(taken, rule));
    return { waitMs, tokens: taken.tokens };
  });
}

/** Who tries to sign in: the account (normalised e-mail) and the client's address. */
export interface SignInAttempt {
  email: string;
  address: string;
}

const pairKey = ({ email, address }: SignInAttempt) => `sign-in:${address}:${email}`;
const addressKey = ({ address }: SignInAttempt) => `sign-in:${address}`;

/**
 * Admits a sign-in attempt at `nowMs` (0) or says how long to wait. An admitted attempt counts as
 * failed until `signInSucceeded` says otherwise, so parallel guesses cannot slip past the count.
 * The wait grows with the failures of this account from this address (the owner elsewhere does
 * not wait), and failures from this address are bounded whatever the account.
 */
export function admitSignIn(db: Db, attempt: SignInAttempt, nowMs: number): Promise<number> {
  return withCounters(db, nowMs, async (tx) => {
    const pair = await lockCounter(tx, pairKey(attempt), nowMs);
    const failures = pair && { failures: pair.value, lastMs: pair.atMs };
    const address = bucketOf(await lockCounter(tx, addressKey(attempt), nowMs));
    const waitMs = Math.max(
      signInWaitMs(failures, nowMs),
      bucketWaitMs(address, FAILED_SIGN_INS_PER_ADDRESS, nowMs),
    );
    if (waitMs > 0) return waitMs;
    const failed = afterFailedSignIn(failures, nowMs);
    await saveCounter(tx, pairKey(attempt), {
      value: failed.failures,
      atMs: failed.lastMs,
      expiresMs: failed.lastMs + FAILED_SIGN_INS_FORGOTTEN_MS,
    });
    const taken = takeToken(address, FAILED_SIGN_INS_PER_ADDRESS, nowMs);
    await saveCounter(tx, addressKey(attempt), bucketCounter(taken, FAILED_SIGN_INS_PER_ADDRESS));
    return 0;
  });
}

/** Undoes the admitted attempt's failure: the pair starts again, the address gets its token. */
export function signInSucceeded(db: Db, attempt: SignInAttempt, nowMs: number): Promise<void> {
  return withCounters(db, nowMs, async (tx) => {
    await deleteCounter(tx, pairKey(attempt));
    const address = bucketOf(await lockCounter(tx, addressKey(attempt), nowMs));
    const given = returnToken(address, FAILED_SIGN_INS_PER_ADDRESS, nowMs);
    await saveCounter(tx, addressKey(attempt), bucketCounter(given, FAILED_SIGN_INS_PER_ADDRESS));
  });
}
