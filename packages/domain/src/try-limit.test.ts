import { describe, expect, it } from 'vitest';
import { afterWrongTry, mayTry, type TryBucket, WRONG_TRIES_PER_MINUTE } from './try-limit';

describe('the wrong-try limit', () => {
  it('allows ten wrong tries at once, then one every six seconds', () => {
    let bucket: TryBucket | null = null;
    for (let i = 0; i < WRONG_TRIES_PER_MINUTE; i += 1) {
      expect(mayTry(bucket, 0)).toBe(true);
      bucket = afterWrongTry(bucket, 0);
    }
    expect(mayTry(bucket, 0)).toBe(false);
    expect(mayTry(bucket, 5_999)).toBe(false);
    expect(mayTry(bucket, 6_000)).toBe(true);
    bucket = afterWrongTry(bucket, 6_000);
    expect(mayTry(bucket, 6_000)).toBe(false);
  });

  it('refills to ten at most, and never from a clock that went back', () => {
    const spent: TryBucket = { tokens: 0, atMs: 60_000 };
    expect(mayTry(spent, 0)).toBe(false);
    let bucket: TryBucket | null = afterWrongTry(spent, 60_000 + 10 * 60_000);
    expect(bucket.tokens).toBe(WRONG_TRIES_PER_MINUTE - 1);
    for (let i = 0; i < WRONG_TRIES_PER_MINUTE - 1; i += 1) bucket = afterWrongTry(bucket, 660_000);
    expect(mayTry(bucket, 660_000)).toBe(false);
  });
});
