import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { signedPoints } from '../../lib/signed-points';
import { reviewOf } from './review-notice';
import type { StaffEvent } from './use-staff-notice';

/**
 * A staff event in the team's words: '+5 punti: …', the time extended, the step skipped, a
 * judge's decision ('Foto approvata', 'Foto rifiutata: …', 'Foto valutata: 8 punti'), a hint
 * given free…
 */
export function useStaffEventText(): (event: StaffEvent) => string {
  const { t } = useTranslation();
  return (event) => {
    const reason = event.reason ?? '';
    const review = reviewOf(event);
    if (review) {
      const points = review.decidedPoints;
      return t(`staffNotice.review.${review.itemKind}.${review.decision}`, {
        reason,
        points,
        count: points,
      });
    }
    const action = event.details?.action;
    // A hint given by staff (a team's own take is no notice: decision 0085).
    if (event.kind === 'hint') return t('staffNotice.give_hint', { reason });
    if (event.kind === 'help' && typeof action === 'string') {
      const minutes = Number(event.details?.minutes ?? 0);
      return t(`staffNotice.${action as 'extend_time'}`, { minutes, reason });
    }
    return t('staffNotice.points', { points: signedPoints(event.points), reason });
  };
}

/** Props of `StaffNotice`. */
export interface StaffNoticeProps {
  event: StaffEvent;
  onDismiss: () => void;
  /** Closes the notice and shows step `stepIndex` (a rejection that reopened it). */
  onRetake: (stepIndex: number) => void;
}

/**
 * The organisers' message on the team's phone, impossible to miss: a banner over the game that
 * is announced at once and stays until 'OK' (or, on a rejection that reopened a step, 'Rifai la
 * foto', which leads to that step).
 */
export function StaffNotice({ event, onDismiss, onRetake }: StaffNoticeProps) {
  const { t } = useTranslation();
  const text = useStaffEventText()(event);
  const review = reviewOf(event);
  const retake = review?.reopened ? review : null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => buttonRef.current?.focus(), [event.id]);
  return (
    <div className="staff-notice" role="alert">
      <p className="staff-notice__title">{t('staffNotice.title')}</p>
      <p className="staff-notice__text">{text}</p>
      {retake ? (
        <div className="player-actions player-actions--row">
          <button
            ref={buttonRef}
            type="button"
            className="player-button"
            onClick={() => onRetake(retake.stepIndex)}
          >
            {t(`staffNotice.review.${retake.itemKind}.retake`)}
          </button>
          <button
            type="button"
            className="player-button player-button--secondary"
            onClick={onDismiss}
          >
            {t('staffNotice.ok')}
          </button>
        </div>
      ) : (
        <button ref={buttonRef} type="button" className="player-button" onClick={onDismiss}>
          {t('staffNotice.ok')}
        </button>
      )}
    </div>
  );
}

export default StaffNotice;
