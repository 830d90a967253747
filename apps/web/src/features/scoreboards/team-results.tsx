import type { PublicTenant, TeamLedgerEntry, TeamResults as Results } from '@tappa/contracts';
import { formatElapsed, isLedgerKind } from '@tappa/domain';
import { useTeamResults } from '../../api/team-results';
import { LoadingSpinner } from '../../components/loading-spinner';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import '../../lib/results-texts';
import { signedPoints } from '../../lib/signed-points';
import { ShareImageButton } from './share-image-button';
import './team-results.css';

/** Props of `TeamResults`. */
export interface TeamResultsProps {
  tenant: PublicTenant;
  slug: string;
  gameId: string;
}

/**
 * 'I nostri risultati' (issue 38, decision 0088): the team's own game once it is over — its
 * figures, a share image, and each step with its time, tries, points, reasons and photo. Loaded
 * on demand, with its texts.
 */
export function TeamResults({ tenant, slug, gameId }: TeamResultsProps) {
  const { t } = useTranslation();
  const query = useTeamResults(slug, gameId);
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) {
    return (
      <p className="player-alert" role="alert">
        {errorText(query.error, t)}
      </p>
    );
  }
  const results = query.data;
  const unstepped = results.ledger.filter((entry) => entry.step === null && entry.points !== 0);
  return (
    <div className="team-results">
      <Summary results={results} />
      <ShareImageButton tenant={tenant} results={results} />
      <h3 className="team-results__heading">{t('results.steps')}</h3>
      <ol className="team-results__steps">
        {results.steps.map((step) => (
          <StepResult
            key={step.number}
            step={step}
            entries={results.ledger.filter((entry) => entry.step?.number === step.number)}
          />
        ))}
      </ol>
      {unstepped.length > 0 ? (
        <>
          <h3 className="team-results__heading">{t('results.otherPoints')}</h3>
          <Reasons entries={unstepped} />
        </>
      ) : null}
    </div>
  );
}

/** The route, place, score and total time. */
function Summary({ results }: { results: Results }) {
  const { t } = useTranslation();
  const isScored = results.route.route_type === 'progressive';
  return (
    <dl className="team-results__summary" aria-label={t('results.summary')}>
      <div className="team-results__route">
        <dt>{t('results.route')}</dt>
        <dd>{results.route.title}</dd>
      </div>
      {results.position !== null ? (
        <div>
          <dt>{t('results.position')}</dt>
          <dd>#{results.position}</dd>
        </div>
      ) : null}
      {isScored ? (
        <div>
          <dt>{t('results.score')}</dt>
          <dd>{results.total_score}</dd>
        </div>
      ) : null}
      {results.total_ms !== null ? (
        <div>
          <dt>{t('results.totalTime')}</dt>
          <dd>{formatElapsed(results.total_ms)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** One step: its place and outcome, its time, tries and points, its photo and its reasons. */
function StepResult({
  step,
  entries,
}: {
  step: Results['steps'][number];
  entries: TeamLedgerEntry[];
}) {
  const { t } = useTranslation();
  const title = t('results.step', { n: step.number, place: step.place });
  return (
    <li className="team-results__step">
      <div className="team-results__step-head">
        <h4 className="team-results__place">{title}</h4>
        <span className={`team-results__status team-results__status--${step.status}`}>
          {t(`results.status.${step.status}`)}
        </span>
      </div>
      <dl className="team-results__figures">
        <div>
          <dt>{t('results.time')}</dt>
          <dd>{step.elapsed_ms === null ? t('results.noTime') : formatElapsed(step.elapsed_ms)}</dd>
        </div>
        <div>
          <dt>{t('results.tries')}</dt>
          <dd>{step.attempts}</dd>
        </div>
        <div>
          <dt>{t('results.points')}</dt>
          <dd>{signedPoints(step.points)}</dd>
        </div>
      </dl>
      {step.photo_url ? (
        <img
          className="team-results__photo"
          src={step.photo_url}
          alt={t('results.photoAlt', { n: step.number, place: step.place })}
          loading="lazy"
          decoding="async"
          width={320}
          height={240}
        />
      ) : null}
      {entries.length > 0 ? <Reasons entries={entries} /> : null}
    </li>
  );
}

/** Ledger entries: their points, what they were and the organisers' reason. */
function Reasons({ entries }: { entries: TeamLedgerEntry[] }) {
  const { t } = useTranslation();
  return (
    <ul className="team-results__reasons">
      {entries.map((entry) => (
        <li key={entry.id}>
          <span className="team-results__points">{signedPoints(entry.points)}</span>{' '}
          {isLedgerKind(entry.kind) ? t(`scoreboard.ledger.kinds.${entry.kind}`) : null}
          {entry.reason ? <span className="team-results__reason"> — {entry.reason}</span> : null}
          {entry.undone_by_id !== null ? (
            <span className="player-muted"> ({t('scoreboard.ledger.undone')})</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default TeamResults;
