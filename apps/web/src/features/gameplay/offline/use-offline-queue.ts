import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultQueueStore } from './page-queue';
import { pauseKey, type QueuedItem, type QueueStore } from './queue-store';
import { sendItem } from './send-item';
import { backoffMs, type QueuedOutcome, sendQueued } from './send-queued';

/** Whether the browser says it has a connection (true where it cannot tell). */
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** A game's offline queue as the screen sees it. */
export interface OfflineQueue {
  isOnline: boolean;
  /** The game's queued items (tries, skips, photos), in sending order. */
  items: readonly QueuedItem[];
  /** Whether a new item must wait in the queue: no connection, or items already waiting. */
  mustQueue: () => boolean;
  /** Keeps an item until the server has it, and sends it as soon as it can. */
  enqueue: (item: QueuedItem) => Promise<void>;
}

/**
 * The offline queue of one game (decision 0037): items are kept in `store` and sent in order
 * when the screen opens (dropping the game's pause queued when it was left, 0056), when the phone
 * comes back online, and after a failed round with a growing wait (or the server's Retry-After).
 * `onOutcome` hears of each item the server answered.
 */
export function useOfflineQueue(opts: {
  gameId: string;
  onOutcome: (outcome: QueuedOutcome) => void;
  store?: QueueStore;
}): OfflineQueue {
  const { gameId } = opts;
  const store = useMemo(() => opts.store ?? defaultQueueStore(), [opts.store]);
  const [isOnline, setOnline] = useState(browserOnline);
  const [items, setItems] = useState<QueuedItem[]>([]);
  const itemsRef = useRef<QueuedItem[]>([]);
  const belongs = useCallback((item: QueuedItem) => item.gameId === gameId, [gameId]);
  const round = useRef({ running: false, again: false, failed: 0, timer: 0, live: true });

  const refresh = useCallback(async () => {
    const mine = (await store.list()).filter(belongs);
    itemsRef.current = mine;
    if (round.current.live) setItems(mine);
  }, [store, belongs]);

  // The latest listener, without sending rounds being restarted when the screen renders.
  const report = useRef(opts.onOutcome);
  useEffect(() => {
    report.current = opts.onOutcome;
  });

  const drain = useCallback(async (): Promise<void> => {
    const r = round.current;
    if (r.running) {
      r.again = true;
      return;
    }
    window.clearTimeout(r.timer);
    if (!browserOnline() || !r.live) return;
    r.running = true;
    try {
      let ended;
      do {
        r.again = false;
        ended = await sendQueued({
          store,
          belongs,
          send: sendItem,
          onOutcome: (outcome) => {
            itemsRef.current = itemsRef.current.filter((i) => i.id !== outcome.item.id);
            report.current(outcome);
          },
        });
      } while (ended.status === 'done' && r.again && r.live);
      await refresh();
      r.failed = ended.status === 'done' ? 0 : r.failed + 1;
      if (ended.status !== 'done' && r.live) {
        const waitMs = ended.status === 'later' ? ended.retryAfterMs : null;
        r.timer = window.setTimeout(() => void drain(), waitMs ?? backoffMs(r.failed));
      }
    } finally {
      r.running = false;
    }
  }, [store, belongs, refresh]);

  useEffect(() => {
    const r = round.current;
    r.live = true;
    // The team is back on the game (the screen opened, or came back from the browser's
    // back-forward cache): a pause queued when it left would stop the game it plays (decision
    // 0056), so it is dropped before anything is sent.
    const back = () => store.remove(pauseKey(gameId)).then(refresh);
    void back().then(drain);
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) void back();
    };
    const online = () => {
      setOnline(true);
      void drain();
    };
    const offline = () => setOnline(false);
    window.addEventListener('pageshow', shown);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      r.live = false;
      window.clearTimeout(r.timer);
      window.removeEventListener('pageshow', shown);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [store, gameId, refresh, drain]);

  const enqueue = useCallback(
    async (item: QueuedItem) => {
      // Kept on the phone first: the screen says it waits only once a reload would find it.
      await store.put(item);
      itemsRef.current = [...itemsRef.current.filter((i) => i.id !== item.id), item];
      setItems(itemsRef.current);
      void drain();
    },
    [store, drain],
  );

  const mustQueue = useCallback(() => !browserOnline() || itemsRef.current.length > 0, []);
  return { isOnline, items, mustQueue, enqueue };
}
