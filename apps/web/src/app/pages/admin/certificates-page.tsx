import { ReportPage } from '../../../features/event-report/report-page';

/** `/:tenantSlug/analytics/certificates?route=&from=&to=`: a certificate per team, for print. */
export function CertificatesPage() {
  return <ReportPage kind="certificates" />;
}

export default CertificatesPage;
