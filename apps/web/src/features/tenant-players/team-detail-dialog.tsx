import type { PlayerMessage, TeamGame, TeamGameStep, TenantTeamDetail } from '@tappa/contracts';
import { formatElapsed } from '@tappa/domain';
import { useGameLedger } from '../../api/live';
import { useEraseTenantTeam, useTenantTeam } from '../../api/tenant-players';
import { eventText } from '../../components/game-event-text';
import { signedPoints } from '../../lib/signed-points';
import { AdminTable } from '../../components/admin-table';
import { ErrorAlert } from '../../components/error-alert';
import { MessageText } from '../../components/message-text';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { useTenantClock } from '../../components/tenant-clock';
import { GameHintsTable } from './game-hints-table';
import { PlayerTime } from './player-time';
import { TeamExportButton } from './team-export-button';
import './tenant-players.css';
import { dialogs } from '../../lib/dialogs';

/** Props of `TeamDetailDialog`. */
export interface TeamDetailDialogProps {
  tenantSlug: string;
  /** The team opened from the list: its name titles the dialog while the detail loads. */
  team: { id: string; team_name: string };
  /** Whether the caller may export and erase the team's data (its tenant admins, the superadmin). */
  canManageData: boolean;
  onClose: () => void;
  /** The team's data was erased: the dialog has nothing left to show. */
  onErased: () => void;
}

const RESULT_BADGE: Record<TeamGameStep['status'], string> = {
  ok: 'badge badge--success',
  skipped: 'badge badge--warning',
  pending: 'badge',
};

/** One of the team's messages (decision 0084): who wrote it, when, its text as text. */
function MessageItem({ message }: { message: PlayerMessage }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.teamDetail' });
  return (
    <li>
      <strong>{message.author === 'staff' ? t('fromStaff') : t('fromTeam')}</strong>{' '}
      <span className="muted">
        <PlayerTime iso={message.sent_at} />
      </span>
      <MessageText text={message.body} />
    </li>
  );
}

function StepRow({ step }: { step: TeamGameStep }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.teamDetail' });
  return (
    <tr>
      <td>{step.place}</td>
      <td>{step.attempts}</td>
      <td>
        <span className={RESULT_BADGE[step.status]}>{t(`result.${step.status}`)}</span>
      </td>
      <td>{step.points}</td>
      <td>{step.elapsed_ms === null ? '—' : formatElapsed(step.elapsed_ms)}</td>
      <td>
        {step.photo_url ? (
          // A private photo: the browser sends the staff session with the request.
          <a href={step.photo_url} target="_blank" rel="noreferrer">
            <img
              className="team-detail__photo"
              src={step.photo_url}
              alt={t('photoOf', { place: step.place })}
              loading="lazy"
            />
          </a>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

function GameSection({ tenantSlug, game }: { tenantSlug: string; game: TeamGame }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.teamDetail' });
  const formatTime = useTenantClock();
  const columns = [
    t('columns.place'),
    t('columns.tries'),
    t('columns.result'),
    t('columns.points'),
    t('columns.time'),
    t('columns.photo'),
  ];
  const started = game.started_at
    ? t('started', { when: formatTime(game.started_at, 'dateTime') })
    : t('notStarted');
  const ended = game.finished_at
    ? t('ended', { when: formatTime(game.finished_at, 'dateTime') })
    : t('notEnded');
  return (
    <section className="team-detail__game" aria-label={game.route_title}>
      <header className="team-detail__game-header">
        <h4 className="team-detail__game-title">{game.route_title}</h4>
        <span className={game.status === 'completed' ? 'badge badge--success' : 'badge'}>
          {t(`gameStatus.${game.status}`)}
        </span>
      </header>
      <p className="muted team-detail__game-meta">
        {started} · {ended} · {t('score', { score: game.total_score })}
      </p>
      <AdminTable label={game.route_title} columns={columns}>
        {game.steps.map((step) => (
          <StepRow key={step.id} step={step} />
        ))}
      </AdminTable>
      <GameHintsTable hints={game.hints} />
      <GameLedgerTable tenantSlug={tenantSlug} gameId={game.id} />
    </section>
  );
}

function TeamFacts({ team }: { team: TenantTeamDetail }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.teamDetail' });
  return (
    <div className="team-detail__facts">
      {team.avatar_url ? (
        <img className="team-detail__avatar" src={team.avatar_url} alt={t('avatar')} />
      ) : null}
      <dl className="team-detail__list">
        <dt>{t('email')}</dt>
        <dd>{team.email}</dd>
        <dt>{t('registeredAt')}</dt>
        <dd>
          <PlayerTime iso={team.registered_at} />
        </dd>
        <dt>{t('route')}</dt>
        <dd>{team.route_title ?? t('noRoute')}</dd>
      </dl>
    </div>
  );
}

/** A game's score ledger (issue 31): every entry with its kind, points, reason and who. */
function GameLedgerTable({ tenantSlug, gameId }: { tenantSlug: string; gameId: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole.ledger' });
  const { t: tAll } = useTranslation();
  const formatTime = useTenantClock();
  const ledger = useGameLedger(tenantSlug, gameId);
  const columns = [
    t('columns.time'),
    t('columns.step'),
    t('columns.kind'),
    t('columns.points'),
    t('columns.reason'),
    t('columns.by'),
  ];
  return (
    <div className="team-detail__ledger">
      <h5 className="team-detail__ledger-title">{t('title')}</h5>
      <QueryState query={ledger}>
        {(data) =>
          data.entries.length === 0 ? (
            <p className="muted">{t('empty')}</p>
          ) : (
            <AdminTable label={t('title')} columns={columns}>
              {data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.at, 'dateTime')}</td>
                  <td>{entry.step ? `${entry.step.number}. ${entry.step.place}` : '—'}</td>
                  <td>{eventText(entry, tAll)}</td>
                  <td>{signedPoints(entry.points)}</td>
                  <td>{entry.reason ?? '—'}</td>
                  <td>{entry.actor_email ?? '—'}</td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryState>
    </div>
  );
}

/**
 * A registered team opened from the Players tab (decision 0034): its e-mail, registration time
 * and route, then each of its games with every step's place, tries, result, points, time and
 * photo, and the hints it took; its admins may export the team's data (JSON) and erase it on its
 * request, after a confirmation.
 */
export function TeamDetailDialog({
  tenantSlug,
  team,
  canManageData,
  onClose,
  onErased,
}: TeamDetailDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.teamDetail' });
  const { t: tAll } = useTranslation();
  const detail = useTenantTeam(tenantSlug, team.id);
  const erase = useEraseTenantTeam(tenantSlug);

  async function handleErase(loaded: TenantTeamDetail) {
    const question = t('confirmErase', { name: loaded.team_name, email: loaded.email });
    if (!(await dialogs.confirm(question))) return;
    erase.mutate(loaded.id, { onSuccess: onErased });
  }

  return (
    <Modal
      title={t('title', { name: detail.data?.team_name ?? team.team_name })}
      closeLabel={t('close')}
      size="wide"
      onClose={onClose}
    >
      <QueryState query={detail}>
        {(loaded) => (
          <div className="team-detail">
            <TeamFacts team={loaded} />
            <h3 className="team-detail__heading">{t('games')}</h3>
            {loaded.games.length === 0 ? <p className="muted">{t('noGames')}</p> : null}
            {loaded.games.map((game) => (
              <GameSection key={game.id} tenantSlug={tenantSlug} game={game} />
            ))}
            <h3 className="team-detail__heading">{t('messages')}</h3>
            {loaded.messages.length === 0 ? <p className="muted">{t('noMessages')}</p> : null}
            {loaded.messages.length > 0 ? (
              <ul className="team-detail__messages">
                {loaded.messages.map((message) => (
                  <MessageItem key={message.id} message={message} />
                ))}
              </ul>
            ) : null}
            {/* Not a footer: inside a dialog it would be a second contentinfo landmark. */}
            <div className="team-detail__erase">
              <ErrorAlert text={erase.isError ? errorText(erase.error, tAll) : null} />
              {canManageData ? (
                <>
                  <p className="muted">{t('exportHint')}</p>
                  <TeamExportButton tenantSlug={tenantSlug} team={loaded} />
                  <p className="muted">{t('eraseHint')}</p>
                  <button
                    type="button"
                    className="btn btn--danger"
                    disabled={erase.isPending}
                    onClick={() => void handleErase(loaded)}
                  >
                    {erase.isPending ? t('erasing') : t('erase')}
                  </button>
                </>
              ) : (
                <p className="muted">{t('eraseAdminsOnly')}</p>
              )}
            </div>
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
