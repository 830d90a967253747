import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { EventReportView } from '../../../features/event-report/event-report';
import { reportQueryOf } from '../../../features/event-report/report-format';
import { useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from '../../../lib/router';

/** `/:tenantSlug/analytics/report?route=&from=&to=`: the printable event report (issue 38). */
export function EventReportPage() {
  const { t } = useTranslation();
  const { tenantSlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = reportQueryOf(searchParams);
  return (
    <TenantAreaLayout>
      {query ? (
        <EventReportView tenantSlug={tenantSlug} query={query} />
      ) : (
        <main className="admin-page">
          <h1 className="admin-page__title">{t('eventReport.titleFallback')}</h1>
          <p>{t('eventReport.noRoute')}</p>
        </main>
      )}
    </TenantAreaLayout>
  );
}

export default EventReportPage;
