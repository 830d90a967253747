import { useTranslation } from '../../lib/i18n';
import './rank-medal.css';

const MEDALS = { 1: 'gold', 2: 'silver', 3: 'bronze' } as const;

/**
 * A place in a ranking: a gold, silver or bronze medal for the top 3 (named for assistive
 * technology), the plain number below them.
 */
export function RankMedal({ position }: { position: number }) {
  const { t } = useTranslation();
  const medal = position === 1 || position === 2 || position === 3 ? MEDALS[position] : null;
  if (!medal) return <span className="rank-number">{position}</span>;
  return (
    <span
      className={`rank-medal rank-medal--${medal}`}
      role="img"
      aria-label={t(`scoreboard.medals.${medal}`)}
    >
      {position}
    </span>
  );
}
