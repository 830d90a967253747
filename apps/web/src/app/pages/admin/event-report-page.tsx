import { ReportPage } from '../../../features/event-report/report-page';
import { useLocation } from '../../../lib/router';

/**
 * `/:tenantSlug/analytics/report?route=&from=&to=`: the printable event report, and at
 * `…/analytics/certificates` a certificate per team (issue 38): one lazy page for both.
 */
export function EventReportPage() {
  const { pathname } = useLocation();
  return <ReportPage kind={pathname.endsWith('/certificates') ? 'certificates' : 'report'} />;
}

export default EventReportPage;
