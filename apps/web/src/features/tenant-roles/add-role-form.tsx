import type { GrantableRole, TenantRoleGrant } from '@tappa/contracts';
import { EMAIL_MAX_LENGTH } from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { FormActions } from '../../components/form-actions';
import { Field, TextField } from '../../components/form-field';
import { GrantableRoleSelect } from '../../components/grantable-role-select';
import { useTranslation } from '../../lib/i18n';

/** Props of `AddRoleForm`. */
export interface AddRoleFormProps {
  isPending: boolean;
  /** Sends the grant; `done` empties the form once it was taken. */
  onSubmit: (input: TenantRoleGrant, done: () => void) => void;
}

/** 'Add a role': an existing account's e-mail and the role it gets (or changes to) here. */
export function AddRoleForm({ isPending, onSubmit }: AddRoleFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<GrantableRole>('game_manager');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ email: email.trim(), role }, () => setEmail(''));
  }

  return (
    <form className="form" onSubmit={handleSubmit}>
      <fieldset className="form__section">
        <legend>{t('tenantRoles.addTitle')}</legend>
        <div className="form__grid">
          <TextField
            label={t('tenantRoles.email')}
            type="email"
            autoComplete="off"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onValueChange={setEmail}
          />
          <Field label={t('tenantRoles.role')}>
            {(control) => <GrantableRoleSelect {...control} value={role} onValueChange={setRole} />}
          </Field>
        </div>
      </fieldset>
      <FormActions
        submitLabel={t('tenantRoles.add')}
        pendingLabel={t('tenantRoles.adding')}
        isPending={isPending}
        disabled={email.trim() === ''}
      />
    </form>
  );
}
