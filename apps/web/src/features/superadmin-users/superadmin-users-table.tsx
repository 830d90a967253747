import type { SuperadminUser } from '@tappa/contracts';
import { CreatedDate } from '../../components/created-date';
import { AdminTable } from '../../components/admin-table';
import { useTranslation } from '../../lib/i18n';

/** Props of `SuperadminUsersTable`. */
export interface SuperadminUsersTableProps {
  users: SuperadminUser[];
  /** The account whose write is under way: its buttons wait. */
  busyId: string | null;
  onToggleActive: (user: SuperadminUser) => void;
  onEdit: (user: SuperadminUser) => void;
  onDelete: (user: SuperadminUser) => void;
}

/**
 * The superadmin accounts (E-mail, Display name, Created date) with the Active/Inactive status
 * button that toggles `is_active`, Edit and Delete.
 */
export function SuperadminUsersTable({
  users,
  busyId,
  onToggleActive,
  onEdit,
  onDelete,
}: SuperadminUsersTableProps) {
  const { t } = useTranslation();
  if (users.length === 0) return <p className="muted">{t('superadmin.users.noUsers')}</p>;
  return (
    <AdminTable
      label={t('superadmin.manageUsers')}
      columns={[
        t('superadmin.users.columns.email'),
        t('superadmin.users.columns.displayName'),
        t('superadmin.users.columns.created'),
        t('superadmin.users.columns.status'),
        t('superadmin.users.columns.actions'),
      ]}
    >
      {users.map((user) => {
        const busy = busyId === user.id;
        const statusName = user.is_active
          ? t('superadmin.users.deactivateOf', { email: user.email })
          : t('superadmin.users.activateOf', { email: user.email });
        return (
          <tr key={user.id}>
            <td>{user.email}</td>
            <td>{user.display_name ?? <span className="sa-users__muted">—</span>}</td>
            <td>
              <CreatedDate iso={user.created_at} />
            </td>
            <td>
              <button
                type="button"
                className={`btn btn--small sa-users__status sa-users__status--${
                  user.is_active ? 'active' : 'inactive'
                }`}
                aria-label={statusName}
                title={statusName}
                disabled={busy}
                onClick={() => onToggleActive(user)}
              >
                {user.is_active ? t('superadmin.active') : t('superadmin.inactive')}
              </button>
            </td>
            <td>
              <div className="table__actions">
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={t('superadmin.users.editOf', { email: user.email })}
                  onClick={() => onEdit(user)}
                >
                  {t('superadmin.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--danger"
                  aria-label={t('superadmin.users.deleteOf', { email: user.email })}
                  disabled={busy}
                  onClick={() => onDelete(user)}
                >
                  {t('superadmin.delete')}
                </button>
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
