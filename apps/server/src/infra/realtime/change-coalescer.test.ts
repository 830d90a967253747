import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/helpers/manual-clock';
import { type ChangeBatch, ChangeCoalescer } from './change-coalescer';

const INTERVAL_MS = 200;

/**
 * A coalescer on a manual clock that keeps each batch it hands on, with the time it did, and
 * when the batch's oldest change came (`sinces`); `interval.ms` may be changed.
 */
function setUp() {
  const clock = new ManualClock();
  const interval = { ms: INTERVAL_MS };
  const flushes: { atMs: number; batch: ChangeBatch }[] = [];
  const sinces: number[] = [];
  const coalescer = new ChangeCoalescer({
    intervalMs: () => interval.ms,
    clock,
    onFlush: (batch, sinceMs) => {
      flushes.push({ atMs: clock.monotonicMs(), batch });
      sinces.push(sinceMs);
    },
  });
  return { clock, interval, flushes, sinces, coalescer };
}

describe('ChangeCoalescer', () => {
  it('hands the first change on at once and the changes within the interval after it together', () => {
    const { clock, flushes, coalescer } = setUp();
    coalescer.add('t1', 'r1');
    expect(flushes).toEqual([{ atMs: 0, batch: new Map([['t1', new Set(['r1'])]]) }]);
    // The changes that follow within the interval wait for its end.
    clock.advance(50);
    coalescer.add('t1', 'r1');
    clock.advance(50);
    coalescer.add('t2', null);
    coalescer.add('t1', 'r2');
    clock.advance(INTERVAL_MS - 101);
    expect(flushes).toHaveLength(1);
    clock.advance(1);
    expect(flushes[1]).toEqual({
      atMs: INTERVAL_MS,
      batch: new Map<string, Set<string> | 'all'>([
        ['t1', new Set(['r1', 'r2'])],
        ['t2', 'all'],
      ]),
    });
    // After a quiet interval the next change is handed on at once again.
    clock.advance(INTERVAL_MS);
    expect(clock.pendingTimers()).toBe(0);
    coalescer.add('t1', 'r3');
    expect(flushes).toHaveLength(3);
    expect(flushes[2]?.atMs).toBe(2 * INTERVAL_MS);
  });

  it('hands a steady stream of changes on once per interval, none waiting longer', () => {
    const { clock, flushes, sinces, coalescer } = setUp();
    // A change every 30 ms for 3 s.
    for (let elapsedMs = 0; elapsedMs < 3000; elapsedMs += 30) {
      coalescer.add('t1', 'r1');
      clock.advance(30);
    }
    clock.advance(INTERVAL_MS);
    const times = flushes.map((flush) => flush.atMs);
    // The last change came at 2,970 ms.
    expect(times).toEqual(Array.from({ length: 16 }, (_, i) => i * INTERVAL_MS));
    // The oldest change of each batch waited at most the interval.
    expect(times.every((at, i) => at - (sinces[i] ?? 0) <= INTERVAL_MS)).toBe(true);
  });

  it('reads the interval anew: a longer one spaces the batches further apart', () => {
    const { clock, interval, flushes, coalescer } = setUp();
    coalescer.add('t1', 'r1');
    interval.ms = 500;
    clock.advance(10);
    coalescer.add('t1', 'r2');
    clock.advance(INTERVAL_MS);
    expect(flushes).toHaveLength(1);
    clock.advance(500 - INTERVAL_MS - 10);
    expect(flushes.map((flush) => flush.atMs)).toEqual([0, 500]);
  });

  it("tells when each batch's oldest change came (the push latency starts there)", () => {
    const { clock, flushes, sinces, coalescer } = setUp();
    clock.advance(10);
    coalescer.add('t1', 'r1');
    clock.advance(40);
    coalescer.add('t1', 'r2');
    clock.advance(60);
    coalescer.add('t1', 'r3');
    clock.advance(INTERVAL_MS);
    expect(flushes.map((flush) => flush.atMs)).toEqual([10, 10 + INTERVAL_MS]);
    // The leading change at once; the interval's batch from its first change, not its last.
    expect(sinces).toEqual([10, 50]);
  });

  it('hands on what it holds when flushed, and drops it when stopped', () => {
    const { clock, flushes, coalescer } = setUp();
    coalescer.add('t1', 'r1');
    coalescer.add('t1', 'r2');
    coalescer.flush();
    expect(flushes.map((flush) => flush.batch)).toEqual([
      new Map([['t1', new Set(['r1'])]]),
      new Map([['t1', new Set(['r2'])]]),
    ]);
    expect(clock.pendingTimers()).toBe(0);
    // Within the interval after the flush: they wait, and the stop drops them.
    coalescer.add('t1', 'r3');
    coalescer.add('t1', 'r4');
    coalescer.stop();
    clock.advance(INTERVAL_MS);
    expect(flushes).toHaveLength(2);
  });
});
