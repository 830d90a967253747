import { defaultQueueStore } from './page-queue';
import { sendItem } from './send-item';
import { sendQueued } from './send-queued';
import { markWaitingAnswers } from './waiting-flag';

let sending: Promise<unknown> | null = null;

/**
 * Sends the answers waiting in the queue, of every game, in their order, from a page other than
 * the game screen (decision 0037): what the server refuses for good is dropped, what fails for
 * now waits for the next page or the next time the phone is back online.
 */
export function sendWaiting(): Promise<unknown> {
  const store = defaultQueueStore();
  sending ??= sendQueued({ store, belongs: () => true, send: sendItem, onOutcome: () => undefined })
    .then(async () => {
      // A leave without a connection sets the mark before its pause is queued (decision 0056);
      // when the page went away before anything was, nothing waits and the mark goes.
      if ((await store.size()) === 0) markWaitingAnswers(false);
    })
    .finally(() => {
      sending = null;
    });
  return sending;
}
