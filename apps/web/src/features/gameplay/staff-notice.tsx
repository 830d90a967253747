import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { signedPoints } from '../../lib/signed-points';
import type { StaffEvent } from './use-staff-notice';

/** A staff event in the team's words: '+5 punti: …', the time extended, the step skipped… */
export function useStaffEventText(): (event: StaffEvent) => string {
  const { t } = useTranslation();
  return (event) => {
    const reason = event.reason ?? '';
    const action = event.details?.action;
    if (event.kind === 'help' && typeof action === 'string') {
      const minutes = Number(event.details?.minutes ?? 0);
      return t(`staffNotice.${action as 'extend_time'}`, { minutes, reason });
    }
    return t('staffNotice.points', { points: signedPoints(event.points), reason });
  };
}

/**
 * The organisers' message on the team's phone, impossible to miss: a banner over the game that
 * is announced at once and stays until 'OK'.
 */
export function StaffNotice({ event, onDismiss }: { event: StaffEvent; onDismiss: () => void }) {
  const { t } = useTranslation();
  const text = useStaffEventText()(event);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => buttonRef.current?.focus(), [event.id]);
  return (
    <div className="staff-notice" role="alert">
      <p className="staff-notice__title">{t('staffNotice.title')}</p>
      <p className="staff-notice__text">{text}</p>
      <button ref={buttonRef} type="button" className="player-button" onClick={onDismiss}>
        {t('staffNotice.ok')}
      </button>
    </div>
  );
}

export default StaffNotice;
