import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/helpers/manual-clock';
import { type ChangeBatch, ChangeCoalescer } from './change-coalescer';

const QUIET_MS = 150;
const MAX_WAIT_MS = 1000;

/**
 * A coalescer on a manual clock that keeps each batch it hands on, with the time it did, and
 * when the batch's oldest change came (`sinces`).
 */
function setUp(isLeadingEdge: boolean) {
  const clock = new ManualClock();
  const flushes: { atMs: number; batch: ChangeBatch }[] = [];
  const sinces: number[] = [];
  const coalescer = new ChangeCoalescer({
    quietMs: QUIET_MS,
    maxWaitMs: MAX_WAIT_MS,
    isLeadingEdge,
    clock,
    onFlush: (batch, sinceMs) => {
      flushes.push({ atMs: clock.monotonicMs(), batch });
      sinces.push(sinceMs);
    },
  });
  return { clock, flushes, sinces, coalescer };
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

  it("tells when each batch's oldest change came (the push latency starts there)", () => {
    const { clock, flushes, sinces, coalescer } = setUp(true);
    clock.advance(10);
    coalescer.add('t1', 'r1');
    clock.advance(40);
    coalescer.add('t1', 'r2');
    clock.advance(60);
    coalescer.add('t1', 'r3');
    clock.advance(QUIET_MS);
    expect(flushes.map((flush) => flush.atMs)).toEqual([10, 110 + QUIET_MS]);
    // The leading change at once; the window's batch from its first change, not its last.
    expect(sinces).toEqual([10, 50]);
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
