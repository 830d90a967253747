import type { AnalyticsQuery, RouteStandings } from '@tappa/contracts';
import { DEFAULT_TIME_ZONE, formatInstant } from '@tappa/domain';
import type { PublicTenant } from '@tappa/contracts';
import { useRouteStandings } from '../../api/event-report';
import { usePublicTenant } from '../../api/public-tenants';
import { Link } from '../../components/link';
import { QueryState } from '../../components/query-state';
import { useDocumentHead } from '../../lib/document-head';
import { type TFunction, useTranslation } from '../../lib/i18n';
import type { Language } from '../../lib/locales/bilingual';
import { ReportBrand } from './report-brand';
import { cutName, placeText, reportSearch } from './report-format';
import '../../components/admin-ui.css';
import './event-report.css';

/** Props of `Certificates`. */
export interface CertificatesProps {
  tenantSlug: string;
  query: AnalyticsQuery;
}

/**
 * A certificate per team of the range, all at once, one A4 page each (decision 0088): the
 * tenant's logo and colours, 'Attestato', the team's name (as text, cut to the team-name limit),
 * the route, the date its game started, its place and its score. Reads the standings only.
 */
export function Certificates({ tenantSlug, query }: CertificatesProps) {
  const { t, i18n } = useTranslation();
  const standings = useRouteStandings(tenantSlug, query);
  const tenant = usePublicTenant(tenantSlug).data;
  const route = standings.data?.route.title;
  const title = route
    ? t('eventReport.certificatesTitle', { route })
    : t('eventReport.certificatesFallback');
  useDocumentHead({ title });
  return (
    <main className="admin-page report report--certificates">
      <div className="report-bar report-screen">
        <h1 className="report-bar__title">{title}</h1>
        <Link
          className="report-bar__link"
          to={`/${tenantSlug}/analytics/report${reportSearch(query)}`}
        >
          {t('eventReport.toReport')}
        </Link>
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {t('eventReport.print')}
        </button>
      </div>
      <QueryState query={standings}>
        {(data) => <CertificateList data={data} tenant={tenant} t={t} language={i18n.language} />}
      </QueryState>
    </main>
  );
}

function CertificateList(props: {
  data: RouteStandings;
  tenant: PublicTenant | undefined;
  t: TFunction;
  language: Language;
}) {
  const { data, tenant, t, language } = props;
  if (data.standings.length === 0) {
    return <p className="report-screen">{t('eventReport.certificate.empty')}</p>;
  }
  const timeZone = tenant?.time_zone ?? DEFAULT_TIME_ZONE;
  return (
    <>
      <p className="report-screen muted">
        {t('eventReport.certificate.count', { count: data.standings.length })}
      </p>
      <ol className="certificates">
        {data.standings.map((row) => (
          <li key={row.game_id} className="certificate">
            <ReportBrand tenant={tenant} className="certificate__brand" />
            <p className="certificate__label">{t('eventReport.certificate.label')}</p>
            <p className="certificate__awarded">{t('eventReport.certificate.awarded')}</p>
            <p className="certificate__team">{cutName(row.team_name)}</p>
            <p className="certificate__place">{placeText(t, language, row.rank)}</p>
            <p className="certificate__score">
              {t('eventReport.certificate.score', { score: row.score })}
            </p>
            <dl className="certificate__facts">
              <div>
                <dt>{t('eventReport.certificate.route')}</dt>
                <dd>{data.route.title}</dd>
              </div>
              <div>
                <dt>{t('eventReport.certificate.date')}</dt>
                <dd>{formatInstant(new Date(row.started_at), timeZone, 'date')}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}
