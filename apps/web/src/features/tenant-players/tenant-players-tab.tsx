import { TENANT_PLAYERS_QUERY_MAX, type TenantPlayer } from '@tappa/contracts';
import { isTenantAdmin } from '@tappa/domain';
import { useCallback, useState } from 'react';
import { useSession } from '../../api/session';
import { useTenantPlayers } from '../../api/tenant-players';
import { AdminTable } from '../../components/admin-table';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { tenantRoleFor } from '../../lib/session-roles';
import { PlayerTime } from './player-time';
import { PlayersCsvButton } from './players-csv-button';
import { TeamDetailDialog } from './team-detail-dialog';
import { useDebouncedValue } from './use-debounced-value';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './tenant-players.css';

/** How long typing must pause before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/** Doc 1 §9: a saved message stays 3 seconds. */
const ERASED_NOTICE_MS = 3000;

/** A team's Registered (grey) or Started (green) badge. */
function StatusBadge({ started }: { started: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={started ? 'badge badge--success' : 'badge'}>
      {started ? t('tenantArea.playerStatus.started') : t('tenantArea.playerStatus.registered')}
    </span>
  );
}

function PlayerRow({ player, onOpen }: { player: TenantPlayer; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td>
        <button
          type="button"
          className="link-button"
          aria-label={t('tenantArea.teamDetail.open', { name: player.team_name })}
          onClick={onOpen}
        >
          {player.team_name}
        </button>
      </td>
      <td>{player.email}</td>
      <td>{player.route_title ?? '—'}</td>
      <td>
        <PlayerTime iso={player.registered_at} />
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
 * team of the search. A team's name opens its detail with its games, where the tenant's admins
 * may erase its data on request (decision 0034).
 */
export function TenantPlayersTab({ tenantSlug }: { tenantSlug: string }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  const players = useTenantPlayers(tenantSlug, q);
  const session = useSession();
  const [opened, setOpened] = useState<TenantPlayer | null>(null);
  const { notice, show } = useNotice(ERASED_NOTICE_MS);
  const close = useCallback(() => setOpened(null), []);
  const role = session.data ? tenantRoleFor(session.data, tenantSlug) : null;
  const columns = [
    t('tenantArea.playersCsv.teamName'),
    t('tenantArea.playersCsv.email'),
    t('tenantArea.playersCsv.route'),
    t('tenantArea.playersCsv.registeredAt'),
    t('tenantArea.playersTab.status'),
  ];
  return (
    <section className="panel" aria-label={t('tenantArea.settingsTabs.players')}>
      <Notice notice={notice} />
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
              <AdminTable label={t('tenantArea.settingsTabs.players')} columns={columns}>
                {rows.map((player) => (
                  <PlayerRow key={player.id} player={player} onOpen={() => setOpened(player)} />
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
      {opened ? (
        <TeamDetailDialog
          tenantSlug={tenantSlug}
          team={opened}
          canManageData={isTenantAdmin(role)}
          onClose={close}
          onErased={() => {
            setOpened(null);
            show({ kind: 'success', text: t('tenantArea.teamDetail.erased') });
          }}
        />
      ) : null}
    </section>
  );
}
