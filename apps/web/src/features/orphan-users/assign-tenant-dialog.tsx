import type { GrantableRole, OrphanUser } from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTenantList } from '../../api/platform-tenants';
import { useGrantTenantRole } from '../../api/tenant-roles';
import { FormActions } from '../../components/form-actions';
import { Field } from '../../components/form-field';
import { GrantableRoleSelect } from '../../components/grantable-role-select';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `AssignTenantDialog`. */
export interface AssignTenantDialogProps {
  user: OrphanUser;
  onClose: () => void;
  /** The role was given; the account is no orphan any more. */
  onAssigned: (tenantName: string) => void;
}

/** Rescues an orphan: gives it a role in a tenant chosen from the list (the Roles endpoint). */
export function AssignTenantDialog({ user, onClose, onAssigned }: AssignTenantDialogProps) {
  const { t } = useTranslation();
  const tenants = useTenantList();
  const grant = useGrantTenantRole();
  const [tenantId, setTenantId] = useState('');
  const [role, setRole] = useState<GrantableRole>('game_manager');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const tenant = tenants.data?.find((candidate) => candidate.id === tenantId);
    if (!tenant) return;
    grant.mutate(
      { tenantId, email: user.email, role },
      { onSuccess: () => onAssigned(tenant.name) },
    );
  }

  return (
    <Modal
      title={t('orphanUsers.assignTitle', { email: user.email })}
      closeLabel={t('orphanUsers.close')}
      size="small"
      onClose={onClose}
    >
      <form className="form" onSubmit={handleSubmit}>
        {grant.error ? (
          <p role="alert" className="alert alert--error">
            {errorText(grant.error, t)}
          </p>
        ) : null}
        <QueryState query={tenants}>
          {(list) => (
            <Field label={t('orphanUsers.tenant')} required>
              {(control) => (
                <select
                  {...control}
                  value={tenantId}
                  onChange={(event) => setTenantId(event.target.value)}
                >
                  <option value="">{t('orphanUsers.chooseTenant')}</option>
                  {list.map((tenant) => (
                    <option key={tenant.id} value={tenant.id}>
                      {tenant.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </QueryState>
        <Field label={t('orphanUsers.role')}>
          {(control) => <GrantableRoleSelect {...control} value={role} onValueChange={setRole} />}
        </Field>
        <FormActions
          submitLabel={t('orphanUsers.submit')}
          pendingLabel={t('orphanUsers.submitting')}
          isPending={grant.isPending}
          disabled={tenantId === ''}
          cancelLabel={t('orphanUsers.cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
