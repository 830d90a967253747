import type { RankingRow } from '@tappa/contracts';
import { useTranslation } from '../../lib/i18n';
import { useTenantTimeZone } from '../../components/tenant-clock';
import { formatLastSeen } from './format-last-seen';
import { RankMedal } from './rank-medal';
import './scoreboards.css';

/** A column a ranking table can show. */
export type RankingColumnKey = 'position' | 'team' | 'score' | 'progress' | 'lastSeen';

/** One column of a ranking table and its header text. */
export interface RankingColumn {
  key: RankingColumnKey;
  label: string;
}

/** Props of `RankingTable`. */
export interface RankingTableProps {
  rows: readonly RankingRow[];
  columns: readonly RankingColumn[];
  /** The text shown instead of the table when there are no rows. */
  emptyText: string;
  /** The id of the heading that names the table. */
  labelledBy?: string;
  /** The row of the viewer's own team, highlighted. */
  highlightId?: string | null;
  /** 'Today' for the Last Seen column (the rankings' `computed_at`). */
  now?: Date;
  /** Size and colours: phones, the admin desk or a projector. */
  variant?: 'player' | 'admin' | 'screen';
}

/** The score of a row: '-' on exploration routes, which are not scored (doc 2 §2). */
export function scoreText(row: Pick<RankingRow, 'score' | 'route_type'>): string {
  switch (row.route_type) {
    case 'exploration':
      return '-';
    case 'progressive':
      return String(row.score);
  }
}

/** A ranking as a table with the chosen columns, medals for the top 3 and the own row marked. */
export function RankingTable(props: RankingTableProps) {
  const { rows, columns, emptyText, labelledBy, highlightId, now, variant = 'player' } = props;
  const { i18n } = useTranslation();
  const clock = { timeZone: useTenantTimeZone(), language: i18n.language };
  if (rows.length === 0) return <p className="ranking-empty">{emptyText}</p>;
  return (
    <div className="ranking-wrap">
      <table className={`ranking ranking--${variant}`} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map(({ key, label }) => (
              <th key={key} scope="col" className={`ranking__${key}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isOwn = highlightId != null && row.id === highlightId;
            return (
              <tr
                key={row.id}
                className={isOwn ? 'ranking__row ranking__row--own' : 'ranking__row'}
                aria-current={isOwn ? 'true' : undefined}
              >
                {columns.map(({ key }) => (
                  <td key={key} className={`ranking__${key}`}>
                    <RankingCell column={key} row={row} isOwn={isOwn} now={now} clock={clock} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Props of `RankingCell`. */
interface RankingCellProps {
  column: RankingColumnKey;
  row: RankingRow;
  isOwn: boolean;
  now: Date | undefined;
  /** The tenant's clock 'Last Seen' is read on. */
  clock: { timeZone: string; language: 'it' | 'en' };
}

/** The content of one cell. */
function RankingCell({ column, row, isOwn, now, clock }: RankingCellProps) {
  const { t } = useTranslation();
  switch (column) {
    case 'position':
      return <RankMedal position={row.position} />;
    case 'team':
      return (
        <>
          <span className="ranking__team-name">{row.team_name}</span>
          {isOwn && <span className="ranking__own-badge">{t('scoreboard.ownTeam')}</span>}
        </>
      );
    case 'score':
      return scoreText(row);
    case 'progress':
      return `${row.progress}/${row.total}`;
    case 'lastSeen':
      return (
        <time dateTime={row.last_seen}>
          {formatLastSeen(row.last_seen, now ?? new Date(row.last_seen), clock)}
        </time>
      );
  }
}
