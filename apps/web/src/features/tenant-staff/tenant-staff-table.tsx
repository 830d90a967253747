import type { StaffMember } from '@tappa/contracts';
import { AdminTable } from '../../components/admin-table';
import { RoleBadge } from '../../components/role-badge';
import { useTranslation } from '../../lib/i18n';

/** Props of `TenantStaffTable`. */
export interface TenantStaffTableProps {
  staff: StaffMember[];
  /** Whether the caller may change the staff (not a game manager): else no write buttons. */
  canManage: boolean;
  /** The member whose removal is under way: its buttons wait. */
  busyId: string | null;
  onEdit: (member: StaffMember) => void;
  onRemove: (member: StaffMember) => void;
}

/** The tenant's staff: e-mail, name, role badge, status, and Edit and Remove for its admins. */
export function TenantStaffTable({
  staff,
  canManage,
  busyId,
  onEdit,
  onRemove,
}: TenantStaffTableProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.staff' });
  const { t: area } = useTranslation(undefined, { keyPrefix: 'tenantArea' });
  if (staff.length === 0) return <p className="muted">{area('noAdminUsers')}</p>;
  const columns = [t('columns.email'), t('columns.name'), t('columns.role'), t('columns.status')];
  return (
    <AdminTable
      label={area('settingsTabs.adminUsers')}
      columns={canManage ? [...columns, t('columns.actions')] : columns}
    >
      {staff.map((member) => (
        <tr key={member.user_id}>
          <td>
            {member.email}
            {member.origin === 'role' ? (
              <span className="staff__origin">{t('otherTenant')}</span>
            ) : null}
          </td>
          <td>{member.display_name ?? <span className="muted">—</span>}</td>
          <td>
            <RoleBadge role={member.role} />
          </td>
          <td>
            <span className={`staff__status staff__status--${member.is_active ? 'on' : 'off'}`}>
              {member.is_active ? t('active') : t('inactive')}
            </span>
          </td>
          {canManage ? (
            <td>
              <div className="table__actions">
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={t('editOf', { email: member.email })}
                  onClick={() => onEdit(member)}
                >
                  {t('edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  aria-label={t('removeOf', { email: member.email })}
                  disabled={busyId === member.user_id}
                  onClick={() => onRemove(member)}
                >
                  {t('remove')}
                </button>
              </div>
            </td>
          ) : null}
        </tr>
      ))}
    </AdminTable>
  );
}
