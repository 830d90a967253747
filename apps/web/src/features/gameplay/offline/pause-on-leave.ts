import { pauseGame } from '../../../api/games';
import { defaultQueueStore } from './page-queue';
import { pauseItem, type QueueStore } from './queue-store';
import { isOffline } from './send-queued';
import { markWaitingAnswers } from './waiting-flag';

/**
 * `POST …/pause` (Stop, or the team leaving the screen); when it finds no connection and the
 * phone says it is offline, the pause waits in the offline queue and is sent once it is back.
 */
export async function pauseOrQueue(
  slug: string,
  gameId: string,
  opts: { keepalive?: boolean; store?: QueueStore } = {},
): Promise<void> {
  try {
    await pauseGame(slug, gameId, { keepalive: opts.keepalive });
  } catch (error) {
    if (!isOffline(error)) throw error;
    await (opts.store ?? defaultQueueStore()).put(pauseItem(slug, gameId));
  }
}

/**
 * Saves the game as paused while the page goes away (doc 2 §4, decision 0056). The keep-alive
 * request outlives the page; when the service worker controls the page it sends the pause on
 * itself, and queues it without a connection (`sw/pause-on-leave.ts`), since this page may be
 * gone before any answer. The mark that something waits is set now, for the same reason.
 */
export function pauseOnLeave(slug: string, gameId: string, store?: QueueStore): void {
  if (navigator.onLine === false) markWaitingAnswers(true);
  pauseOrQueue(slug, gameId, { keepalive: true, store }).catch(() => undefined);
}
