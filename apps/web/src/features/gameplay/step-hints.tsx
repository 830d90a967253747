import { games, type PlayerHint } from '@tappa/contracts';
import { useState } from 'react';
import { gameKeys } from '../../api/games';
import { refetchGame } from '../../api/game-live';
import { apiCall } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { dialogs, toasts } from '../../lib/dialogs';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { formatWait } from './format-wait';
import { useClock } from './use-clock';
import '../../lib/hints-texts';
import './step-hints.css';

/** Props of `StepHints`. */
export interface StepHintsProps {
  slug: string;
  gameId: string;
  stepId: string;
  hints: readonly PlayerHint[];
  /** The number of the first of them: 2 after the step's own hint, else 1. */
  firstNumber: number;
  /** The points left of the route's hint budget; null: no cap. */
  budgetLeft: number | null;
}

/**
 * A step's hints after its own (decision 0085): a locked one says when it unlocks ('Disponibile
 * tra 2:30'), a costly one asks first ('Questo suggerimento costa 3 punti'); the server sends a
 * hint's text only with its take, and decides every refusal.
 */
export function StepHints({
  slug,
  gameId,
  stepId,
  hints,
  firstNumber,
  budgetLeft,
}: StepHintsProps) {
  const { t } = useTranslation();
  const now = useClock();
  const [texts, setTexts] = useState<Record<number, string>>({});
  // The server's own unlock time when the phone's clock ran ahead of it (a `hint_locked` refusal).
  const [lockedUntil, setLockedUntil] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState<number | null>(null);

  async function take(hint: PlayerHint, n: number) {
    if (hint.cost > 0 && !(await dialogs.confirm(t('hints.confirm', { count: hint.cost, n }))))
      return;
    setBusy(hint.index);
    try {
      const params = { slug, gameId, stepId };
      const taken = await apiCall(games.takeHint, { params, body: { index: hint.index } });
      setTexts((current) => ({ ...current, [hint.index]: taken.hint.text }));
      // The score and the budget left come with the game read again.
      void refetchGame(gameKeys.detail(slug, gameId));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'hint_locked') {
        const retryAfterS = Number(error.params.retry_after_s ?? 0);
        setLockedUntil((current) => ({
          ...current,
          [hint.index]: Date.now() + retryAfterS * 1000,
        }));
      }
      toasts.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="gameplay__hints">
      {hints.map((hint) => {
        const n = firstNumber + hint.index;
        const text = hint.text ?? texts[hint.index];
        if (text !== undefined) {
          return (
            <div key={hint.index} className="gameplay__hint">
              <p className="gameplay__hint-title">
                {hint.cost > 0
                  ? t('hints.takenCost', { n, count: hint.cost })
                  : t('hints.title', { n })}
              </p>
              <p className="gameplay__hint-text">{text}</p>
            </div>
          );
        }
        const serverUnlock = hint.unlock_at === null ? null : Date.parse(hint.unlock_at);
        const unlockAt =
          serverUnlock === null ? null : Math.max(serverUnlock, lockedUntil[hint.index] ?? 0);
        const overBudget = budgetLeft !== null && hint.cost > budgetLeft;
        let state: string | null = null;
        if (unlockAt === null) state = t('hints.notReached');
        else if (unlockAt > now) state = t('hints.lockedFor', { time: formatWait(unlockAt - now) });
        else if (overBudget) state = t('hints.overBudget', { count: budgetLeft });
        return (
          <div key={hint.index} className="gameplay__hint">
            <button
              type="button"
              className="player-link"
              disabled={state !== null || busy !== null}
              aria-describedby={state === null ? undefined : `hint-${stepId}-${hint.index}`}
              onClick={() => void take(hint, n)}
            >
              {hint.cost > 0
                ? t('hints.takeCost', { n, count: hint.cost })
                : t('hints.take', { n })}
            </button>
            {state === null ? null : (
              <p id={`hint-${stepId}-${hint.index}`} className="gameplay__hint-state">
                {state}
              </p>
            )}
          </div>
        );
      })}
      {budgetLeft === null ? null : (
        <p className="gameplay__hint-state">{t('hints.budgetLeft', { count: budgetLeft })}</p>
      )}
    </div>
  );
}

export default StepHints;
