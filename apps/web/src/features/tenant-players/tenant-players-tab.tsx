import { TENANT_PLAYERS_QUERY_MAX, type TenantPlayer } from '@tappa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantPlayers } from '../../api/tenant-players';
import { AdminTable } from '../../components/admin-table';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { PlayersCsvButton } from './players-csv-button';
import { useDebouncedValue } from './use-debounced-value';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './tenant-players.css';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/** Registration times the Italian way, to the minute (dd/mm/yyyy, hh:mm). */
const TIME_FORMAT = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' });

/** A team's Registered (grey) or Started (green) badge. */
function StatusBadge({ started }: { started: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={started ? 'badge badge--success' : 'badge'}>
      {started ? t('tenantArea.playerStatus.started') : t('tenantArea.playerStatus.registered')}
    </span>
  );
}

function PlayerRow({ player }: { player: TenantPlayer }) {
  return (
    <tr>
      <td>{player.team_name}</td>
      <td>{player.email}</td>
      <td>{player.route_title ?? '—'}</td>
      <td>
        <time dateTime={player.registered_at}>
          {TIME_FORMAT.format(new Date(player.registered_at))}
        </time>
      </td>
      <td>
        <StatusBadge started={player.game_started} />
      </td>
    </tr>
  );
}

/**
 * The Players tab of `/{slug}/settings` (doc 1 §2): the tenant's registered teams, newest first,
 * searched on the server by team, e-mail or route; 'Load more' pages on; the CSV holds every
 * team of the search. Team detail and erasure come later.
 */
export function TenantPlayersTab({ tenantSlug }: { tenantSlug: string }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const players = useTenantPlayers(tenantSlug, q);
  const columns = [
    t('tenantArea.playersCsv.teamName'),
    t('tenantArea.playersCsv.email'),
    t('tenantArea.playersCsv.route'),
    t('tenantArea.playersCsv.registeredAt'),
    t('tenantArea.playersTab.status'),
  ];
  return (
    <section className="panel" aria-label={t('tenantArea.settingsTabs.players')}>
      <div className="toolbar tenant-players__toolbar">
        <input
          type="search"
          aria-label={t('tenantArea.playersTab.searchLabel')}
          className="input tenant-players__search"
          placeholder={t('tenantArea.playersTab.searchPlaceholder')}
          value={typed}
          maxLength={TENANT_PLAYERS_QUERY_MAX}
          onChange={(event) => setTyped(event.target.value)}
        />
        <PlayersCsvButton tenantSlug={tenantSlug} q={q} />
      </div>
      <QueryState query={players}>
        {({ pages }) => {
          const rows = pages.flatMap((page) => page.players);
          if (rows.length === 0) {
            return (
              <p className="muted">
                {q ? t('tenantArea.noPlayersMatch') : t('tenantArea.noPlayers')}
              </p>
            );
          }
          return (
            <>
              <AdminTable columns={columns}>
                {rows.map((player) => (
                  <PlayerRow key={player.id} player={player} />
                ))}
              </AdminTable>
              {players.isFetchNextPageError ? (
                <p role="alert" className="alert alert--error">
                  {errorText(players.error, t)}
                </p>
              ) : null}
              {players.hasNextPage ? (
                <button
                  type="button"
                  className="btn tenant-players__more"
                  disabled={players.isFetchingNextPage}
                  onClick={() => void players.fetchNextPage()}
                >
                  {t('tenantArea.playersTab.loadMore')}
                </button>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
