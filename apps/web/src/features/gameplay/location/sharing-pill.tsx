import { useTranslation } from '../../../lib/i18n';
import type { SharingAnswer } from './use-sharing-answer';
import '../../../lib/location-texts';

/** Props of `SharingPill`. */
export interface SharingPillProps {
  isShared: boolean;
  /** Sharing, but the browser refuses the position. */
  isDenied: boolean;
  sending: SharingAnswer;
  /** The refusal's text, if the last answer was refused. */
  errorText: string | null;
}

/**
 * The sharing state on the game screen, always in sight (decision 0086): 'Posizione condivisa'
 * with 'Sospendi condivisione', or 'Posizione non condivisa' with 'Condividi la posizione' for a
 * team that declined or suspended and changes its mind. One short row under the header.
 */
export function SharingPill({ isShared, isDenied, sending, errorText }: SharingPillProps) {
  const { t } = useTranslation();
  return (
    <div className="gameplay__sharing-bar">
      <div className="gameplay__sharing-row">
        <p
          className={
            isShared
              ? 'gameplay__sharing-state gameplay__sharing-state--on'
              : 'gameplay__sharing-state'
          }
          role="status"
        >
          <span className="gameplay__sharing-dot" aria-hidden="true" />
          {isShared ? t('location.shared') : t('location.notShared')}
        </p>
        <button
          type="button"
          className="gameplay__sharing-toggle"
          disabled={sending.busy}
          aria-busy={sending.busy}
          onClick={() => sending.answer(isShared ? 'suspended' : 'shared')}
        >
          {isShared ? t('location.suspend') : t('location.share')}
        </button>
      </div>
      {isShared && isDenied && (
        <p className="gameplay__sharing-note">{t('location.unavailable')}</p>
      )}
      {errorText && (
        <p className="player-alert" role="alert">
          {errorText}
        </p>
      )}
    </div>
  );
}
