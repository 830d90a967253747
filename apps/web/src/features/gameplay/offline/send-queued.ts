import type { SubmitResult } from '@tappa/contracts';
import { ApiError } from '../../../lib/api-client';
import type { QueuedItem, QueueStore } from './queue-store';

/** What became of a queued item the server answered. */
export type QueuedOutcome =
  /** Stored by the server: a try's or skip's result (null for a photo). */
  | { item: QueuedItem; result: SubmitResult | null; error: null }
  /** Refused for good (e.g. the game is over): removed, never sent again. */
  | { item: QueuedItem; result: null; error: ApiError };

/** How a round of sending ended: all sent, no connection, or the server asked to wait. */
export type SendRound =
  { status: 'done' } | { status: 'offline' } | { status: 'later'; retryAfterMs: number | null };

/**
 * Whether a failed call is to be queued: the network failed and the phone says it is offline. A
 * failure while it says it is online keeps the screen's Retry (same submission id) instead.
 */
export const isOffline = (error: unknown) =>
  error instanceof ApiError && error.code === 'network' && navigator.onLine === false;

/** Whether a failure may pass by itself: no connection, server busy or failing, too many tries. */
function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'network' || error.status === 429 || error.status >= 500;
}

/**
 * Sends the queued items that `belongs` picks, one at a time in their order, each removed once
 * the server has answered it. Stops at the first failure that may pass (the rest stay queued,
 * in order); an item the server refuses for good is removed and reported. A resend is safe: a
 * try or skip carries its submission id, a photo replaces the step's photo, and a pause of a
 * game no longer active is refused (decision 0056).
 */
export async function sendQueued(opts: {
  store: QueueStore;
  belongs: (item: QueuedItem) => boolean;
  send: (item: QueuedItem) => Promise<SubmitResult | null>;
  onOutcome: (outcome: QueuedOutcome) => void;
}): Promise<SendRound> {
  const items = (await opts.store.list()).filter(opts.belongs);
  for (const item of items) {
    // Removed since the round began: a pause whose game screen was opened again meanwhile.
    if (!(await opts.store.has(item.id))) continue;
    try {
      const result = await opts.send(item);
      await opts.store.remove(item.id);
      opts.onOutcome({ item, result, error: null });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'network') return { status: 'offline' };
      if (isPassing(error)) return { status: 'later', retryAfterMs: retryAfterMs(error) };
      await opts.store.remove(item.id);
      opts.onOutcome({ item, result: null, error: error as ApiError });
    }
  }
  return { status: 'done' };
}

/** The server's `retry_after_s` (503, 429) in milliseconds, if it gave one. */
function retryAfterMs(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const seconds = error.params.retry_after_s;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : null;
}

/** Waits between rounds that found no connection: 2 s, doubling, at most a minute. */
export function backoffMs(failedRounds: number): number {
  return Math.min(2000 * 2 ** Math.max(failedRounds - 1, 0), 60_000);
}
