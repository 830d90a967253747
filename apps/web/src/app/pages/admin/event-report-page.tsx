import { ReportPage } from '../../../features/event-report/report-page';

/** `/:tenantSlug/analytics/report?route=&from=&to=`: the printable event report (issue 38). */
export function EventReportPage() {
  return <ReportPage kind="report" />;
}

export default EventReportPage;
