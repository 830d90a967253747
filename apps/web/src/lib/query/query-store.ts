/**
 * The cache of what the phone's pages read from the server (decision 0053): answers kept by key,
 * one request per key at a time, retried like React Query's, refetched when stale. React Query
 * stays the staff pages' cache; this one is small enough for a player's first load.
 */
import { shouldRetryQuery } from '../api-error';

/** A query's name: a list compared element by element (as JSON). */
export type QueryKey = readonly unknown[];

/** What a query function gets: a signal that aborts when its answer is no longer wanted. */
export interface QueryFunctionContext {
  signal: AbortSignal;
}

/** How a query is loaded and kept; the names and defaults are React Query's. */
export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: QueryFunctionContext) => Promise<T>;
  /** False: do not load (yet). */
  enabled?: boolean;
  /** How long an answer counts as fresh, in milliseconds (0: stale at once). */
  staleTime?: number;
  /** How long an answer nobody shows is kept, in milliseconds (5 minutes). */
  gcTime?: number;
  /**
   * Whether to try again after a failure (`failureCount`: failures before this one); by default
   * the API's retryable failures, up to `MAX_QUERY_ATTEMPTS` attempts.
   */
  retry?: false | ((failureCount: number, error: unknown) => boolean);
  /** On mount: load when stale (true), always, or only when nothing is kept (false). */
  refetchOnMount?: boolean | 'always';
  /** Load again when the page comes back into view or the phone back online, if stale. */
  refetchOnWindowFocus?: boolean;
}

/** What is known of a query: its last answer, its last failure, and whether it is loading. */
export interface QueryState<T = unknown> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  /** When the answer came, in epoch milliseconds (0: never, or invalidated since). */
  updatedAt: number;
  /** How many answers and failures were kept so far. */
  updateCount: number;
}

interface Entry {
  key: QueryKey;
  state: QueryState;
  listeners: Set<() => void>;
  /** The options of the last component that showed it: how to load it again. */
  options: QueryOptions<unknown> | null;
  loading: Promise<void> | null;
  abort: AbortController | null;
  gcTimer: ReturnType<typeof setTimeout> | undefined;
}

const DEFAULT_GC_MS = 5 * 60_000;
const MAX_RETRY_DELAY_MS = 30_000;
const PENDING: QueryState = {
  status: 'pending',
  data: undefined,
  error: null,
  isFetching: false,
  updatedAt: 0,
  updateCount: 0,
};

/** The key as the cache names it. */
export const hashKey = (key: QueryKey): string => JSON.stringify(key);

/** Whether `key` starts with the elements of `prefix`. */
function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));
}

/** A thrown value as an `Error`. */
export const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

/** A failed query waits 1, 2, 4 … seconds (at most 30) before it tries again, as React Query. */
const retryDelayMs = (failureCount: number): number =>
  Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);

function shouldRetry(options: QueryOptions<unknown>, failureCount: number, error: unknown) {
  const { retry = shouldRetryQuery } = options;
  return retry !== false && retry(failureCount, error);
}

/** Resolves after `ms` once the phone is online (a retry waits for the network), or on abort. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(() => {
      if (navigator.onLine !== false) finish();
      else window.addEventListener('online', finish, { once: true, signal });
    }, ms);
    signal.addEventListener('abort', finish, { once: true });
  });
}

/** Whether the kept answer should be loaded again (`staleTime` in milliseconds). */
export function isStale(state: QueryState, staleTime = 0): boolean {
  return state.updatedAt === 0 || Date.now() - state.updatedAt >= staleTime;
}

/** A cache of queries; the app has one (`queryStore`), tests clear it between tests. */
export class QueryStore {
  readonly #entries = new Map<string, Entry>();
  #watching = false;

  #entry(key: QueryKey): Entry {
    const hash = hashKey(key);
    let entry = this.#entries.get(hash);
    if (!entry) {
      entry = {
        key,
        state: PENDING,
        listeners: new Set(),
        options: null,
        loading: null,
        abort: null,
        gcTimer: undefined,
      };
      this.#entries.set(hash, entry);
    }
    return entry;
  }

  #update(entry: Entry, change: Partial<QueryState>): void {
    const updateCount = entry.state.updateCount + (change.status ? 1 : 0);
    entry.state = { ...entry.state, ...change, updateCount };
    for (const listener of [...entry.listeners]) listener();
  }

  /** How to load `entry` again when a component shows it and it is enabled; else null. */
  #shownOptions(entry: Entry): QueryOptions<unknown> | null {
    const { listeners, options } = entry;
    return listeners.size > 0 && options && options.enabled !== false ? options : null;
  }

  #matching(prefix: QueryKey): Entry[] {
    return [...this.#entries.values()].filter((entry) => startsWith(entry.key, prefix));
  }

  /** What is known of `key` now (the same object until it changes). */
  getState<T>(key: QueryKey): QueryState<T> {
    return (this.#entries.get(hashKey(key))?.state ?? PENDING) as QueryState<T>;
  }

  /** The kept answer of `key`, if any. */
  getQueryData<T>(key: QueryKey): T | undefined {
    return this.getState<T>(key).data;
  }

  /** Keeps `data` (or what `update` makes of the kept answer) as the fresh answer of `key`. */
  setQueryData<T>(key: QueryKey, update: T | ((previous: T | undefined) => T)): void {
    const entry = this.#entry(key);
    const data =
      typeof update === 'function'
        ? (update as (previous: T | undefined) => T)(entry.state.data as T | undefined)
        : update;
    this.#update(entry, { status: 'success', data, error: null, updatedAt: Date.now() });
  }

  /**
   * Calls `listener` on every change of `key` until the returned function is called; once nobody
   * listens, the entry is forgotten after its `gcTime`.
   */
  subscribe(key: QueryKey, listener: () => void): () => void {
    const entry = this.#entry(key);
    clearTimeout(entry.gcTimer);
    entry.listeners.add(listener);
    this.#watchFocusAndNetwork();
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size > 0) return;
      entry.gcTimer = setTimeout(() => {
        if (entry.listeners.size === 0 && this.#entries.get(hashKey(entry.key)) === entry) {
          this.#entries.delete(hashKey(entry.key));
        }
      }, entry.options?.gcTime ?? DEFAULT_GC_MS);
    };
  }

  /** Remembers how the query of `options.queryKey` is loaded (its latest options). */
  observe<T>(options: QueryOptions<T>): void {
    this.#entry(options.queryKey).options = options;
  }

  /** Loads `options.queryKey` unless it is loading already; never rejects. */
  fetch<T>(options: QueryOptions<T>): Promise<void> {
    const entry = this.#entry(options.queryKey);
    entry.options = options;
    if (entry.loading) return entry.loading;
    const abort = new AbortController();
    entry.abort = abort;
    this.#update(entry, { isFetching: true });
    entry.loading = this.#load(options, abort.signal).then((outcome) => {
      if (abort.signal.aborted) return;
      // Done before anyone hears of the outcome, so that what it sets off may load again.
      entry.loading = null;
      entry.abort = null;
      if (outcome.status === 'error') {
        this.#update(entry, { status: 'error', error: outcome.error, isFetching: false });
        return;
      }
      // The same answer again keeps the same object, so what depends on it does not run again.
      const same = hashKey([outcome.data]) === hashKey([entry.state.data]);
      const data = same ? entry.state.data : outcome.data;
      this.#update(entry, {
        status: 'success',
        data,
        error: null,
        isFetching: false,
        updatedAt: Date.now(),
      });
    });
    return entry.loading;
  }

  /** Runs the query function, trying again while `retry` says so. */
  async #load(
    options: QueryOptions<unknown>,
    signal: AbortSignal,
  ): Promise<{ status: 'success'; data: unknown } | { status: 'error'; error: Error }> {
    for (let failureCount = 0; ; failureCount++) {
      try {
        return { status: 'success', data: await options.queryFn({ signal }) };
      } catch (error) {
        if (signal.aborted || !shouldRetry(options, failureCount, error)) {
          return { status: 'error', error: asError(error) };
        }
        await pause(retryDelayMs(failureCount), signal);
      }
    }
  }

  /** Marks the queries under `prefix` stale and loads again those that are shown. */
  invalidateQueries({ queryKey }: { queryKey: QueryKey }): Promise<void> {
    const loads = this.#matching(queryKey).flatMap((entry) => {
      this.#update(entry, { updatedAt: 0 });
      const options = this.#shownOptions(entry);
      return options ? [this.fetch(options)] : [];
    });
    return Promise.all(loads).then(() => undefined);
  }

  /** Forgets the queries under `prefix` (their loads are aborted); one still shown starts over. */
  removeQueries({ queryKey }: { queryKey: QueryKey }): void {
    for (const entry of this.#matching(queryKey)) {
      entry.abort?.abort();
      entry.loading = null;
      if (entry.listeners.size === 0) {
        clearTimeout(entry.gcTimer);
        this.#entries.delete(hashKey(entry.key));
        continue;
      }
      this.#update(entry, PENDING);
      const options = this.#shownOptions(entry);
      if (options) void this.fetch(options);
    }
  }

  /** Forgets everything (tests, between two of them). */
  clear(): void {
    for (const entry of this.#entries.values()) {
      entry.abort?.abort();
      clearTimeout(entry.gcTimer);
    }
    this.#entries.clear();
  }

  /** Loads again the stale queries shown, when the page is seen again or the network is back. */
  #watchFocusAndNetwork(): void {
    if (this.#watching || typeof window === 'undefined') return;
    this.#watching = true;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      for (const entry of this.#entries.values()) {
        const options = this.#shownOptions(entry);
        if (!options || options.refetchOnWindowFocus === false) continue;
        if (isStale(entry.state, options.staleTime)) void this.fetch(options);
      }
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('online', refresh);
  }
}

/** The app's one cache of the phone's queries. */
export const queryStore = new QueryStore();
