import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { hashKey, isStale, queryStore } from './query-store';
import type { QueryOptions, QueryState } from './query-store';

/** A query as a component sees it (React Query's `UseQueryResult`, the parts the app reads). */
export type QueryResult<T> = Pick<QueryState<T>, 'isFetching'> & {
  /** Whether an answer or a failure came after the component mounted. */
  isFetchedAfterMount: boolean;
} & (
    | { status: 'pending'; isPending: true; isError: false; isSuccess: false; data: undefined }
    | { status: 'error'; isPending: false; isError: true; isSuccess: false; data: T | undefined }
    | { status: 'success'; isPending: false; isError: false; isSuccess: true; data: T }
  ) &
  ({ status: 'error'; error: Error } | { status: 'pending' | 'success'; error: null });

function resultOf<T>(state: QueryState<T>, isFetchedAfterMount: boolean): QueryResult<T> {
  const { data, error, isFetching } = state;
  const common = { isFetching, isFetchedAfterMount };
  if (state.status === 'success') {
    const success = {
      status: 'success',
      isPending: false,
      isError: false,
      isSuccess: true,
    } as const;
    return { ...common, ...success, data: data as T, error: null };
  }
  if (state.status === 'error' && error) {
    const failure = { status: 'error', isPending: false, isError: true, isSuccess: false } as const;
    return { ...common, ...failure, data, error };
  }
  const pending = { status: 'pending', isPending: true, isError: false, isSuccess: false } as const;
  return { ...common, ...pending, data: undefined, error: null };
}

/** A query's options, with how often to load it again while it is shown. */
export interface UseQueryOptions<T> extends QueryOptions<T> {
  /** Every so many milliseconds (false: never), or as the query's state says. */
  refetchInterval?: number | false | ((state: QueryState<T>) => number | false);
}

/**
 * The answer of `options.queryKey` from the phone's query cache, loaded on mount when missing or
 * stale and kept up to date (React Query's `useQuery`, with the options the app uses).
 */
export function useQuery<T>(options: UseQueryOptions<T>): QueryResult<T> {
  const { queryKey, enabled = true } = options;
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) => queryStore.subscribe(JSON.parse(hash) as unknown[], onChange),
    [hash],
  );
  const state = useSyncExternalStore(subscribe, () => queryStore.getState<T>(queryKey));
  // What the cache had for this key when the component first showed it.
  const [mounted, setMounted] = useState({ hash, updateCount: state.updateCount });
  if (mounted.hash !== hash) setMounted({ hash, updateCount: state.updateCount });

  // The latest options are how the cache loads this query again (invalidation, focus, network).
  useEffect(() => queryStore.observe(options));

  const loadIfDue = useEffectEvent(() => {
    const { refetchOnMount = true, staleTime } = options;
    const kept = queryStore.getState(options.queryKey);
    const due =
      kept.data === undefined ||
      refetchOnMount === 'always' ||
      (refetchOnMount && isStale(kept, staleTime));
    if (due) void queryStore.fetch(options);
  });
  useEffect(() => {
    if (enabled) loadIfDue();
  }, [hash, enabled]);

  const { refetchInterval = false } = options;
  const intervalMs =
    typeof refetchInterval === 'function' ? refetchInterval(state) : refetchInterval;
  const load = useEffectEvent(() => void queryStore.fetch(options));
  useEffect(() => {
    if (!enabled || intervalMs === false) return;
    const timer = setInterval(() => load(), intervalMs);
    return () => clearInterval(timer);
  }, [hash, enabled, intervalMs]);

  return resultOf(state, state.updateCount > mounted.updateCount);
}

/** The options of a query, typed by what its function answers (React Query's helper). */
export function queryOptions<T>(options: UseQueryOptions<T>): UseQueryOptions<T> {
  return options;
}
