import { isLedgerKind } from '@tappa/domain';
import { useTeamLedger } from '../../api/game-live';
import { LoadingSpinner } from '../../components/loading-spinner';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { signedPoints } from '../../lib/signed-points';

/**
 * 'Perché questi punti': the team's own ledger, oldest first, each entry with its step, what it
 * was, its points and the organisers' reason; an undone correction is marked. Loaded on demand.
 */
export function TeamLedger({ slug, gameId }: { slug: string; gameId: string }) {
  const { t } = useTranslation();
  const ledger = useTeamLedger(slug, gameId);
  if (ledger.isPending) return <LoadingSpinner />;
  if (ledger.isError) {
    return (
      <p className="player-alert" role="alert">
        {errorText(ledger.error, t)}
      </p>
    );
  }
  const { entries, total_score } = ledger.data;
  return (
    <div className="team-ledger">
      {entries.length === 0 ? (
        <p className="player-muted">{t('scoreboard.ledger.empty')}</p>
      ) : (
        <ol className="team-ledger__list">
          {entries.map((entry) => (
            <li key={entry.id} className="team-ledger__entry">
              <span className="team-ledger__points">{signedPoints(entry.points)}</span>{' '}
              <span>
                {isLedgerKind(entry.kind) ? t(`scoreboard.ledger.kinds.${entry.kind}`) : null}
              </span>
              {entry.step ? (
                <span className="player-muted">
                  {' · '}
                  {t('scoreboard.ledger.step', { n: entry.step.number, place: entry.step.place })}
                </span>
              ) : null}
              {entry.reason ? <p className="team-ledger__reason">{entry.reason}</p> : null}
              {entry.undone_by_id !== null ? (
                <span className="player-muted"> ({t('scoreboard.ledger.undone')})</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <p className="team-ledger__total">{t('scoreboard.ledger.total', { score: total_score })}</p>
    </div>
  );
}

export default TeamLedger;
