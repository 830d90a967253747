import type { OrphanUser } from '@tappa/contracts';
import { CreatedDate } from '../../components/created-date';
import { ActiveBadge } from '../../components/active-badge';
import { AdminTable } from '../../components/admin-table';
import { useTranslation } from '../../lib/i18n';
import './orphan-users.css';

/** Props of `OrphanUsersTable`. */
export interface OrphanUsersTableProps {
  users: OrphanUser[];
  /** The account being deleted (its buttons wait). */
  busyId: string | null;
  onAssign: (user: OrphanUser) => void;
  onDelete: (user: OrphanUser) => void;
}

/** The orphan accounts: ID, E-mail, Display name, Created date, Active, and the actions. */
export function OrphanUsersTable({ users, busyId, onAssign, onDelete }: OrphanUsersTableProps) {
  const { t } = useTranslation();
  return (
    <AdminTable
      label={t('superadmin.orphanUsers')}
      columns={[
        t('orphanUsers.columns.id'),
        t('orphanUsers.columns.email'),
        t('orphanUsers.columns.displayName'),
        t('orphanUsers.columns.created'),
        t('orphanUsers.columns.active'),
        t('orphanUsers.columns.actions'),
      ]}
    >
      {users.map((user) => (
        <tr key={user.id}>
          <td>
            <code className="orphan-id" title={user.id}>
              {user.id}
            </code>
          </td>
          <td>{user.email}</td>
          <td>{user.display_name ?? ''}</td>
          <td>
            <CreatedDate iso={user.created_at} />
          </td>
          <td>
            <ActiveBadge active={user.is_active} />
          </td>
          <td>
            <div className="table__actions">
              <button
                type="button"
                className="btn btn--small"
                aria-label={t('orphanUsers.assignOf', { email: user.email })}
                disabled={busyId === user.id}
                onClick={() => onAssign(user)}
              >
                {t('orphanUsers.assign')}
              </button>
              <button
                type="button"
                className="btn btn--small btn--danger"
                aria-label={t('orphanUsers.deleteOf', { email: user.email })}
                disabled={busyId === user.id}
                onClick={() => onDelete(user)}
              >
                {t('superadmin.delete')}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
