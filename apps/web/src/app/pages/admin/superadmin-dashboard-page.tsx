import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/superadmin`: the superadmin dashboard (a placeholder until its issue builds it). */
export function SuperadminDashboardPage() {
  return <PagePlaceholder name="Superadmin dashboard" />;
}

export default SuperadminDashboardPage;
