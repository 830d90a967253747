import type { SubmitResult, TryReason } from '@tappa/contracts';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorText, tryReasonText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import type { TFunction } from '../../lib/i18n';

/**
 * A call to the server carrying a try's submission id; null when the try was queued to be sent
 * later (offline, decision 0037): nothing to show about it yet.
 */
export type AttemptCall = (submissionId: string) => Promise<SubmitResult | null>;

/** What the screen shows about the last try. */
export interface AttemptsState {
  busy: boolean;
  /** Why the last try was wrong, or why its call failed, in the interface's language. */
  message: string | null;
  /** Sends the try that failed on the network again, with the same submission id. */
  retry: (() => void) | null;
}

/** What went wrong with the last try: the server's reason, or the error of the call. */
type Problem = { reason: TryReason } | { error: unknown } | null;

/** The hook's own state: the try that failed on the network, to send again. */
interface RunState {
  busy: boolean;
  problem: Problem;
  failed: { key: string; call: AttemptCall } | null;
}

const IDLE: RunState = { busy: false, problem: null, failed: null };

/**
 * Runs tries (submit, skip): each new try gets a fresh submission id, while a try that failed on
 * the network keeps its id so that sending it again cannot count twice. `key` tells tries apart.
 * `onRefused` hears of a call the server refused (shown as the try's message too).
 */
export function useAttempts(
  onResult: (result: SubmitResult) => void,
  onRefused?: (error: unknown) => void,
) {
  const { t } = useTranslation();
  const pending = useRef<{ key: string; id: string } | null>(null);
  const [state, setState] = useState<RunState>(IDLE);

  const run = useCallback(
    async (key: string, call: AttemptCall): Promise<void> => {
      const id = pending.current?.key === key ? pending.current.id : crypto.randomUUID();
      pending.current = { key, id };
      setState({ busy: true, problem: null, failed: null });
      try {
        const result = await call(id);
        pending.current = null;
        if (result === null) return setState(IDLE);
        const wrong = result.outcome === 'wrong';
        const problem = wrong && result.reason ? { reason: result.reason } : null;
        setState({ busy: false, problem, failed: null });
        if (!wrong) onResult(result);
      } catch (error) {
        const isNetwork = error instanceof ApiError && error.code === 'network';
        if (!isNetwork) pending.current = null;
        setState({ busy: false, problem: { error }, failed: isNetwork ? { key, call } : null });
        if (!isNetwork) onRefused?.(error);
      }
    },
    [onResult, onRefused],
  );

  const clear = useCallback(() => setState(IDLE), []);
  const { failed } = state;
  const retry = failed ? () => void run(failed.key, failed.call) : null;
  return { busy: state.busy, message: problemText(state.problem, t), retry, run, clear };
}

/** The text of a problem; a network failure says the try is not lost. */
function problemText(problem: Problem, t: TFunction): string | null {
  if (problem === null) return null;
  if ('reason' in problem) return tryReasonText(problem.reason, t);
  const { error } = problem;
  if (error instanceof ApiError && error.code === 'network') return t('gameplay.networkError');
  return errorText(error, t);
}
