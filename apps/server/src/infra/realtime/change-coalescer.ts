import type { Clock, Timer } from '../clock';

/**
 * Changed keys per group (a tenant, say): some items of the group (its routes), or 'all' of it.
 */
export type ChangeBatch = Map<string, Set<string> | 'all'>;

/**
 * Collects change signals and hands them on in batches, at most one per interval (decision
 * 0081): the first signal after a quiet interval is handed on at once; the signals that follow
 * it wait together for the interval to end. A lone change is never delayed, a steady stream
 * costs one batch per interval, and no change waits longer than one. `intervalMs` is read at
 * each hand-on (a hub stretches it when its pushes grow costly). Time and timers come from
 * `clock`.
 */
export class ChangeCoalescer {
  private batch: ChangeBatch = new Map();
  /** When the oldest change of `batch` was recorded (monotonic). */
  private batchSinceMs = 0;
  private timer: Timer | null = null;
  /** When the last batch was handed on (monotonic; -Infinity: never). */
  private handedOnMs = -Infinity;

  constructor(
    private readonly opts: {
      intervalMs: () => number;
      clock: Clock;
      /** Gets the batch and when its oldest change was recorded (`clock.monotonicMs()`). */
      onFlush: (batch: ChangeBatch, sinceMs: number) => void;
    },
  ) {}

  /** Records a change of `item` of the group (null: all of the group). */
  add(group: string, item: string | null): void {
    const nowMs = this.opts.clock.monotonicMs();
    if (this.batch.size === 0) this.batchSinceMs = nowMs;
    const current = this.batch.get(group);
    if (item === null) this.batch.set(group, 'all');
    else if (current === undefined) this.batch.set(group, new Set([item]));
    else if (current !== 'all') current.add(item);

    // Already waiting for the interval to end: this change goes with the others.
    if (this.timer) return;
    const dueMs = this.handedOnMs + this.opts.intervalMs();
    if (nowMs >= dueMs) {
      this.handOn(nowMs);
      return;
    }
    this.timer = this.opts.clock.setTimeout(() => {
      this.timer = null;
      this.handOn(this.opts.clock.monotonicMs());
    }, dueMs - nowMs);
    this.timer.unref();
  }

  /** Hands the collected changes on now (if any). */
  flush(): void {
    if (this.timer) this.opts.clock.clearTimeout(this.timer);
    this.timer = null;
    this.handOn(this.opts.clock.monotonicMs());
  }

  /** Drops the collected changes and the timer. */
  stop(): void {
    if (this.timer) this.opts.clock.clearTimeout(this.timer);
    this.timer = null;
    this.batch = new Map();
  }

  private handOn(nowMs: number): void {
    const batch = this.batch;
    this.batch = new Map();
    if (batch.size === 0) return;
    this.handedOnMs = nowMs;
    this.opts.onFlush(batch, this.batchSinceMs);
  }
}
