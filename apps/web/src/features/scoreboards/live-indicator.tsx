import { SCOREBOARD_REFRESH_MS } from '@tappa/contracts';
import { useTranslation } from '../../lib/i18n';
import './live-indicator.css';

/** Props of `LiveIndicator`. */
export interface LiveIndicatorProps {
  isLive: boolean;
  className?: string;
}

/** A small dot and word telling whether updates are pushed live or polled every 5 s. */
export function LiveIndicator({ isLive, className }: LiveIndicatorProps) {
  const { t } = useTranslation();
  const classes = ['live-indicator', isLive ? 'live-indicator--on' : '', className ?? ''];
  return (
    <p className={classes.filter(Boolean).join(' ')}>
      <span className="live-indicator__dot" aria-hidden="true" />
      {isLive
        ? t('scoreboard.stream.live')
        : t('scoreboard.stream.polling', { seconds: SCOREBOARD_REFRESH_MS / 1000 })}
    </p>
  );
}
