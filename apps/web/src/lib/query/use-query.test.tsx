import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { queryStore } from './query-store';
import { useMutation } from './use-mutation';
import { useQuery } from './use-query';
import type { UseQueryOptions } from './use-query';

const KEY = ['public', 'tenants', 'acme'] as const;

/** A query function answering 1, 2, 3 … on each call. */
function counter() {
  let n = 0;
  return vi.fn(async () => ++n);
}

function renderQuery(options: UseQueryOptions<number>) {
  return renderHook((props: UseQueryOptions<number>) => useQuery(props), { initialProps: options });
}

describe('useQuery', () => {
  it('is pending, then shows the answer', async () => {
    const { result } = renderQuery({ queryKey: KEY, queryFn: counter() });
    expect(result.current).toMatchObject({ status: 'pending', isPending: true, data: undefined });
    await waitFor(() => expect(result.current.data).toBe(1));
    expect(result.current).toMatchObject({ isSuccess: true, isError: false, error: null });
  });

  it('shows the failure with the error', async () => {
    const failure = new ApiError(404, 'not_found', 'missing');
    const { result } = renderQuery({ queryKey: KEY, queryFn: () => Promise.reject(failure) });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBe(failure);
  });

  it('serves a fresh answer from the cache and asks again once it is stale', async () => {
    const queryFn = counter();
    const first = renderQuery({ queryKey: KEY, queryFn, staleTime: 60_000 });
    await waitFor(() => expect(first.result.current.data).toBe(1));
    first.unmount();
    const fresh = renderQuery({ queryKey: KEY, queryFn, staleTime: 60_000 });
    expect(fresh.result.current.data).toBe(1);
    fresh.unmount();
    expect(queryFn).toHaveBeenCalledTimes(1);

    const stale = renderQuery({ queryKey: KEY, queryFn });
    expect(stale.result.current.data).toBe(1);
    await waitFor(() => expect(stale.result.current.data).toBe(2));
  });

  it("asks again on every mount with refetchOnMount 'always', and tells an answer after mount", async () => {
    const queryFn = counter();
    queryStore.setQueryData(KEY, 7);
    const { result } = renderQuery({
      queryKey: KEY,
      queryFn,
      refetchOnMount: 'always',
      staleTime: Infinity,
    });
    expect(result.current).toMatchObject({ data: 7, isFetchedAfterMount: false });
    await waitFor(() => expect(result.current.isFetchedAfterMount).toBe(true));
    expect(result.current.data).toBe(1);
  });

  it('does not load while disabled, and loads once enabled', async () => {
    const queryFn = counter();
    const { result, rerender } = renderQuery({ queryKey: KEY, queryFn, enabled: false });
    expect(result.current.isPending).toBe(true);
    expect(queryFn).not.toHaveBeenCalled();
    rerender({ queryKey: KEY, queryFn, enabled: true });
    await waitFor(() => expect(result.current.data).toBe(1));
  });

  it('shows another key when the key changes', async () => {
    const { result, rerender } = renderQuery({ queryKey: KEY, queryFn: async () => 1 });
    await waitFor(() => expect(result.current.data).toBe(1));
    rerender({ queryKey: ['public', 'tenants', 'beta'], queryFn: async () => 2 });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  it('loads again every refetchInterval while it says so', async () => {
    vi.useFakeTimers();
    const queryFn = counter();
    const { result } = renderQuery({
      queryKey: KEY,
      queryFn,
      refetchInterval: (state) => ((state.data ?? 0) < 3 ? 5_000 : false),
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(result.current.data).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('loads a stale shown query again when the page comes back into view', async () => {
    const queryFn = counter();
    const { result } = renderQuery({ queryKey: KEY, queryFn });
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(result.current.data).toBe(2));
  });
});

describe('useMutation', () => {
  it('runs, waits for onSuccess, then shows the data', async () => {
    let settle: () => void = () => undefined;
    const onSuccess = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const { result } = renderHook(() =>
      useMutation({ mutationFn: async (n: number) => n * 2, onSuccess }),
    );
    expect(result.current.isIdle).toBe(true);
    act(() => result.current.mutate(21));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(42, 21));
    expect(result.current).toMatchObject({ isPending: true, variables: 21 });
    act(() => settle());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBe(42);
    act(() => result.current.reset());
    expect(result.current.isIdle).toBe(true);
  });

  it('shows a failure (mutate) or rejects with it (mutateAsync), after onError and onSettled', async () => {
    const failure = new ApiError(409, 'conflict', 'taken');
    const onError = vi.fn();
    const onSettled = vi.fn();
    const { result } = renderHook(() =>
      useMutation<never, void>({ mutationFn: () => Promise.reject(failure), onError, onSettled }),
    );
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure, undefined);
    expect(onSettled).toHaveBeenCalledWith(undefined, failure, undefined);
    await act(() => expect(result.current.mutateAsync()).rejects.toBe(failure));
  });

  it('shows only the latest call', async () => {
    const answers: ((value: string) => void)[] = [];
    const { result } = renderHook(() =>
      useMutation({ mutationFn: () => new Promise<string>((resolve) => answers.push(resolve)) }),
    );
    act(() => result.current.mutate());
    act(() => result.current.mutate());
    await act(async () => answers[1]?.('second'));
    await act(async () => answers[0]?.('first'));
    expect(result.current.data).toBe('second');
  });
});
