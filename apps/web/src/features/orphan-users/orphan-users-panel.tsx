import type { OrphanUser } from '@tappa/contracts';
import { useCallback, useId, useState } from 'react';
import { useDeleteOrphanUser, useOrphanUsers } from '../../api/orphan-users';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { AssignTenantDialog } from './assign-tenant-dialog';
import { OrphanUsersTable } from './orphan-users-table';
import '../../components/admin-ui.css';
import { dialogs } from '../../lib/dialogs';

/** Doc 1 §9: a success message stays 3 seconds. */
export const ORPHAN_NOTICE_MS = 3000;

/**
 * The Orphan Users panel (doc 1 §2): the accounts without a tenant or a role, each deleted after
 * a confirmation ('User deleted successfully!' / 'Failed to delete user: …'), or given a role in
 * a tenant, which takes it out of the list.
 */
export function OrphanUsersPanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const orphans = useOrphanUsers();
  const remove = useDeleteOrphanUser();
  const { notice, show, dismiss } = useNotice(ORPHAN_NOTICE_MS);
  const [assigning, setAssigning] = useState<OrphanUser | null>(null);
  const closeAssign = useCallback(() => setAssigning(null), []);

  async function handleDelete(user: OrphanUser) {
    if (!(await dialogs.confirm(t('orphanUsers.confirmDelete', { email: user.email })))) return;
    dismiss();
    remove.mutate(user.id, {
      onSuccess: () => show({ kind: 'success', text: t('superadmin.userDeleted') }),
      onError: (error) =>
        show({
          kind: 'error',
          text: t('superadmin.deleteUserFailedWithReason', { msg: errorText(error, t) }),
        }),
    });
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('superadmin.orphanUsers')}
      </h2>
      <Notice notice={notice} dismissLabel={t('orphanUsers.close')} onDismiss={dismiss} />
      <QueryState query={orphans}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">{t('superadmin.noOrphanUsers')}</p>
          ) : (
            <OrphanUsersTable
              users={list}
              busyId={remove.isPending ? remove.variables : null}
              onAssign={setAssigning}
              onDelete={(user) => void handleDelete(user)}
            />
          )
        }
      </QueryState>
      {assigning ? (
        <AssignTenantDialog
          user={assigning}
          onClose={closeAssign}
          onAssigned={(tenantName) => {
            setAssigning(null);
            show({
              kind: 'success',
              text: t('orphanUsers.assigned', { email: assigning.email, tenant: tenantName }),
            });
          }}
        />
      ) : null}
    </section>
  );
}
