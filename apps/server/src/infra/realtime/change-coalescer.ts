import type { Clock, Timer } from '../clock';

/**
 * Changed keys per group (a tenant, say): some items of the group (its routes), or 'all' of it.
 */
export type ChangeBatch = Map<string, Set<string> | 'all'>;

/**
 * Collects change signals and hands them on in one batch once no new signal came
 * for `quietMs`, and at the latest `maxWaitMs` after the first one: a burst of submissions
 * becomes one batch, a steady stream one batch per `maxWaitMs`. With `quietMs === maxWaitMs` it
 * is a fixed window opened by the first signal. With `isLeadingEdge`, the first signal after a
 * quiet period is handed on at once and opens the window; only the signals that follow within
 * it wait (a lone change is not delayed, a burst costs two batches). Time and timers come from
 * `clock`.
 */
export class ChangeCoalescer {
  private batch: ChangeBatch = new Map();
  /** When the oldest change of `batch` was recorded (monotonic). */
  private batchSinceMs = 0;
  private timer: Timer | null = null;
  private firstAtMs = 0;

  constructor(
    private readonly opts: {
      quietMs: number;
      maxWaitMs: number;
      isLeadingEdge?: boolean;
      clock: Clock;
      /** Gets the batch and when its oldest change was recorded (`clock.monotonicMs()`). */
      onFlush: (batch: ChangeBatch, sinceMs: number) => void;
    },
  ) {}

  /** Records a change of `item` of the group (null: all of the group). */
  add(group: string, item: string | null): void {
    const { clock } = this.opts;
    const nowMs = clock.monotonicMs();
    if (this.batch.size === 0) this.batchSinceMs = nowMs;
    const current = this.batch.get(group);
    if (item === null) this.batch.set(group, 'all');
    else if (current === undefined) this.batch.set(group, new Set([item]));
    else if (current !== 'all') current.add(item);

    if (!this.timer && this.opts.isLeadingEdge) {
      this.openWindow(nowMs);
      this.handOn();
      return;
    }
    if (this.timer) clock.clearTimeout(this.timer);
    else this.firstAtMs = nowMs;
    this.schedule(
      Math.max(0, Math.min(this.opts.quietMs, this.firstAtMs + this.opts.maxWaitMs - nowMs)),
    );
  }

  /** Hands the collected changes on now (if any). */
  flush(): void {
    if (this.timer) this.opts.clock.clearTimeout(this.timer);
    this.timer = null;
    this.handOn();
  }

  /** Drops the collected changes and the timer. */
  stop(): void {
    if (this.timer) this.opts.clock.clearTimeout(this.timer);
    this.timer = null;
    this.batch = new Map();
  }

  /** The window ended: its changes go on, and on the leading edge they open the next window. */
  private onWindowEnd(): void {
    this.timer = null;
    if (this.opts.isLeadingEdge && this.batch.size > 0)
      this.openWindow(this.opts.clock.monotonicMs());
    this.handOn();
  }

  /** Signals from now on wait (leading edge: so that a steady stream is one batch per window). */
  private openWindow(nowMs: number): void {
    this.firstAtMs = nowMs;
    this.schedule(this.opts.quietMs);
  }

  private schedule(delayMs: number): void {
    this.timer = this.opts.clock.setTimeout(() => this.onWindowEnd(), delayMs);
    this.timer.unref();
  }

  private handOn(): void {
    const batch = this.batch;
    this.batch = new Map();
    if (batch.size > 0) this.opts.onFlush(batch, this.batchSinceMs);
  }
}
