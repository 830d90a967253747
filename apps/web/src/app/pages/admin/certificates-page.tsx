import { TenantAreaLayout } from '../../../components/tenant-area-layout';
import { Certificates } from '../../../features/event-report/certificates';
import { reportQueryOf } from '../../../features/event-report/report-format';
import { useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from '../../../lib/router';

/** `/:tenantSlug/analytics/certificates?route=&from=&to=`: a certificate per team, for print. */
export function CertificatesPage() {
  const { t } = useTranslation();
  const { tenantSlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = reportQueryOf(searchParams);
  return (
    <TenantAreaLayout>
      {query ? (
        <Certificates tenantSlug={tenantSlug} query={query} />
      ) : (
        <main className="admin-page">
          <h1 className="admin-page__title">{t('eventReport.certificatesFallback')}</h1>
          <p>{t('eventReport.noRoute')}</p>
        </main>
      )}
    </TenantAreaLayout>
  );
}

export default CertificatesPage;
