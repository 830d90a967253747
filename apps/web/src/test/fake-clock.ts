// Test support for the app's own timers (a redirect after 3 s, a notice that goes after 3 s): a
// fake clock that moves only when the test says so, however slow the machine is.
import { notifyManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { ASYNC_UTIL_TIMEOUT_MS } from './wait-limits';

/** The real `setTimeout`, taken before any test fakes it. */
const realSetTimeout = globalThis.setTimeout;

/** The pause between two looks of `waitUntil`, in real milliseconds. */
const POLL_MS = 10;

/** How many times `waitUntil` looks before it gives up: at least as long as `findBy…` looks. */
const MAX_LOOKS = ASYNC_UTIL_TIMEOUT_MS / POLL_MS;

/**
 * Fakes `setTimeout` and `clearTimeout` on a clock that stands still until `advanceClock`, so a
 * "not yet at 2.9 s" assertion cannot be spoilt by a busy machine. React Query's zero-delay
 * notifications keep the real clock, so queries and mutations still settle meanwhile.
 */
export function useFakeClock(): void {
  notifyManager.setScheduler((callback) => {
    realSetTimeout(callback, 0);
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Moves the fake clock by `ms`, running the timers that fall due inside React's `act`. */
export async function advanceClock(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * Waits until `assertion` passes, looking again after each short real pause taken inside React's
 * `act` (so what the screen shows has had its effects run); the fake clock does not move. Stands
 * in for `findBy…` and `waitFor`, whose wrapper waits on the (faked) `setTimeout`.
 */
export async function waitUntil<T>(assertion: () => T): Promise<T> {
  for (let look = 1; ; look++) {
    try {
      return assertion();
    } catch (error) {
      if (look >= MAX_LOOKS) throw error;
    }
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, POLL_MS)));
  }
}
