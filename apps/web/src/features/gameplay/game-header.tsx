import { formatElapsed } from '@tappa/domain';
import { useTranslation } from '../../lib/i18n';

/** Props of `GameHeader`. */
export interface GameHeaderProps {
  logoUrl: string | null;
  tenantName: string;
  routeTitle: string;
  teamName: string;
  elapsedMs: number;
  timerPaused: boolean;
  onToggleTimer: () => void;
  onStop: () => void;
}

/**
 * The game's header: tenant logo, route title (two lines at most, the rest elided) and team on
 * one row, the elapsed timer, pause and Stop on the next, so it fits a 360 px wide phone.
 */
export function GameHeader(props: GameHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="gameplay__header">
      <div className="gameplay__identity">
        {props.logoUrl && (
          <img
            className="gameplay__logo"
            src={props.logoUrl}
            alt={t('player.tenantLogo', { tenant: props.tenantName })}
          />
        )}
        <div className="gameplay__heading">
          <h1 className="gameplay__title" title={props.routeTitle}>
            {props.routeTitle}
          </h1>
          <p className="gameplay__team">{t('gameplay.team', { teamName: props.teamName })}</p>
        </div>
      </div>
      <div className="gameplay__controls">
        <time className="gameplay__timer" role="timer" aria-label={t('gameplay.elapsed')}>
          {formatElapsed(props.elapsedMs)}
        </time>
        <button
          type="button"
          className="gameplay__icon-button"
          aria-pressed={props.timerPaused}
          onClick={props.onToggleTimer}
        >
          {props.timerPaused ? t('gameplay.resumeTimer') : t('gameplay.pauseTimer')}
        </button>
        <button type="button" className="gameplay__stop" onClick={props.onStop}>
          {t('gameplay.stop')}
        </button>
      </div>
    </header>
  );
}
