import type { StaffCreateResponse, StaffMember } from '@tappa/contracts';
import { isTenantAdmin } from '@tappa/domain';
import { useCallback, useId, useState } from 'react';
import { useSession } from '../../api/session';
import { useRemoveTenantStaff, useTenantStaff } from '../../api/tenant-staff';
import { ErrorAlert } from '../../components/error-alert';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { tenantRoleFor } from '../../lib/session-roles';
import { type StaffDialogTarget, TenantStaffDialog } from './tenant-staff-dialog';
import { TenantStaffTable } from './tenant-staff-table';
import '../../components/admin-ui.css';
import './tenant-staff.css';
import { dialogs } from '../../lib/dialogs';

/** Doc 1 §9: a saved message stays 3 seconds. */
const STAFF_NOTICE_MS = 3000;

/** Props of `TenantStaffTab`. */
export interface TenantStaffTabProps {
  tenantSlug: string;
}

/**
 * The Admin Users tab of the tenant settings (doc 1 §2): the tenant's admins and game managers;
 * its admins (and the superadmin) add, edit and remove them (after a confirmation). A game
 * manager reads the list without the write controls (the server refuses them too).
 */
export function TenantStaffTab({ tenantSlug }: TenantStaffTabProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'tenantArea.staff' });
  const { t: tAll } = useTranslation();
  const titleId = useId();
  const session = useSession();
  const staff = useTenantStaff(tenantSlug);
  const remove = useRemoveTenantStaff(tenantSlug);
  const [dialog, setDialog] = useState<StaffDialogTarget | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { notice, show } = useNotice(STAFF_NOTICE_MS);
  const closeDialog = useCallback(() => setDialog(null), []);
  const role = session.data ? tenantRoleFor(session.data, tenantSlug) : null;
  const canManage = isTenantAdmin(role);

  function open(target: StaffDialogTarget) {
    setFailure(null);
    setDialog(target);
  }

  async function handleRemove(member: StaffMember) {
    setFailure(null);
    if (!(await dialogs.confirm(t('confirmRemove', { email: member.email })))) return;
    remove.mutate(member.user_id, {
      onSuccess: () => show({ kind: 'success', text: t('removed') }),
      onError: (error) => setFailure(errorText(error, tAll)),
    });
  }

  function handleSaved(added: StaffCreateResponse | null) {
    setDialog(null);
    const text =
      added === null
        ? t('updated')
        : added.outcome === 'granted'
          ? t('granted', { email: added.member.email })
          : t('created');
    show({ kind: 'success', text });
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <Notice notice={notice} />
      <header className="staff__header">
        <h2 id={titleId} className="panel__title">
          {t('title')}
        </h2>
        {canManage ? (
          <button type="button" className="btn btn--primary" onClick={() => open({ mode: 'add' })}>
            {t('add')}
          </button>
        ) : null}
      </header>
      {session.data && !canManage ? <p className="muted">{t('readOnly')}</p> : null}
      <ErrorAlert text={failure} />
      <QueryState query={staff}>
        {(list) => (
          <TenantStaffTable
            staff={list}
            canManage={canManage}
            busyId={remove.isPending ? (remove.variables ?? null) : null}
            onEdit={(member) => open({ mode: 'edit', member })}
            onRemove={(member) => void handleRemove(member)}
          />
        )}
      </QueryState>
      {dialog ? (
        <TenantStaffDialog
          tenantSlug={tenantSlug}
          target={dialog}
          onClose={closeDialog}
          onSaved={handleSaved}
        />
      ) : null}
    </section>
  );
}
