import type { ReviewFilter, ReviewItem } from '@tappa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { reviewClaim, reviewDecide, reviewKeys, reviewNext, reviewUndo } from '../../api/review';
import {
  EMPTY_POLL_MS,
  isRefusal,
  MOVE_ON_CODES,
  preloadPhoto,
  useActionSender,
  type Decision,
  type QueueView,
} from './review-actions';

/** The page's walk through the queue: the items it showed, in order, and the one shown now. */
interface PendingState {
  seen: ReviewItem[];
  /** The index in `seen` of the item shown; `seen.length` when none is (the queue is empty). */
  pos: number;
  loading: boolean;
  busy: boolean;
  problem: unknown;
}

/** `seen` with `item` in place of the item of the same id. */
const replaced = (seen: ReviewItem[], item: ReviewItem) =>
  seen.map((old) => (old.id === item.id ? item : old));

/** How many items the page claims ahead of the one shown, their photos loaded (≤ REVIEW_KEEP_MAX). */
const AHEAD = 2;

/** An item claimed ahead: null when the queue had none after the one before it. */
type Ahead = Promise<ReviewItem | null>;

/**
 * The pending queue of a filter, one item at a time (decision 0083): the item shown is claimed,
 * and so are the AHEAD after it (`next` with `after` and `keep`, one after another), their
 * photos loaded ahead, so a decision or a skip shows the next at once, however fast the judge,
 * while one more is claimed. ← goes back through the items seen here (claimed again), U takes
 * back this page's last decision, and an empty queue is asked again every EMPTY_POLL_MS.
 */
export function usePendingQueue(slug: string, filter: ReviewFilter): QueueView {
  const queryClient = useQueryClient();
  const send = useActionSender();
  const [state, setState] = useState<PendingState>({
    seen: [],
    pos: 0,
    loading: true,
    busy: false,
    problem: null,
  });
  const stateRef = useRef(state);
  /** The items claimed ahead, in the queue's order (each asked once the one before it came). */
  const ahead = useRef<Ahead[]>([]);
  /** This page's decisions, the last one last (what U takes back). */
  const decided = useRef<string[]>([]);
  const alive = useRef(true);
  const filterRef = useRef(filter);

  const update = (change: (current: PendingState) => PendingState) => {
    if (!alive.current) return;
    stateRef.current = change(stateRef.current);
    setState(stateRef.current);
  };
  const refreshSummary = () =>
    void queryClient.invalidateQueries({ queryKey: reviewKeys.summary(slug) });

  /**
   * Claims ahead until AHEAD items are: each after the last one claimed, keeping the claims on
   * `shownId` and on those before it.
   */
  const claimAhead = (shownId: string) => {
    while (ahead.current.length < AHEAD) {
      const before = Promise.all(ahead.current);
      const item = before.then(async (claimed) => {
        if (claimed.includes(null)) return null;
        const held = claimed.map((one) => one!.id);
        const after = held.at(-1) ?? shownId;
        const keep = held.length > 0 ? [shownId, ...held.slice(0, -1)] : [];
        const answer = await reviewNext(slug, filterRef.current, after, keep);
        const next =
          answer.item && ![shownId, ...held].includes(answer.item.id) ? answer.item : null;
        preloadPhoto(next);
        return next;
      });
      ahead.current = [...ahead.current, item.catch(() => null)];
    }
  };

  /** Shows `item` as the newest seen (or the empty queue) and claims ahead of it. */
  const show = (item: ReviewItem | null) => {
    update((current) => {
      if (!item) return { ...current, pos: current.seen.length, loading: false };
      const seen = [...current.seen.filter((old) => old.id !== item.id), item];
      return { ...current, seen, pos: seen.length - 1, loading: false };
    });
    if (item && alive.current) claimAhead(item.id);
    else ahead.current = [];
  };

  /** Moves on from `fromId`: the first item claimed ahead at once, else the queue's next. */
  const moveOn = async (fromId: string | null) => {
    const [held, ...rest] = ahead.current;
    ahead.current = rest;
    let item = held ? await held : null;
    if (!item || item.id === fromId || decided.current.includes(item.id)) {
      // The claims still on their way land first: the fresh `next` then ends them.
      await Promise.all(rest);
      ahead.current = [];
      item = (await reviewNext(slug, filterRef.current, fromId)).item;
    }
    show(item);
  };

  /** Runs one move of the judge, one at a time, keeping its failure to show. */
  const run = async (move: () => Promise<void>) => {
    if (stateRef.current.busy) return;
    update((current) => ({ ...current, busy: true, problem: null }));
    try {
      await move();
    } catch (error) {
      update((current) => ({ ...current, problem: error }));
    } finally {
      update((current) => ({ ...current, busy: false }));
    }
  };

  /** Shows the seen item at `index` again, claimed again when pending. */
  const revisit = (index: number) =>
    run(async () => {
      const target = stateRef.current.seen[index];
      if (!target) return;
      const item = await reviewClaim(slug, target.id);
      update((current) => ({ ...current, seen: replaced(current.seen, item), pos: index }));
    });

  useEffect(() => {
    alive.current = true;
    void run(async () => show((await reviewNext(slug, filterRef.current, null)).item));
    return () => {
      alive.current = false;
    };
    // One walk per mounted queue: the page mounts another for another filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown: ReviewItem | null = state.seen[state.pos] ?? null;
  const isEmpty = !state.loading && shown === null;
  useEffect(() => {
    if (!isEmpty) return;
    const timer = window.setInterval(() => {
      if (stateRef.current.busy) return;
      reviewNext(slug, filterRef.current, null).then(
        ({ item }) => {
          if (item && stateRef.current.seen[stateRef.current.pos] === undefined) show(item);
        },
        () => undefined,
      );
    }, EMPTY_POLL_MS);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEmpty, slug]);

  return {
    item: shown,
    loading: state.loading,
    busy: state.busy,
    problem: state.problem,
    canBack: state.pos > 0,
    canUndo: decided.current.length > 0,
    decide: (decision: Decision) => {
      const item = stateRef.current.seen[stateRef.current.pos];
      if (item?.status !== 'pending') return;
      void run(async () => {
        // The next item shows at once (claimed and loaded ahead) while the decision travels; its
        // answer updates the item, or its refusal is shown (← goes back to it).
        decided.current = [...decided.current, item.id];
        void send(JSON.stringify(['decide', item.id, decision]), (action_id) =>
          reviewDecide(slug, item.id, { action_id, ...decision }),
        ).then(
          (result) => {
            update((current) => ({ ...current, seen: replaced(current.seen, result.item) }));
            refreshSummary();
          },
          (error: unknown) => {
            if (!isRefusal(error, MOVE_ON_CODES)) {
              decided.current = decided.current.filter((id) => id !== item.id);
            }
            update((current) => ({ ...current, problem: error }));
          },
        );
        await moveOn(item.id);
      });
    },
    forward: () => {
      const { pos, seen } = stateRef.current;
      if (pos < seen.length - 1) {
        void revisit(pos + 1);
        return;
      }
      void run(() => moveOn(seen[pos]?.id ?? null));
    },
    back: () => {
      const { pos } = stateRef.current;
      if (pos > 0) void revisit(pos - 1);
    },
    undo: () => {
      const itemId = decided.current.at(-1);
      if (!itemId) return;
      void run(async () => {
        try {
          const result = await send(JSON.stringify(['undo', itemId]), (action_id) =>
            reviewUndo(slug, itemId, { action_id }),
          );
          decided.current = decided.current.slice(0, -1);
          refreshSummary();
          update((current) => {
            const seen = [...current.seen.filter((old) => old.id !== itemId), result.item];
            return { ...current, seen, pos: seen.length - 1 };
          });
        } catch (error) {
          // Too late (or gone): nothing left to take back of that decision.
          if (isRefusal(error, ['review_undo_too_late', 'review_decided', 'not_found'])) {
            decided.current = decided.current.slice(0, -1);
          }
          throw error;
        }
      });
    },
  };
}
