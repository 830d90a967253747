import type { ReviewDecisionRequest, ReviewItem } from '@tappa/contracts';
import { useRef } from 'react';
import { ApiError, isRetryable } from '../../lib/api-client';
import { MAX_QUERY_ATTEMPTS } from '../../lib/api-error';

/** What a judge decides on the item shown, before its action id. */
export type Decision = Omit<ReviewDecisionRequest, 'action_id'>;

/** How often an empty queue asks for an item again. */
export const EMPTY_POLL_MS = 5000;

/** What a queue view offers its desk: the item shown and the moves on it. */
export interface QueueView {
  item: ReviewItem | null;
  loading: boolean;
  busy: boolean;
  /** The last refusal or failure, shown until the next move. */
  problem: unknown;
  canBack: boolean;
  canUndo: boolean;
  decide: (decision: Decision) => void;
  forward: () => void;
  back: () => void;
  undo: () => void;
}

/** Whether `error` is one of the server's refusals of `codes`. */
export function isRefusal(error: unknown, codes: readonly string[]): boolean {
  return error instanceof ApiError && codes.includes(error.code);
}

/** Refusals after which the queue moves on: another judge holds the item, or it was decided. */
export const MOVE_ON_CODES = ['review_claimed', 'review_decided'] as const;

/** Starts loading an item's photo, so that it shows at once when the item does. */
export function preloadPhoto(item: ReviewItem | null): void {
  if (!item?.photo_url) return;
  const image = new Image();
  image.src = item.photo_url;
}

/**
 * Sends staff writes that carry an `action_id`: a fresh id per action, the same one again when
 * the same action is sent after a network failure (retried here at once, then by the judge), so
 * the server applies it once.
 */
export function useActionSender() {
  const held = useRef<{ key: string; id: string } | null>(null);
  return async function send<T>(key: string, call: (actionId: string) => Promise<T>): Promise<T> {
    if (held.current?.key !== key) held.current = { key, id: crypto.randomUUID() };
    const { id } = held.current;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await call(id);
        held.current = null;
        return answer;
      } catch (error) {
        if (!isRetryable(error)) held.current = null;
        if (!isRetryable(error) || attempt >= MAX_QUERY_ATTEMPTS) throw error;
      }
    }
  };
}
