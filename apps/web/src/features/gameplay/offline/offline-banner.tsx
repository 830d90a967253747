import { useTranslation } from '../../../lib/i18n';
import './offline.css';

/** Props of `OfflineBanner`. */
export interface OfflineBannerProps {
  isOnline: boolean;
  /** Tries and skips waiting to be sent. */
  waiting: number;
  /** What the server said of tries sent late that were not accepted. */
  notes: readonly string[];
  onDismissNotes: () => void;
}

/**
 * Says that the phone is offline and how many answers wait to be sent, that they are being sent
 * once it is back, and what became of those the server did not accept. Nothing when all is sent.
 */
export function OfflineBanner({ isOnline, waiting, notes, onDismissNotes }: OfflineBannerProps) {
  const { t } = useTranslation();
  const status = !isOnline
    ? waiting > 0
      ? t('offline.waiting', { count: waiting })
      : t('offline.noneWaiting')
    : waiting > 0
      ? t('offline.sending', { count: waiting })
      : null;
  if (status === null && notes.length === 0) return null;
  return (
    <div className="gameplay-offline">
      {status && (
        <p className="gameplay-offline__status" role="status" data-offline={!isOnline}>
          {status}
        </p>
      )}
      {notes.length > 0 && (
        <div className="player-alert" role="alert">
          {notes.map((note, i) => (
            <p key={i}>{note}</p>
          ))}
          <button type="button" className="player-link" onClick={onDismissNotes}>
            {t('offline.dismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
