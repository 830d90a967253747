import type { SubmitResult } from '@tappa/contracts';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { messageOf, serverMessage } from '../../lib/error-message';

/** A call to the server carrying a try's submission id. */
export type AttemptCall = (submissionId: string) => Promise<SubmitResult>;

/** What the screen shows about the last try. */
export interface AttemptsState {
  busy: boolean;
  /** The wrong-try message as the server sent it, or the error of a failed call. */
  message: string | null;
  /** Sends the try that failed on the network again, with the same submission id. */
  retry: (() => void) | null;
}

/** The hook's own state: the try that failed on the network, to send again. */
interface RunState {
  busy: boolean;
  message: string | null;
  failed: { key: string; call: AttemptCall } | null;
}

const IDLE: RunState = { busy: false, message: null, failed: null };

/**
 * Runs tries (submit, skip): each new try gets a fresh submission id, while a try that failed on
 * the network keeps its id so that sending it again cannot count twice. `key` tells tries apart.
 */
export function useAttempts(onResult: (result: SubmitResult) => void, networkMessage: string) {
  const pending = useRef<{ key: string; id: string } | null>(null);
  const [state, setState] = useState<RunState>(IDLE);

  const run = useCallback(
    async (key: string, call: AttemptCall): Promise<void> => {
      const id = pending.current?.key === key ? pending.current.id : crypto.randomUUID();
      pending.current = { key, id };
      setState({ busy: true, message: null, failed: null });
      try {
        const result = await call(id);
        pending.current = null;
        const wrong = result.outcome === 'wrong';
        setState({ busy: false, message: wrong ? result.message : null, failed: null });
        if (!wrong) onResult(result);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'network') {
          setState({ busy: false, message: networkMessage, failed: { key, call } });
          return;
        }
        pending.current = null;
        const message = serverMessage(error) ?? messageOf(error);
        setState({ busy: false, message, failed: null });
      }
    },
    [onResult, networkMessage],
  );

  const clear = useCallback(() => setState(IDLE), []);
  const { failed } = state;
  const retry = failed ? () => void run(failed.key, failed.call) : null;
  return { busy: state.busy, message: state.message, retry, run, clear };
}
