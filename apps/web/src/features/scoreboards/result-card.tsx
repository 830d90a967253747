import type { GameResult, Rankings } from '@tappa/contracts';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import './final-scoreboard.css';

/** Props of `ResultCard`. */
export interface ResultCardProps {
  result: GameResult;
  /** The team's place now (it moves as other teams finish); null before it has one. */
  position: number | null;
}

/**
 * The team's place now: its row's position when the rankings shown are of its route (they move
 * live as other teams finish), else the place the result gave.
 */
export function currentPosition(result: GameResult, rankings: Rankings | undefined): number | null {
  const sameRoute = rankings?.route?.slug === result.route.slug;
  const row = sameRoute ? rankings.overall.find((r) => r.id === result.row_id) : undefined;
  return row?.position ?? result.position;
}

/** The 'Complimenti!' card: avatar, team, place, final score (a check mark on exploration). */
export function ResultCard({ result, position }: ResultCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="player-card result-card" aria-labelledby={headingId}>
      <TeamAvatar name={result.team_name} url={result.team_avatar_url} />
      <h2 id={headingId} className="player-title">
        {t('scoreboard.congratulations')}
      </h2>
      <p className="result-card__team">{result.team_name}</p>
      {position !== null && (
        <p className="result-card__position">{t('scoreboard.position', { n: position })}</p>
      )}
      <div className="result-card__score">
        <p className="result-card__label">{t('scoreboard.finalScore')}</p>
        <FinalScore result={result} />
      </div>
      <p className="player-muted">{t('scoreboard.completedMessage')}</p>
    </section>
  );
}

/** The final score with 'punti', or a check mark on exploration routes, which are not scored. */
function FinalScore({ result }: { result: GameResult }) {
  const { t } = useTranslation();
  switch (result.route.route_type) {
    case 'exploration':
      return (
        <p className="result-card__check" role="img" aria-label={t('scoreboard.completedMark')}>
          ✓
        </p>
      );
    case 'progressive':
      return (
        <p className="result-card__points">
          <strong>{result.total_score}</strong> {t('scoreboard.points')}
        </p>
      );
  }
}

/** The team's avatar, or the initial of its name when it has none. */
function TeamAvatar({ name, url }: { name: string; url: string | null }) {
  const { t } = useTranslation();
  if (url) {
    return (
      <img className="result-card__avatar" src={url} alt={t('scoreboard.avatar', { team: name })} />
    );
  }
  return (
    <span className="result-card__avatar result-card__avatar--initial" aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
