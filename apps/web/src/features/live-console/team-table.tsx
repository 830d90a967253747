import type { LiveTeam, LiveTeamStatus } from '@tappa/contracts';
import { formatElapsed } from '@tappa/domain';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ageOf, elapsedAt, liveStatusesAt, NAME_ORDER } from './live-status';
import { StatusBadges } from './status-badges';
import { type TeamAction, TeamActionsMenu } from './team-actions-menu';

/** The columns a team table sorts on. */
const SORT_KEYS = ['team', 'step', 'score', 'tries', 'elapsed', 'lastActive', 'status'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** Which column sorts the table, and which way. */
interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

/** A team row as the table shows it at `now`. */
export interface TeamRow {
  team: LiveTeam;
  statuses: LiveTeamStatus[];
  elapsedMs: number;
}

/**
 * The rows a table shows at first, and adds at each 'Mostra altre': a thousand rows with their
 * menus took the browser seconds to lay out, and the teams that need attention sort first.
 */
export const TEAM_ROWS_SHOWN = 100;

const STATUS_ORDER: readonly LiveTeamStatus[] = ['stuck', 'stale', 'playing', 'paused', 'finished'];

function sortValue(row: TeamRow, key: SortKey): string | number {
  const { team } = row;
  switch (key) {
    case 'team':
      return team.team_name.toLocaleLowerCase();
    case 'step':
      return team.current_step_index;
    case 'score':
      return team.score;
    case 'tries':
      return team.tries_on_step;
    case 'elapsed':
      return row.elapsedMs;
    case 'lastActive':
      return Date.parse(team.last_active_at);
    case 'status':
      return Math.min(...row.statuses.map((status) => STATUS_ORDER.indexOf(status)));
  }
}

/**
 * The rows in the order of `sort`, ties by team name. Each row's value is read once, not at each
 * of the sort's comparisons: a thousand teams took the console's first draw tens of milliseconds.
 */
export function sortRows(rows: readonly TeamRow[], sort: Sort): TeamRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: sortValue(row, sort.key) }));
  keyed.sort((a, b) => {
    if (a.value < b.value) return -sign;
    if (a.value > b.value) return sign;
    return NAME_ORDER.compare(a.row.team.team_name, b.row.team.team_name);
  });
  return keyed.map(({ row }) => row);
}

/** Props of `TeamTable`. */
export interface TeamTableProps {
  teams: readonly LiveTeam[];
  /** The stuck minutes of each route by id (the default when missing). */
  stuckMinutes: (routeId: string) => number;
  now: number;
  onAction: (team: LiveTeam, action: TeamAction) => void;
  /** Whether a row's menu offers to write to its team. */
  canMessage?: boolean;
}

/**
 * The console's teams: a table sortable on every column (`aria-sort`), searched by team, its first
 * TEAM_ROWS_SHOWN rows shown and more on demand; times, ages and the stale and stuck badges follow
 * the clock between pushes.
 */
export function TeamTable({
  teams,
  stuckMinutes,
  now,
  onAction,
  canMessage = false,
}: TeamTableProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'status', direction: 'ascending' });
  const [limit, setLimit] = useState(TEAM_ROWS_SHOWN);
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const shown = teams
      .filter((team) => team.team_name.toLocaleLowerCase().includes(needle))
      .map((team) => ({
        team,
        statuses: liveStatusesAt(team, stuckMinutes(team.route.id), now),
        elapsedMs: elapsedAt(team, now),
      }));
    return sortRows(shown, sort);
  }, [teams, search, sort, now, stuckMinutes]);

  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );

  const age = (iso: string) => {
    const { unit, count } = ageOf(iso, now);
    return t(`ago.${unit}`, { count });
  };

  return (
    <section className="panel live-console__teams" aria-labelledby={headingId}>
      <div className="live-console__panel-head">
        <h2 id={headingId} className="panel__title">
          {t('teamsTitle')}
        </h2>
        <input
          type="search"
          className="input live-console__search"
          aria-label={t('search')}
          placeholder={t('search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {rows.length === 0 ? (
        <p className="muted">{teams.length === 0 ? t('noTeams') : t('noMatch')}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table live-console__table" aria-labelledby={headingId}>
            <thead>
              <tr>
                {SORT_KEYS.map((key) => (
                  <th key={key} scope="col" aria-sort={sort.key === key ? sort.direction : 'none'}>
                    <button
                      type="button"
                      className="live-console__sort"
                      onClick={() => sortBy(key)}
                    >
                      {t(`columns.${key}`)}
                    </button>
                  </th>
                ))}
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, limit).map(({ team, statuses, elapsedMs }) => (
                <tr key={team.game_id}>
                  <th scope="row">{team.team_name}</th>
                  <td>
                    {t('stepOf', {
                      n: Math.min(team.current_step_index + 1, team.step_count),
                      total: team.step_count,
                    })}
                    {team.current_place ? (
                      <span className="muted"> {team.current_place}</span>
                    ) : null}
                  </td>
                  <td>{team.score}</td>
                  <td>{team.tries_on_step}</td>
                  <td>{formatElapsed(elapsedMs)}</td>
                  <td>{age(team.last_active_at)}</td>
                  <td>
                    <StatusBadges statuses={statuses} />
                  </td>
                  <td>
                    <TeamActionsMenu
                      team={team}
                      isFinished={statuses.includes('finished')}
                      onAction={onAction}
                      canMessage={canMessage}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > limit ? (
        <p className="live-console__more">
          <span className="muted">{t('shownOf', { shown: limit, total: rows.length })}</span>
          <button
            type="button"
            className="btn"
            onClick={() => setLimit((shown) => shown + TEAM_ROWS_SHOWN)}
          >
            {t('showMore')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
