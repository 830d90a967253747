import type { PausedGame } from '@tappa/contracts';
import { useTenantClock } from '../../components/tenant-clock';
import { useTranslation } from '../../lib/i18n';
import './paused-games.css';

/** Props of `PausedGamesList`. */
export interface PausedGamesListProps {
  games: readonly PausedGame[];
  onResume: (gameId: string) => void;
  /** The game being resumed, whose button waits. */
  resumingId?: string | null;
  title?: string;
}

/** The team's paused games (route, team, score, step, paused time), each with 'Riprendi'. */
export function PausedGamesList({ games, onResume, resumingId, title }: PausedGamesListProps) {
  const { t } = useTranslation();
  const formatTime = useTenantClock();
  if (games.length === 0) return null;
  return (
    <section className="paused-games" aria-label={title ?? t('player.pausedGames')}>
      {title && <h2 className="player-subtitle">{title}</h2>}
      <ul className="paused-games__list">
        {games.map((game) => (
          <li key={game.id} className="paused-game">
            <div className="paused-game__info">
              <p className="paused-game__route">{game.route_title}</p>
              <p className="paused-game__meta">
                <span>{t('player.paused.team', { team: game.team_name })}</span>
                <span>{t('player.paused.score', { score: game.total_score })}</span>
                <span>{t('player.paused.step', { n: game.step_number })}</span>
              </p>
              {game.paused_at && (
                <p className="paused-game__time">
                  {t('player.paused.pausedAt', { date: formatTime(game.paused_at, 'dateTime') })}
                </p>
              )}
            </div>
            <button
              className="player-button player-button--small"
              type="button"
              disabled={resumingId === game.id}
              onClick={() => onResume(game.id)}
            >
              {t('player.resume')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
