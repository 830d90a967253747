import type { SuperadminUser } from '@tappa/contracts';
import { useCallback, useId, useState } from 'react';
import {
  useDeleteSuperadminUser,
  useSetSuperadminUserActive,
  useSuperadminUsers,
} from '../../api/platform-users';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { SuperadminUserDialog } from './superadmin-user-dialog';
import type { UserDialogTarget } from './superadmin-user-dialog';
import { SuperadminUsersTable } from './superadmin-users-table';
import { ErrorAlert } from '../../components/error-alert';
import '../../components/admin-ui.css';
import './superadmin-users.css';
import { dialogs } from '../../lib/dialogs';

/** Doc 1 §9: a saved message stays 3 seconds. */
export const USER_NOTICE_MS = 3000;

/**
 * The Manage Users panel of the superadmin dashboard (doc 1 §2): the superadmin accounts with
 * their status button, and create, edit and delete (after a confirmation).
 */
export function SuperadminUsersPanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const users = useSuperadminUsers();
  const setActive = useSetSuperadminUserActive();
  const remove = useDeleteSuperadminUser();
  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  // The last refusal of the status button or of a delete, until the next action.
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, show } = useNotice(USER_NOTICE_MS);
  const closeDialog = useCallback(() => setDialog(null), []);
  const busyId = setActive.isPending
    ? (setActive.variables?.id ?? null)
    : remove.isPending
      ? (remove.variables ?? null)
      : null;

  function handleToggle(user: SuperadminUser) {
    setFailure(null);
    setActive.mutate(
      { id: user.id, is_active: !user.is_active },
      { onError: (error) => setFailure(errorText(error, t)) },
    );
  }

  async function handleDelete(user: SuperadminUser) {
    setFailure(null);
    if (!(await dialogs.confirm(t('superadmin.users.confirmDelete', { email: user.email }))))
      return;
    remove.mutate(user.id, {
      onSuccess: () => show({ kind: 'success', text: t('superadmin.userDeleted') }),
      // The spec's prefixed form: 'Failed to delete user: ' and the reason.
      onError: (error) =>
        setFailure(t('superadmin.deleteUserFailedWithReason', { msg: errorText(error, t) })),
    });
  }

  function handleSaved(mode: UserDialogTarget['mode']) {
    setDialog(null);
    show({
      kind: 'success',
      text: mode === 'create' ? t('superadmin.superadminCreated') : t('superadmin.userUpdated'),
    });
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <Notice notice={notice} />
      <header className="sa-users__header">
        <h2 id={titleId} className="panel__title">
          {t('superadmin.manageUsers')}
        </h2>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            setFailure(null);
            setDialog({ mode: 'create' });
          }}
        >
          {t('superadmin.users.create')}
        </button>
      </header>
      <ErrorAlert text={failure} />
      <QueryState query={users}>
        {(list) => (
          <SuperadminUsersTable
            users={list}
            busyId={busyId}
            onToggleActive={handleToggle}
            onEdit={(user) => {
              setFailure(null);
              setDialog({ mode: 'edit', user });
            }}
            onDelete={(user) => void handleDelete(user)}
          />
        )}
      </QueryState>
      {dialog ? (
        <SuperadminUserDialog target={dialog} onClose={closeDialog} onSaved={handleSaved} />
      ) : null}
    </section>
  );
}
