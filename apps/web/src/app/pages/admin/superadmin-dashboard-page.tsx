import { SuperadminDashboard } from '../../../features/superadmin-tenants/superadmin-dashboard';

/** `/superadmin`: the superadmin dashboard (button row, panels, tenants table, tenant dialog). */
export function SuperadminDashboardPage() {
  return <SuperadminDashboard />;
}

export default SuperadminDashboardPage;
