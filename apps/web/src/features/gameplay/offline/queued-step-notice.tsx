import { useTranslation } from 'react-i18next';

/** Props of `QueuedStepNotice`. */
export interface QueuedStepNoticeProps {
  place: string;
  index: number;
  total: number;
  /** Exploration routes move freely between steps (Back, Next). */
  exploration: boolean;
  onMove: (index: number) => void;
}

/** A step whose try waits to be sent: it is saved, and will be checked once back online. */
export function QueuedStepNotice({
  place,
  index,
  total,
  exploration,
  onMove,
}: QueuedStepNoticeProps) {
  const { t } = useTranslation();
  return (
    <section className="player-card gameplay__step">
      <p className="gameplay__step-number">{t('gameplay.stepOf', { n: index + 1, total })}</p>
      <h2 className="gameplay-offline__place">{place}</h2>
      <p className="player-title">{t('offline.savedTitle')}</p>
      <p className="player-muted">{t('offline.savedText')}</p>
      {exploration && (
        <div className="player-actions player-actions--row gameplay__nav">
          <button
            type="button"
            className="player-button player-button--secondary"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            {t('gameplay.back')}
          </button>
          <button
            type="button"
            className="player-button player-button--secondary"
            disabled={index >= total - 1}
            onClick={() => onMove(index + 1)}
          >
            {t('gameplay.next')}
          </button>
        </div>
      )}
    </section>
  );
}
