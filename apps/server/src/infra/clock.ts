/** A timer handle of `Clock.setTimeout` / `setInterval`. */
export interface Timer {
  /** Lets the process exit while the timer is pending (Node's `unref`). */
  unref(): void;
}

/**
 * The server's one clock (ARCHITECTURE §2): business time (games, expiry, tokens, "today"),
 * durations and timers all come from here, so tests move time instead of waiting for it. Only
 * this file reads the system's clocks (lint).
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  nowMs(): number;
  /** The current time as a Date. */
  now(): Date;
  /** A monotonic reading in milliseconds, for durations and ages (never goes back). */
  monotonicMs(): number;
  setTimeout(callback: () => void, delayMs: number): Timer;
  clearTimeout(timer: Timer): void;
  setInterval(callback: () => void, intervalMs: number): Timer;
  clearInterval(timer: Timer): void;
}

/** The system's clock and Node's timers. */
export const systemClock: Clock = {
  nowMs: () => Date.now(),
  now: () => new Date(),
  monotonicMs: () => performance.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
  setInterval: (callback, intervalMs) => setInterval(callback, intervalMs),
  clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout),
};
