import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { asError } from './query-store';

/** What a mutation does, and what follows its success or failure (React Query's names). */
export interface MutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables) => unknown;
}

/** Where the last call of a mutation stands. */
type MutationState<TData, TVariables> =
  | { status: 'idle'; data: undefined; error: null; variables: undefined }
  | { status: 'pending'; data: undefined; error: null; variables: TVariables }
  | { status: 'error'; data: undefined; error: Error; variables: TVariables }
  | { status: 'success'; data: TData; error: null; variables: TVariables };

/** A mutation as a component uses it (React Query's `UseMutationResult`, the parts the app reads). */
export type MutationResult<TData, TVariables> = MutationState<TData, TVariables> & {
  /** Runs the mutation; its failure shows in `error` (and `onError`), never as a rejection. */
  mutate: (variables: TVariables) => void;
  /** Runs the mutation and answers its data, or rejects with its error. */
  mutateAsync: (variables: TVariables) => Promise<TData>;
  /** Back to idle. */
  reset: () => void;
} & (
    | { status: 'idle'; isIdle: true; isPending: false; isError: false; isSuccess: false }
    | { status: 'pending'; isIdle: false; isPending: true; isError: false; isSuccess: false }
    | { status: 'error'; isIdle: false; isPending: false; isError: true; isSuccess: false }
    | { status: 'success'; isIdle: false; isPending: false; isError: false; isSuccess: true }
  );

const IDLE = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A write to the server, as React Query's `useMutation`: `onSuccess` (and `onSettled`) run, and
 * are waited for, before the mutation counts as done; only the latest call shows.
 */
export function useMutation<TData, TVariables = void>(
  options: MutationOptions<TData, TVariables>,
): MutationResult<TData, TVariables> {
  const [state, setState] = useState<MutationState<TData, TVariables>>(IDLE);
  const latestCall = useRef(0);
  const latestOptions = useRef(options);
  useLayoutEffect(() => {
    latestOptions.current = options;
  });

  const mutateAsync = useCallback(async (variables: TVariables): Promise<TData> => {
    const call = ++latestCall.current;
    const show = (next: MutationState<TData, TVariables>) => {
      if (call === latestCall.current) setState(next);
    };
    const { mutationFn, onSuccess, onError, onSettled } = latestOptions.current;
    show({ status: 'pending', data: undefined, error: null, variables });
    let data: TData;
    try {
      data = await mutationFn(variables);
      await onSuccess?.(data, variables);
      await onSettled?.(data, null, variables);
    } catch (thrown) {
      const error = asError(thrown);
      await onError?.(error, variables);
      await onSettled?.(undefined, error, variables);
      show({ status: 'error', data: undefined, error, variables });
      throw error;
    }
    show({ status: 'success', data, error: null, variables });
    return data;
  }, []);

  const mutate = useCallback(
    (variables: TVariables) => void mutateAsync(variables).catch(() => undefined),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    latestCall.current += 1;
    setState(IDLE);
  }, []);

  const actions = { mutate, mutateAsync, reset };
  switch (state.status) {
    case 'idle':
      return {
        ...state,
        ...actions,
        isIdle: true,
        isPending: false,
        isError: false,
        isSuccess: false,
      };
    case 'pending':
      return {
        ...state,
        ...actions,
        isIdle: false,
        isPending: true,
        isError: false,
        isSuccess: false,
      };
    case 'error':
      return {
        ...state,
        ...actions,
        isIdle: false,
        isPending: false,
        isError: true,
        isSuccess: false,
      };
    case 'success':
      return {
        ...state,
        ...actions,
        isIdle: false,
        isPending: false,
        isError: false,
        isSuccess: true,
      };
  }
}
