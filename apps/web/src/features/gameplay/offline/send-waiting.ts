import { defaultQueueStore } from './queue-store';
import { sendItem } from './send-item';
import { sendQueued } from './send-queued';

let sending: Promise<unknown> | null = null;

/**
 * Sends the answers waiting in the queue, of every game, in their order, from a page other than
 * the game screen (decision 0037): what the server refuses for good is dropped, what fails for
 * now waits for the next page or the next time the phone is back online.
 */
export function sendWaiting(): Promise<unknown> {
  sending ??= sendQueued({
    store: defaultQueueStore(),
    belongs: () => true,
    send: sendItem,
    onOutcome: () => undefined,
  }).finally(() => {
    sending = null;
  });
  return sending;
}
