import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/helpers/manual-clock';
import { type ChangeBatch, ChangeCoalescer } from './change-coalescer';

const QUIET_MS = 150;
const MAX_WAIT_MS = 1000;

/** A coalescer on a manual clock that keeps each batch it hands on, with the time it did. */
function setUp(isLeadingEdge: boolean) {
  const clock = new ManualClock();
  const flushes: { atMs: number; batch: ChangeBatch }[] = [];
  const coalescer = new ChangeCoalescer({
    quietMs: QUIET_MS,
    maxWaitMs: MAX_WAIT_MS,
    isLeadingEdge,
    clock,
    onFlush: (batch) => flushes.push({ atMs: clock.monotonicMs(), batch }),
  });
  return { clock, flushes, coalescer };
}

describe('ChangeCoalescer', () => {
  it('on the trailing edge, hands a burst on once it went quiet', () => {
    const { clock, flushes, coalescer } = setUp(false);
    coalescer.add('t1', 'r1');
    clock.advance(100);
    coalescer.add('t1', 'r2');
    clock.advance(QUIET_MS - 1);
    expect(flushes).toEqual([]);
    clock.advance(1);
    expect(flushes).toEqual([
      { atMs: 100 + QUIET_MS, batch: new Map([['t1', new Set(['r1', 'r2'])]]) },
    ]);
  });

  it('on the leading edge, hands the first change on at once and the burst after it together', () => {
    const { clock, flushes, coalescer } = setUp(true);
    coalescer.add('t1', 'r1');
    expect(flushes).toEqual([{ atMs: 0, batch: new Map([['t1', new Set(['r1'])]]) }]);
    // The changes that follow within the window wait for it to go quiet.
    clock.advance(50);
    coalescer.add('t1', 'r1');
    clock.advance(50);
    coalescer.add('t2', null);
    coalescer.add('t1', 'r2');
    clock.advance(QUIET_MS - 1);
    expect(flushes).toHaveLength(1);
    clock.advance(1);
    expect(flushes[1]).toEqual({
      atMs: 100 + QUIET_MS,
      batch: new Map<string, Set<string> | 'all'>([
        ['t1', new Set(['r1', 'r2'])],
        ['t2', 'all'],
      ]),
    });
    // After a quiet window the next change is at once again.
    clock.advance(QUIET_MS);
    expect(clock.pendingTimers()).toBe(0);
    coalescer.add('t1', 'r3');
    expect(flushes).toHaveLength(3);
    expect(flushes[2]?.atMs).toBe(100 + 2 * QUIET_MS);
  });

  it('on the leading edge, hands a steady stream of changes on once per maximum wait', () => {
    const { clock, flushes, coalescer } = setUp(true);
    // A change every 100 ms for 3 s: never quiet for 150 ms.
    for (let elapsedMs = 0; elapsedMs < 3000; elapsedMs += 100) {
      coalescer.add('t1', 'r1');
      clock.advance(100);
    }
    clock.advance(QUIET_MS);
    expect(flushes.map((flush) => flush.atMs)).toEqual([0, 1000, 2000, 3000]);
  });

  it('hands on what it holds when flushed, and drops it when stopped', () => {
    const { clock, flushes, coalescer } = setUp(true);
    coalescer.add('t1', 'r1');
    coalescer.add('t1', 'r2');
    coalescer.flush();
    expect(flushes.map((flush) => flush.batch)).toEqual([
      new Map([['t1', new Set(['r1'])]]),
      new Map([['t1', new Set(['r2'])]]),
    ]);
    expect(clock.pendingTimers()).toBe(0);
    coalescer.add('t1', 'r3');
    coalescer.add('t1', 'r4');
    coalescer.stop();
    clock.advance(MAX_WAIT_MS);
    expect(flushes).toHaveLength(3);
  });
});
