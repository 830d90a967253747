import type { SubmitAnswerRequest } from '@tappa/contracts';
import { createStore, del, entries, keys, set } from 'idb-keyval';
import { markWaitingAnswers } from './waiting-flag';

/** Where a queued item belongs: the game and the step it was made on. */
interface QueuedBase {
  /** The key: a try's submission id, or `photo:{gameId}:{stepId}` (a retake replaces it). */
  id: string;
  /** Sending order: queued earlier, sent earlier. */
  seq: number;
  slug: string;
  gameId: string;
  stepId: string;
}

/** A try, a skip, a photo or the end of an exploration made without a connection, kept until the server has it (0037). */
export type QueuedItem =
  | (QueuedBase & { kind: 'submit'; body: SubmitAnswerRequest })
  | (QueuedBase & { kind: 'skip' })
  /** 'Next' on an exploration route's last step; `stepId` is empty (it ends the game). */
  | (QueuedBase & { kind: 'finish' })
  | (QueuedBase & { kind: 'photo'; photo: Blob; fileName: string });

/** Where queued items are kept: IndexedDB on the phone, memory in tests. */
export interface QueueStore {
  /** Every queued item, in sending order. */
  list(): Promise<QueuedItem[]>;
  /** Adds an item, or replaces the one with its id. */
  put(item: QueuedItem): Promise<void>;
  remove(id: string): Promise<void>;
  /** How many items are queued (without reading them: a photo's is a whole picture). */
  size(): Promise<number>;
}

const bySeq = (a: QueuedItem, b: QueuedItem) => a.seq - b.seq;

/** The key of a step's queued photo: one per step, a retake replaces it. */
export const photoKey = (gameId: string, stepId: string) => `photo:${gameId}:${stepId}`;

let lastSeq = 0;
/** An increasing sending order, also across reloads (it starts from the clock). */
export function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
}

/** The queue in IndexedDB (`tappa-offline` / `queue`): it outlives a reload and a closed tab. */
export function idbQueueStore(): QueueStore {
  const store = createStore('tappa-offline', 'queue');
  return {
    list: async () => (await entries<string, QueuedItem>(store)).map(([, v]) => v).sort(bySeq),
    put: (item) => set(item.id, item, store),
    remove: (id) => del(id, store),
    size: async () => (await keys(store)).length,
  };
}

/** A queue in memory (tests, and browsers without IndexedDB: lost on reload, kept otherwise). */
export function memoryQueueStore(): QueueStore {
  const items = new Map<string, QueuedItem>();
  return {
    list: () => Promise.resolve([...items.values()].sort(bySeq)),
    put: (item) => {
      items.set(item.id, item);
      return Promise.resolve();
    },
    remove: (id) => {
      items.delete(id);
      return Promise.resolve();
    },
    size: () => Promise.resolve(items.size),
  };
}

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
/** The page's queue: IndexedDB where the browser has it, else memory. */
export function defaultQueueStore(): QueueStore {
  shared ??= markingWaiting(
    typeof indexedDB === 'undefined' ? memoryQueueStore() : idbQueueStore(),
  );
  return shared;
}
