import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/helpers/manual-clock';
import { WindowCounter } from './rate-limit';

describe('WindowCounter (the sign-in lockout and the other per-key limits)', () => {
  const HOUR_MS = 60 * 60 * 1000;

  it('limits a key at its maximum within the window, and frees it as events age out', () => {
    const clock = new ManualClock();
    const counter = new WindowCounter({ windowMs: HOUR_MS, max: 3, clock });
    for (let i = 0; i < 3; i += 1) {
      expect(counter.isLimited('a@example.org')).toBe(false);
      counter.hit('a@example.org');
      clock.advance(10 * 60 * 1000);
    }
    expect(counter.isLimited('a@example.org')).toBe(true);
    expect(counter.isLimited('b@example.org')).toBe(false);
    // The first failure (30 minutes ago) leaves the window 30 minutes later, the rest after it.
    clock.advance(30 * 60 * 1000);
    expect(counter.isLimited('a@example.org')).toBe(false);
    counter.hit('a@example.org');
    expect(counter.isLimited('a@example.org')).toBe(true);
  });

  it('forgets a key after a success', () => {
    const clock = new ManualClock();
    const counter = new WindowCounter({ windowMs: HOUR_MS, max: 2, clock });
    counter.hit('a@example.org');
    counter.hit('a@example.org');
    expect(counter.isLimited('a@example.org')).toBe(true);
    counter.reset('a@example.org');
    expect(counter.isLimited('a@example.org')).toBe(false);
  });
});
