import { TOP_TODAY_ROWS } from '@tappa/contracts';
import type { RankingRow } from '@tappa/contracts';
import { RankMedal } from './rank-medal';
import { scoreText } from './ranking-table';
import './scoreboards.css';

/** Props of `TopThreeList`. */
export interface TopThreeListProps {
  /** Today's ranking; only its first three rows are shown. */
  rows: readonly RankingRow[];
  emptyText: string;
  variant?: 'admin' | 'screen';
}

/** Today's podium: the first three teams with their medals and scores. */
export function TopThreeList({ rows, emptyText, variant = 'admin' }: TopThreeListProps) {
  if (rows.length === 0) return <p className="ranking-empty">{emptyText}</p>;
  return (
    <ol className={`top-three top-three--${variant}`}>
      {rows.slice(0, TOP_TODAY_ROWS).map((row) => (
        <li key={row.id} className="top-three__item">
          <RankMedal position={row.position} />
          <span className="top-three__team">{row.team_name}</span>
          <span className="top-three__score">{scoreText(row)}</span>
        </li>
      ))}
    </ol>
  );
}
