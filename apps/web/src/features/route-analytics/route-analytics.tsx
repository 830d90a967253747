import type { RouteAnalytics } from '@tappa/contracts';
import { useEffect, useId } from 'react';
import { ANALYTICS_REFRESH_MS, useRouteAnalytics } from '../../api/analytics';
import { useRouteList } from '../../api/routes';
import { ErrorAlert } from '../../components/error-alert';
import { Link } from '../../components/link';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useTenantClock, useTenantTimeZone } from '../../components/tenant-clock';
import { ApiError } from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { FunnelChart, MedianTimeChart } from './analytics-charts';
import { analyticsCsv, analyticsCsvName } from './analytics-csv';
import { AnalyticsFilters, useRangeProblemText } from './analytics-filters';
import { type AnalyticsSearch, queryOf, rangeProblem, searchText } from './analytics-range';
import { AnalyticsTable } from './analytics-table';
import { RouteFigures } from './route-figures';
import '../../components/admin-ui.css';
import './route-analytics.css';

/** Props of `RouteAnalyticsView`. */
export interface RouteAnalyticsViewProps {
  slug: string;
  /** The route and range the address asks for. */
  search: AnalyticsSearch;
  /** Another route or range: the page's address follows (so it can be linked and reloaded). */
  onSearchChange: (search: AnalyticsSearch) => void;
}

/**
 * The organiser's per-step analytics (issue 38, decision 0088): a route and an optional range,
 * the route's figures, the funnel and median-time charts, the steps table and its CSV, read
 * again every 5 s while the page is visible; links to the report and the certificates of the
 * same route and range.
 */
export function RouteAnalyticsView({ slug, search, onSearchChange }: RouteAnalyticsViewProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'analytics' });
  const { t: tAll } = useTranslation();
  const routes = useRouteList(slug);
  const timeZone = useTenantTimeZone();
  const problemText = useRangeProblemText();
  const firstRouteId = routes.data?.[0]?.id;
  // No route asked for: the newest route's figures, the address saying so.
  useEffect(() => {
    if (!search.route && firstRouteId) {
      onSearchChange({ ...search, route: firstRouteId });
    }
  }, [search, firstRouteId, onSearchChange]);
  const result = useRouteAnalytics(slug, queryOf(search));
  const problem = rangeProblem(search.from, search.to);
  // The server's schema refused the query (a range its rules refuse): said as such.
  const failureText = (error: unknown) =>
    error instanceof ApiError && error.code === 'validation_failed'
      ? t('range.refused', { reason: errorText(error, tAll) })
      : errorText(error, tAll);
  const query = searchText(search);

  return (
    <main className="admin-page admin-page--wide route-analytics">
      <div className="ra-title-row">
        <h1 className="admin-page__title">{t('title')}</h1>
        {search.route ? (
          <nav className="ra-title-row__links" aria-label={t('title')}>
            <Link className="btn" to={`/${slug}/analytics/report${query}`}>
              {t('report')}
            </Link>
            <Link className="btn" to={`/${slug}/analytics/certificates${query}`}>
              {t('certificates')}
            </Link>
          </nav>
        ) : null}
      </div>
      {routes.isError ? <ErrorAlert text={errorText(routes.error, tAll)} /> : null}
      {routes.data?.length === 0 ? <p className="panel">{t('noRoutes')}</p> : null}
      {routes.data && routes.data.length > 0 ? (
        <AnalyticsFilters
          routes={routes.data}
          search={search}
          timeZone={timeZone}
          onChange={onSearchChange}
        />
      ) : null}
      {problem ? <ErrorAlert text={problemText(problem)} /> : null}
      {result.isError ? <ErrorAlert text={failureText(result.error)} /> : null}
      {result.isPending && result.fetchStatus === 'fetching' ? <LoadingSpinner /> : null}
      {result.data ? <AnalyticsResult analytics={result.data} search={search} /> : null}
    </main>
  );
}

/** What a read answered: the time of its figures, then the figures, or the plain empty state. */
function AnalyticsResult({
  analytics,
  search,
}: {
  analytics: RouteAnalytics;
  search: AnalyticsSearch;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'analytics' });
  const clock = useTenantClock();
  const tableId = useId();
  const exportCsv = () => {
    const csv = analyticsCsv(analytics, (column) => t(`csv.${column}`));
    const file = new Blob([csv], { type: 'text/csv;charset=utf-8' });
    saveBlob(file, analyticsCsvName(analytics.route.slug));
  };
  return (
    <>
      <div className="ra-status">
        <p className="ra-status__updated">
          {t('updatedAt', { time: clock(analytics.computed_at, 'timeSeconds') })}
        </p>
        <p className="muted">{t('refreshes', { seconds: ANALYTICS_REFRESH_MS / 1000 })}</p>
        {analytics.started > 0 ? (
          <button type="button" className="btn ra-status__csv" onClick={exportCsv}>
            {t('exportCsv')}
          </button>
        ) : null}
      </div>
      {analytics.started === 0 ? (
        <p className="panel ra-empty">{search.from || search.to ? t('emptyRange') : t('empty')}</p>
      ) : (
        <>
          <RouteFigures analytics={analytics} />
          <div className="ra-charts">
            <FunnelChart steps={analytics.steps} tableId={tableId} />
            <MedianTimeChart steps={analytics.steps} tableId={tableId} />
          </div>
          <AnalyticsTable steps={analytics.steps} tableId={tableId} />
        </>
      )}
    </>
  );
}
