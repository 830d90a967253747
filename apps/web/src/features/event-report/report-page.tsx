import { TenantAreaLayout } from '../../components/tenant-area-layout';
import { useTranslation } from '../../lib/i18n';
import { useParams, useSearchParams } from '../../lib/router';
import { Certificates } from './certificates';
import { EventReportView } from './event-report';
import { reportQueryOf } from './report-format';

/**
 * The report's or the certificates' page in the tenant area, for the route and range of the
 * address (`?route=&from=&to=`); without a route, where to choose one.
 */
export function ReportPage({ kind }: { kind: 'report' | 'certificates' }) {
  const { t } = useTranslation();
  const { tenantSlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = reportQueryOf(searchParams);
  const View = kind === 'report' ? EventReportView : Certificates;
  return (
    <TenantAreaLayout>
      {query ? (
        <View tenantSlug={tenantSlug} query={query} />
      ) : (
        <main className="admin-page">
          <h1 className="admin-page__title">
            {t(
              kind === 'report' ? 'eventReport.titleFallback' : 'eventReport.certificatesFallback',
            )}
          </h1>
          <p>{t('eventReport.noRoute')}</p>
        </main>
      )}
    </TenantAreaLayout>
  );
}
