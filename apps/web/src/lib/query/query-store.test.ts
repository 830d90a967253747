import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { QueryStore } from './query-store';

const KEY = ['play', 'acme', 'me'] as const;
const unavailable = () => new ApiError(503, 'database_unavailable', 'down');
const notFound = () => new ApiError(404, 'not_found', 'missing');

let store: QueryStore;
beforeEach(() => {
  store = new QueryStore();
});
afterEach(() => store.clear());

describe('QueryStore', () => {
  it('loads a key once while a load is under way, and keeps its answer', async () => {
    let calls = 0;
    const queryFn = vi.fn(async () => ({ n: ++calls }));
    await Promise.all([
      store.fetch({ queryKey: KEY, queryFn }),
      store.fetch({ queryKey: KEY, queryFn }),
    ]);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(store.getState(KEY)).toMatchObject({
      status: 'success',
      data: { n: 1 },
      updateCount: 1,
    });
    await store.fetch({ queryKey: KEY, queryFn });
    expect(store.getQueryData(KEY)).toEqual({ n: 2 });
  });

  it('keeps the same object when the same answer comes again', async () => {
    const queryFn = async () => ({ teams: ['a', 'b'] });
    await store.fetch({ queryKey: KEY, queryFn });
    const first = store.getQueryData(KEY);
    await store.fetch({ queryKey: KEY, queryFn });
    expect(store.getQueryData(KEY)).toBe(first);
    expect(store.getState(KEY).updateCount).toBe(2);
  });

  it('tries a retryable failure again after 1 s and 2 s, at most three times in all', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(() => Promise.reject(unavailable()));
    const done = store.fetch({ queryKey: KEY, queryFn });
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(store.getState(KEY)).toMatchObject({ status: 'error', isFetching: false });
    expect(store.getState(KEY).error).toBeInstanceOf(ApiError);
  });

  it('does not try again after a failure the server means (404), nor when told not to', async () => {
    const queryFn = vi.fn(() => Promise.reject(notFound()));
    await store.fetch({ queryKey: KEY, queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    const unavailableFn = vi.fn(() => Promise.reject(unavailable()));
    await store.fetch({ queryKey: ['other'], queryFn: unavailableFn, retry: false });
    expect(unavailableFn).toHaveBeenCalledTimes(1);
  });

  it('waits for the network before trying again while the phone is offline', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: false });
    const queryFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(0, 'network', 'offline'))
      .mockResolvedValue('back');
    const done = store.fetch({ queryKey: KEY, queryFn });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.stubGlobal('navigator', { onLine: true });
    window.dispatchEvent(new Event('online'));
    await done;
    expect(store.getQueryData(KEY)).toBe('back');
  });

  it('sets data directly, from the kept answer too', () => {
    store.setQueryData<number>(KEY, 1);
    store.setQueryData<number>(KEY, (previous) => (previous ?? 0) + 1);
    expect(store.getState(KEY)).toMatchObject({ status: 'success', data: 2, error: null });
  });

  it('loads again the shown queries under an invalidated prefix, and marks the others stale', async () => {
    const shown = vi.fn(async () => 'shown');
    const hidden = vi.fn(async () => 'hidden');
    await store.fetch({ queryKey: ['play', 'acme', 'routes'], queryFn: shown });
    await store.fetch({ queryKey: ['play', 'acme', 'me'], queryFn: hidden });
    await store.fetch({ queryKey: ['public', 'acme'], queryFn: hidden });
    const stop = store.subscribe(['play', 'acme', 'routes'], () => undefined);
    await store.invalidateQueries({ queryKey: ['play', 'acme'] });
    expect(shown).toHaveBeenCalledTimes(2);
    expect(hidden).toHaveBeenCalledTimes(2);
    expect(store.getState(['play', 'acme', 'me']).updatedAt).toBe(0);
    expect(store.getState(['public', 'acme']).updatedAt).toBeGreaterThan(0);
    stop();
  });

  it('forgets removed queries, and loads again one that is still shown', async () => {
    const queryFn = vi.fn(async () => 'answer');
    await store.fetch({ queryKey: KEY, queryFn });
    store.removeQueries({ queryKey: KEY });
    expect(store.getState(KEY).status).toBe('pending');

    await store.fetch({ queryKey: KEY, queryFn });
    const changes: string[] = [];
    const stop = store.subscribe(KEY, () => changes.push(store.getState(KEY).status));
    store.removeQueries({ queryKey: KEY });
    await vi.waitFor(() => expect(store.getQueryData(KEY)).toBe('answer'));
    expect(changes).toContain('pending');
    expect(queryFn).toHaveBeenCalledTimes(3);
    stop();
  });

  it('forgets an answer nobody shows once its gcTime has passed', async () => {
    vi.useFakeTimers();
    await store.fetch({ queryKey: KEY, queryFn: async () => 'answer', gcTime: 1_000 });
    const stop = store.subscribe(KEY, () => undefined);
    stop();
    await vi.advanceTimersByTimeAsync(999);
    expect(store.getQueryData(KEY)).toBe('answer');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getQueryData(KEY)).toBeUndefined();
  });
});
