import { idbQueueStore, memoryQueueStore, type QueueStore } from './queue-store';
import { markWaitingAnswers } from './waiting-flag';

/** `store`, keeping the mark of `hasWaitingAnswers` up to date. */
function markingWaiting(store: QueueStore): QueueStore {
  return {
    ...store,
    put: async (item) => {
      await store.put(item);
      markWaitingAnswers(true);
    },
    remove: async (id) => {
      await store.remove(id);
      if ((await store.size()) === 0) markWaitingAnswers(false);
    },
  };
}

let shared: QueueStore | null = null;
/**
 * The page's queue: IndexedDB where the browser has it, else memory. (The service worker writes
 * to the same IndexedDB store, without the mark, which lives in the page's `localStorage`.)
 */
export function defaultQueueStore(): QueueStore {
  shared ??= markingWaiting(
    typeof indexedDB === 'undefined' ? memoryQueueStore() : idbQueueStore(),
  );
  return shared;
}
