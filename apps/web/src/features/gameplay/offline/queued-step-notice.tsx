import { useTranslation } from '../../../lib/i18n';

/** Props of `QueuedStepNotice`. */
export interface QueuedStepNoticeProps {
  place: string;
  index: number;
  total: number;
  /** On an exploration route, moves on to the next step or, on the last, finishes (null: progressive). */
  onNext: (() => void) | null;
}

/** A step whose try waits to be sent: it is saved, and will be checked once back online. */
export function QueuedStepNotice({ place, index, total, onNext }: QueuedStepNoticeProps) {
  const { t } = useTranslation();
  return (
    <section className="player-card gameplay__step">
      <p className="gameplay__step-number">{t('gameplay.stepOf', { n: index + 1, total })}</p>
      <h2 className="gameplay-offline__place">{place}</h2>
      <p className="player-title">{t('offline.savedTitle')}</p>
      <p className="player-muted">{t('offline.savedText')}</p>
      {onNext && (
        <button type="button" className="player-button player-button--secondary" onClick={onNext}>
          {t('gameplay.next')}
        </button>
      )}
    </section>
  );
}
