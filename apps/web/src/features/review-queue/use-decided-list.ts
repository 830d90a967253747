import type { ReviewFilter, ReviewItem } from '@tappa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { reviewDecidedPage, reviewDecide, reviewKeys, reviewUndo } from '../../api/review';
import { useActionSender, type Decision, type QueueView } from './review-actions';

/** The decided items read so far, the one shown, and the cursor of the next page. */
interface DecidedState {
  items: ReviewItem[];
  pos: number;
  /** The next page's cursor; null when every page was read. */
  cursor: string | null;
  loading: boolean;
  busy: boolean;
  problem: unknown;
}

/**
 * The decided items of a filter, newest decision first, one at a time: ← → page through them
 * (the next page read at the end), U takes back the shown one's decision (it is pending again,
 * claimed by the judge, who may decide it anew here).
 */
export function useDecidedList(slug: string, filter: ReviewFilter): QueueView {
  const queryClient = useQueryClient();
  const send = useActionSender();
  const [state, setState] = useState<DecidedState>({
    items: [],
    pos: 0,
    cursor: null,
    loading: true,
    busy: false,
    problem: null,
  });
  const stateRef = useRef(state);
  const alive = useRef(true);
  const filterRef = useRef(filter);

  const update = (change: (current: DecidedState) => DecidedState) => {
    if (!alive.current) return;
    stateRef.current = change(stateRef.current);
    setState(stateRef.current);
  };
  const replace = (item: ReviewItem) => {
    update((current) => ({
      ...current,
      items: current.items.map((old) => (old.id === item.id ? item : old)),
    }));
    void queryClient.invalidateQueries({ queryKey: reviewKeys.summary(slug) });
  };
  const run = async (move: () => Promise<void>) => {
    if (stateRef.current.busy) return;
    update((current) => ({ ...current, busy: true, problem: null }));
    try {
      await move();
    } catch (error) {
      update((current) => ({ ...current, problem: error }));
    } finally {
      update((current) => ({ ...current, busy: false, loading: false }));
    }
  };
  const readPage = async (cursor: string | null) => {
    const page = await reviewDecidedPage(slug, filterRef.current, cursor);
    update((current) => ({
      ...current,
      items: [...current.items, ...page.items],
      cursor: page.next_cursor,
    }));
  };

  useEffect(() => {
    alive.current = true;
    void run(() => readPage(null));
    return () => {
      alive.current = false;
    };
    // One list per mounted view: the page mounts another for another filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = state.items[state.pos] ?? null;
  return {
    item: shown,
    loading: state.loading,
    busy: state.busy,
    problem: state.problem,
    canBack: state.pos > 0,
    canUndo: shown !== null && shown.status !== 'pending',
    decide: (decision: Decision) => {
      const item = stateRef.current.items[stateRef.current.pos];
      if (item?.status !== 'pending') return;
      void run(async () => {
        const result = await send(JSON.stringify(['decide', item.id, decision]), (action_id) =>
          reviewDecide(slug, item.id, { action_id, ...decision }),
        );
        replace(result.item);
      });
    },
    forward: () =>
      void run(async () => {
        const { pos, items, cursor } = stateRef.current;
        if (pos === items.length - 1 && cursor) await readPage(cursor);
        update((current) => ({
          ...current,
          pos: Math.min(current.pos + 1, current.items.length - 1),
        }));
      }),
    back: () => update((current) => ({ ...current, pos: Math.max(current.pos - 1, 0) })),
    undo: () => {
      const item = stateRef.current.items[stateRef.current.pos];
      if (!item || item.status === 'pending') return;
      void run(async () => {
        const result = await send(JSON.stringify(['undo', item.id]), (action_id) =>
          reviewUndo(slug, item.id, { action_id }),
        );
        replace(result.item);
      });
    },
  };
}
