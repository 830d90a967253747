import type { SubmitAnswerRequest } from '@tappa/contracts';
import { createStore, del, entries, get, keys, set } from 'idb-keyval';

/** Where a queued item belongs: the game and the step it was made on. */
interface QueuedBase {
  /**
   * The key: a try's submission id, `photo:{gameId}:{stepId}` (a retake replaces it) or
   * `pause:{gameId}` (one per game).
   */
  id: string;
  /** Sending order: queued earlier, sent earlier. */
  seq: number;
  slug: string;
  gameId: string;
  stepId: string;
}

/**
 * A try, a skip, a photo, the end of an exploration or the game's pause made without a
 * connection, kept until the server has it (decisions 0037, 0056).
 */
export type QueuedItem =
  | (QueuedBase & { kind: 'submit'; body: SubmitAnswerRequest })
  | (QueuedBase & { kind: 'skip' })
  /** 'Next' on an exploration route's last step; `stepId` is empty (it ends the game). */
  | (QueuedBase & { kind: 'finish' })
  | (QueuedBase & { kind: 'photo'; photo: Blob; fileName: string })
  /** The game saved as paused when the team left its screen; `stepId` is empty. */
  | (QueuedBase & { kind: 'pause' });

/** Where queued items are kept: IndexedDB on the phone, memory in tests. */
export interface QueueStore {
  /** Every queued item, in sending order. */
  list(): Promise<QueuedItem[]>;
  /** Adds an item, or replaces the one with its id. */
  put(item: QueuedItem): Promise<void>;
  remove(id: string): Promise<void>;
  /** Whether the item with this id is (still) queued. */
  has(id: string): Promise<boolean>;
  /** How many items are queued (without reading them: a photo's is a whole picture). */
  size(): Promise<number>;
}

const bySeq = (a: QueuedItem, b: QueuedItem) => a.seq - b.seq;

/** The key of a step's queued photo: one per step, a retake replaces it. */
export const photoKey = (gameId: string, stepId: string) => `photo:${gameId}:${stepId}`;

/** The key of a game's queued pause: one per game, a later leave replaces it. */
export const pauseKey = (gameId: string) => `pause:${gameId}`;

let lastSeq = 0;
/** An increasing sending order, also across reloads (it starts from the clock). */
export function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
}

/** The pause of a game left or stopped without a connection, behind what was queued before it. */
export function pauseItem(slug: string, gameId: string): QueuedItem {
  return { id: pauseKey(gameId), seq: nextSeq(), slug, gameId, stepId: '', kind: 'pause' };
}

/** The queue in IndexedDB (`tappa-offline` / `queue`): it outlives a reload and a closed tab. */
export function idbQueueStore(): QueueStore {
  const store = createStore('tappa-offline', 'queue');
  return {
    list: async () => (await entries<string, QueuedItem>(store)).map(([, v]) => v).sort(bySeq),
    put: (item) => set(item.id, item, store),
    remove: (id) => del(id, store),
    has: async (id) => (await get(id, store)) !== undefined,
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
    has: (id) => Promise.resolve(items.has(id)),
    size: () => Promise.resolve(items.size),
  };
}
