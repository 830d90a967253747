import type { AnalyticsQuery, EventReport } from '@tappa/contracts';
import { DEFAULT_TIME_ZONE, formatInstant } from '@tappa/domain';
import { useEventReport } from '../../api/event-report';
import { usePublicTenant } from '../../api/public-tenants';
import { Link } from '../../components/link';
import { QueryState } from '../../components/query-state';
import { useDocumentHead } from '../../lib/document-head';
import { type TFunction, useTranslation } from '../../lib/i18n';
import type { Language } from '../../lib/locales/bilingual';
import { ReportBrand } from './report-brand';
import { durationText, placeText, rangeText, reportSearch } from './report-format';
import { StepAnalyticsPrintTable } from './step-analytics-print-table';
import { TeamSection } from './team-section';
import '../../components/admin-ui.css';
import './event-report.css';

/** Props of `EventReportView`. */
export interface EventReportViewProps {
  tenantSlug: string;
  query: AnalyticsQuery;
}

/**
 * The event report for the browser's print (decision 0088): the tenant's brand, the route and
 * range, the event's figures, the final standings, the per-step analytics and one section per
 * team; 'Stampa' prints it (A4, a team per page where it fits).
 */
export function EventReportView({ tenantSlug, query }: EventReportViewProps) {
  const { t, i18n } = useTranslation();
  const report = useEventReport(tenantSlug, query);
  const tenant = usePublicTenant(tenantSlug).data;
  const route = report.data?.analytics.route.title;
  const title = route ? t('eventReport.title', { route }) : t('eventReport.titleFallback');
  useDocumentHead({ title });
  return (
    <main className="admin-page report">
      <div className="report-bar report-screen">
        <Link
          className="report-bar__link"
          to={`/${tenantSlug}/analytics/certificates${reportSearch(query)}`}
        >
          {t('eventReport.toCertificates')}
        </Link>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {t('eventReport.print')}
        </button>
      </div>
      <header className="report-header">
        <ReportBrand tenant={tenant} className="report-brand" />
        <h1 className="report-header__title">{title}</h1>
      </header>
      <QueryState query={report}>
        {(data) => (
          <ReportBody
            report={data}
            t={t}
            language={i18n.language}
            timeZone={tenant?.time_zone ?? DEFAULT_TIME_ZONE}
          />
        )}
      </QueryState>
    </main>
  );
}

/** The report once read: drawn once, every team in plain markup. */
function ReportBody(props: {
  report: EventReport;
  t: TFunction;
  language: Language;
  timeZone: string;
}) {
  const { report, t, language, timeZone } = props;
  const { analytics } = report;
  const places = new Map(analytics.steps.map((step) => [step.number, step.place]));
  const teams = new Map(report.teams.map((team) => [team.game_id, team]));
  return (
    <>
      <p className="report-header__range">
        {rangeText(t, analytics, timeZone)} ·{' '}
        {t('eventReport.computedAt', {
          at: formatInstant(new Date(analytics.computed_at), timeZone, 'dateTime'),
        })}
      </p>
      <section className="report-section report-figures">
        <h2>{t('eventReport.figures.title')}</h2>
        <dl className="report-figures__list">
          <div>
            <dt>{t('eventReport.figures.started')}</dt>
            <dd>{analytics.started}</dd>
          </div>
          <div>
            <dt>{t('eventReport.figures.finished')}</dt>
            <dd>{analytics.finished}</dd>
          </div>
          <div>
            <dt>{t('eventReport.figures.medianTotal')}</dt>
            <dd>{durationText(analytics.median_total_ms)}</dd>
          </div>
        </dl>
      </section>
      <section className="report-section">
        <h2>{t('eventReport.standings.title')}</h2>
        {report.standings.length === 0 ? (
          <p>{t('eventReport.standings.empty')}</p>
        ) : (
          <table className="report-table report-table--standings">
            <thead>
              <tr>
                <th scope="col">{t('eventReport.standings.rank')}</th>
                <th scope="col">{t('eventReport.standings.team')}</th>
                <th scope="col">{t('eventReport.standings.score')}</th>
                <th scope="col">{t('eventReport.standings.time')}</th>
                <th scope="col">{t('eventReport.standings.status')}</th>
              </tr>
            </thead>
            <tbody>
              {report.standings.map((row) => (
                <tr key={row.game_id}>
                  <td>{row.rank}</td>
                  <th scope="row">{row.team_name}</th>
                  <td>{row.score}</td>
                  <td>{durationText(row.total_ms)}</td>
                  <td>{t(`eventReport.gameStatus.${row.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="report-section report-section--steps">
        <h2>{t('eventReport.steps.title')}</h2>
        <StepAnalyticsPrintTable steps={analytics.steps} caption={t('eventReport.steps.title')} />
      </section>
      {report.standings.length > 0 ? (
        <section className="report-section report-teams">
          <h2>{t('eventReport.teams.title')}</h2>
          {report.standings.map((standing) => (
            <TeamSection
              key={standing.game_id}
              standing={standing}
              team={teams.get(standing.game_id)}
              places={places}
              place={placeText(t, language, standing.rank)}
              t={t}
            />
          ))}
        </section>
      ) : null}
    </>
  );
}
