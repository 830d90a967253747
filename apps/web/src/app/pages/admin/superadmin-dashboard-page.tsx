import { AuditLogPanel } from '../../../features/audit-log/audit-log-panel';
import { BackupsPanel } from '../../../features/backups/backups-panel';
import { PlatformBrandPanel } from '../../../features/platform-brand/platform-brand-panel';
import { EmailSettingsPanel } from '../../../features/email-settings/email-settings-panel';
import { OrphanUsersPanel } from '../../../features/orphan-users/orphan-users-panel';
import { TenantRouteTools } from '../../../features/superadmin-routes/tenant-route-tools';
import { SuperadminDashboard } from '../../../features/superadmin-tenants/superadmin-dashboard';
import type { SuperadminPanels } from '../../../features/superadmin-tenants/superadmin-toolbar';
import { SuperadminUsersPanel } from '../../../features/superadmin-users/superadmin-users-panel';
import { TenantRolesAction } from '../../../features/tenant-roles/tenant-roles-action';

/** The built panels of the dashboard's button row (one line each). */
const PANELS: SuperadminPanels = {
  orphanUsers: <OrphanUsersPanel />,
  manageUsers: <SuperadminUsersPanel />,
  brandAssets: <PlatformBrandPanel />,
  settings: <EmailSettingsPanel />,
  auditLog: <AuditLogPanel />,
  backups: <BackupsPanel />,
};

/**
 * `/superadmin`: the superadmin dashboard (button row, panels, tenants table, tenant dialog),
 * each tenant row with the route tools (daily reset, manage routes, import route) and its Roles.
 */
export function SuperadminDashboardPage() {
  return (
    <SuperadminDashboard
      panels={PANELS}
      tenantActions={(tenant) => (
        <>
          <TenantRouteTools tenant={tenant} />
          <TenantRolesAction tenant={tenant} />
        </>
      )}
    />
  );
}

export default SuperadminDashboardPage;
