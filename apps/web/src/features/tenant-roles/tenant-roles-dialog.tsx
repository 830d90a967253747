import type { TenantSummary } from '@tappa/contracts';
import { useState } from 'react';
import { useGrantTenantRole, useRemoveTenantRole, useTenantRoles } from '../../api/tenant-roles';
import { Modal } from '../../components/modal';
import type { NoticeMessage } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { AddRoleForm } from './add-role-form';
import { TenantRolesTable } from './tenant-roles-table';
import { dialogs } from '../../lib/dialogs';

/** Props of `TenantRolesDialog`. */
export interface TenantRolesDialogProps {
  tenant: Pick<TenantSummary, 'id' | 'name'>;
  onClose: () => void;
}

/**
 * 'Roles: {tenant}': the accounts with a role in the tenant (e-mail, name, role badge, active),
 * each with its role to change and a Remove after a confirmation, and the form giving an existing
 * account a role by e-mail. The outcome of the last change shows above the list.
 */
export function TenantRolesDialog({ tenant, onClose }: TenantRolesDialogProps) {
  const { t } = useTranslation();
  const roles = useTenantRoles(tenant.id);
  const grant = useGrantTenantRole();
  const remove = useRemoveTenantRole();
  const [message, setMessage] = useState<NoticeMessage | null>(null);
  const failed = (error: Error) => setMessage({ kind: 'error', text: errorText(error, t) });

  return (
    <Modal
      title={t('tenantRoles.title', { name: tenant.name })}
      closeLabel={t('tenantRoles.close')}
      size="wide"
      onClose={onClose}
    >
      <div className="form">
        <p className="muted">{t('tenantRoles.intro')}</p>
        {message ? (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            className={`alert alert--${message.kind}`}
          >
            {message.text}
          </p>
        ) : null}
        <QueryState query={roles}>
          {(list) => (
            <TenantRolesTable
              roles={list}
              busyUserId={remove.isPending ? remove.variables.userId : null}
              onChangeRole={(row, role) => {
                setMessage(null);
                grant.mutate(
                  { tenantId: tenant.id, email: row.email, role },
                  {
                    onSuccess: () => setMessage({ kind: 'success', text: t('tenantRoles.saved') }),
                    onError: failed,
                  },
                );
              }}
              onRemove={(row) => {
                const question = t('tenantRoles.confirmRemove', {
                  email: row.email,
                  name: tenant.name,
                });
                void dialogs.confirm(question).then((confirmed) => {
                  if (!confirmed) return;
                  setMessage(null);
                  remove.mutate(
                    { tenantId: tenant.id, userId: row.user_id },
                    {
                      onSuccess: () =>
                        setMessage({ kind: 'success', text: t('tenantRoles.removed') }),
                      onError: failed,
                    },
                  );
                });
              }}
            />
          )}
        </QueryState>
        <AddRoleForm
          isPending={grant.isPending}
          onSubmit={(input, done) => {
            setMessage(null);
            grant.mutate(
              { tenantId: tenant.id, ...input },
              {
                onSuccess: () => {
                  done();
                  setMessage({ kind: 'success', text: t('tenantRoles.saved') });
                },
                onError: failed,
              },
            );
          }}
        />
      </div>
    </Modal>
  );
}
