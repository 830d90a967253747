import type { GameLocation } from '@tappa/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { SharingAnswer } from './use-sharing-answer';
import '../../../lib/location-texts';

/** Props of `SharingQuestion`. */
export interface SharingQuestionProps {
  location: GameLocation;
  sending: SharingAnswer;
  /** The refusal's text, if the last answer was refused. */
  errorText: string | null;
}

/**
 * 'Condividere la posizione?' before the first step (decision 0086): who sees the position, for
 * how long it is kept (the tenant's days), why (the organiser's purpose), and the two answers.
 * Nothing asks the browser for the position before the team has chosen to share it.
 */
export function SharingQuestion({ location, sending, errorText }: SharingQuestionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const days = location.retention_days;
  return (
    <section className="player-card gameplay__sharing" aria-labelledby={titleId}>
      <h2 id={titleId} className="player-subtitle">
        {t('location.question')}
      </h2>
      <p className="gameplay__sharing-text">
        {days === 0 ? t('location.retentionHour') : t('location.retention', { count: days })}
      </p>
      {location.purpose && (
        <p className="gameplay__sharing-text">
          <strong>{t('location.why')}</strong> {location.purpose}
        </p>
      )}
      {errorText && (
        <p className="player-alert" role="alert">
          {errorText}
        </p>
      )}
      <div className="player-actions" aria-busy={sending.busy}>
        <button
          type="button"
          className="player-button"
          disabled={sending.busy}
          onClick={() => sending.answer('shared')}
        >
          {t('location.share')}
        </button>
        <button
          type="button"
          className="player-button player-button--secondary"
          disabled={sending.busy}
          onClick={() => sending.answer('declined')}
        >
          {t('location.decline')}
        </button>
      </div>
    </section>
  );
}
