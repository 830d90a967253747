import type { Clock, Timer } from '../../src/infra/clock';

interface Pending {
  id: number;
  atMs: number;
  callback: () => void;
  /** Repeats every this many ms (an interval), or null (a timeout). */
  everyMs: number | null;
}

/**
 * A clock that moves only when a test moves it: `advance` runs the timers that fall due, in
 * order, at their own times. Timers are due on business time.
 */
export class ManualClock implements Clock {
  private nowMsValue: number;
  private elapsedMs = 0;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(startMs = Date.UTC(2026, 4, 16, 10, 0, 0)) {
    this.nowMsValue = startMs;
  }

  nowMs(): number {
    return this.nowMsValue;
  }

  now(): Date {
    return new Date(this.nowMsValue);
  }

  monotonicMs(): number {
    return this.elapsedMs;
  }

  setTimeout(callback: () => void, delayMs: number): Timer {
    return this.schedule(callback, delayMs, null);
  }

  setInterval(callback: () => void, intervalMs: number): Timer {
    return this.schedule(callback, intervalMs, Math.max(1, intervalMs));
  }

  clearTimeout(timer: Timer): void {
    this.pending.delete((timer as ManualTimer).id);
  }

  clearInterval(timer: Timer): void {
    this.clearTimeout(timer);
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void {
    const targetMs = this.nowMsValue + ms;
    for (;;) {
      const due = [...this.pending.values()]
        .filter((timer) => timer.atMs <= targetMs)
        .sort((a, b) => a.atMs - b.atMs || a.id - b.id)[0];
      if (!due) break;
      this.moveTo(Math.max(this.nowMsValue, due.atMs));
      if (due.everyMs === null) this.pending.delete(due.id);
      else due.atMs += due.everyMs;
      due.callback();
    }
    this.moveTo(targetMs);
  }

  /**
   * Sets business time to `date`, also backwards (timers are not run: use `advance` for that);
   * the monotonic reading only ever moves forward.
   */
  set(date: Date | number): void {
    this.moveTo(typeof date === 'number' ? date : date.getTime());
  }

  /** How many timers are waiting. */
  pendingTimers(): number {
    return this.pending.size;
  }

  private moveTo(ms: number): void {
    this.elapsedMs += Math.max(0, ms - this.nowMsValue);
    this.nowMsValue = ms;
  }

  private schedule(callback: () => void, delayMs: number, everyMs: number | null): ManualTimer {
    const id = this.nextId++;
    this.pending.set(id, { id, atMs: this.nowMsValue + Math.max(0, delayMs), callback, everyMs });
    return new ManualTimer(id);
  }
}

class ManualTimer implements Timer {
  constructor(readonly id: number) {}

  unref(): void {
    // Nothing keeps the process alive: the timer runs only when a test advances the clock.
  }
}
