import { TenantRouteTools } from '../../../features/superadmin-routes/tenant-route-tools';
import { SuperadminDashboard } from '../../../features/superadmin-tenants/superadmin-dashboard';

/**
 * `/superadmin`: the superadmin dashboard (button row, panels, tenants table, tenant dialog),
 * each tenant row with the route tools (daily reset, manage routes, import route).
 */
export function SuperadminDashboardPage() {
  return <SuperadminDashboard tenantActions={(tenant) => <TenantRouteTools tenant={tenant} />} />;
}

export default SuperadminDashboardPage;
