import type { GrantableRole, TenantRole } from '@tappa/contracts';
import { ActiveBadge } from '../../components/active-badge';
import { AdminTable } from '../../components/admin-table';
import { GrantableRoleSelect } from '../../components/grantable-role-select';
import { RoleBadge } from '../../components/role-badge';
import { useTranslation } from '../../lib/i18n';
import './tenant-roles.css';

/** Props of `TenantRolesTable`. */
export interface TenantRolesTableProps {
  roles: TenantRole[];
  /** The account whose role is being removed (its buttons wait). */
  busyUserId: string | null;
  onChangeRole: (row: TenantRole, role: GrantableRole) => void;
  onRemove: (row: TenantRole) => void;
}

/** The accounts with a role in a tenant: E-mail, Name, Role (badge), Active, and the actions. */
export function TenantRolesTable({
  roles,
  busyUserId,
  onChangeRole,
  onRemove,
}: TenantRolesTableProps) {
  const { t } = useTranslation();
  if (roles.length === 0) return <p className="muted">{t('tenantRoles.none')}</p>;
  return (
    <AdminTable
      label={t('tenantRoles.action')}
      columns={[
        t('tenantRoles.columns.email'),
        t('tenantRoles.columns.name'),
        t('tenantRoles.columns.role'),
        t('tenantRoles.columns.active'),
        t('tenantRoles.columns.actions'),
      ]}
    >
      {roles.map((row) => (
        <tr key={row.user_id}>
          <td>{row.email}</td>
          <td>{row.display_name ?? ''}</td>
          <td>
            <RoleBadge role={row.role} />
          </td>
          <td>
            <ActiveBadge active={row.is_active} />
          </td>
          <td>
            <div className="table__actions">
              {row.role === 'player' ? null : (
                <GrantableRoleSelect
                  className="input tenant-roles__select"
                  aria-label={t('tenantRoles.roleOf', { email: row.email })}
                  value={row.role}
                  disabled={busyUserId === row.user_id}
                  onValueChange={(role) => onChangeRole(row, role)}
                />
              )}
              <button
                type="button"
                className="btn btn--small btn--danger"
                aria-label={t('tenantRoles.removeOf', { email: row.email })}
                disabled={busyUserId === row.user_id}
                onClick={() => onRemove(row)}
              >
                {t('tenantRoles.remove')}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
