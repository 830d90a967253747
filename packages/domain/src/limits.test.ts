import { describe, expect, it } from 'vitest';
import {
  afterFailedSignIn,
  bucketFullAtMs,
  bucketWaitMs,
  MAX_SIGN_IN_WAIT_MS,
  returnToken,
  type SignInFailures,
  signInWaitMs,
  type TokenBucket,
  takeToken,
  WRONG_TRIES,
} from './limits';

describe('the token bucket', () => {
  it('allows ten wrong tries at once, then one every six seconds', () => {
    let bucket: TokenBucket | null = null;
    for (let i = 0; i < WRONG_TRIES.capacity; i += 1) {
      expect(bucketWaitMs(bucket, WRONG_TRIES, 0)).toBe(0);
      bucket = takeToken(bucket, WRONG_TRIES, 0);
    }
    expect(bucketWaitMs(bucket, WRONG_TRIES, 0)).toBe(6_000);
    expect(bucketWaitMs(bucket, WRONG_TRIES, 5_999)).toBe(1);
    expect(bucketWaitMs(bucket, WRONG_TRIES, 6_000)).toBe(0);
    bucket = takeToken(bucket, WRONG_TRIES, 6_000);
    expect(bucketWaitMs(bucket, WRONG_TRIES, 6_000)).toBe(6_000);
  });

  it('refills to full at most, and never from a clock that went back', () => {
    const spent: TokenBucket = { tokens: 0, atMs: 60_000 };
    expect(bucketWaitMs(spent, WRONG_TRIES, 0)).toBeGreaterThan(0);
    let bucket = takeToken(spent, WRONG_TRIES, 60_000 + 10 * 60_000);
    expect(bucket.tokens).toBe(WRONG_TRIES.capacity - 1);
    for (let i = 0; i < WRONG_TRIES.capacity - 1; i += 1) {
      bucket = takeToken(bucket, WRONG_TRIES, 660_000);
    }
    expect(bucketWaitMs(bucket, WRONG_TRIES, 660_000)).toBeGreaterThan(0);
  });

  it('takes a token back, never beyond full, and says when it is full again', () => {
    const once = takeToken(null, WRONG_TRIES, 0);
    expect(bucketFullAtMs(once, WRONG_TRIES)).toBe(6_000);
    expect(returnToken(once, WRONG_TRIES, 0).tokens).toBe(WRONG_TRIES.capacity);
    expect(returnToken(null, WRONG_TRIES, 0).tokens).toBe(WRONG_TRIES.capacity);
  });
});

describe('the failed sign-in backoff', () => {
  const failures = (count: number, lastMs = 0): SignInFailures => ({ failures: count, lastMs });

  it('costs nothing for five failures, then waits 1 s doubling up to 15 minutes', () => {
    expect(signInWaitMs(null, 0)).toBe(0);
    expect(signInWaitMs(failures(4), 0)).toBe(0);
    expect(signInWaitMs(failures(5), 0)).toBe(1_000);
    expect(signInWaitMs(failures(6), 0)).toBe(2_000);
    expect(signInWaitMs(failures(6), 1_500)).toBe(500);
    expect(signInWaitMs(failures(14), 0)).toBe(512_000);
    expect(signInWaitMs(failures(15), 0)).toBe(MAX_SIGN_IN_WAIT_MS);
    expect(signInWaitMs(failures(500), 0)).toBe(MAX_SIGN_IN_WAIT_MS);
    expect(signInWaitMs(failures(500), MAX_SIGN_IN_WAIT_MS)).toBe(0);
  });

  it('counts failures and forgets them after a day without one', () => {
    let record: SignInFailures | null = null;
    for (let i = 0; i < 7; i += 1) record = afterFailedSignIn(record, i);
    expect(record).toEqual({ failures: 7, lastMs: 6 });
    const dayMs = 24 * 60 * 60 * 1000;
    expect(signInWaitMs(record, 6 + dayMs)).toBe(0);
    expect(afterFailedSignIn(record, 6 + dayMs)).toEqual({ failures: 1, lastMs: 6 + dayMs });
  });
});
