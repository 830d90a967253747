import { PASSWORD_MIN_LENGTH, type SuperadminUser } from '@tappa/contracts';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useCreateSuperadminUser, useUpdateSuperadminUser } from '../../api/platform-users';
import { FormActions } from '../../components/form-actions';
import { TextField } from '../../components/form-field';
import { ErrorAlert } from '../../components/error-alert';
import { Modal } from '../../components/modal';
import { errorText, serverErrorText } from '../../lib/error-text';
import { fieldErrorText } from '../../lib/field-checks';
import { useTranslation } from '../../lib/i18n';
import { validateUserForm } from './superadmin-user-validation';
import type { UserFormMode, UserFormValues } from './superadmin-user-validation';

/** What the dialog is open for: a new superadmin, or this one. */
export type UserDialogTarget = { mode: 'create' } | { mode: 'edit'; user: SuperadminUser };

/** Props of `SuperadminUserDialog`. */
export interface SuperadminUserDialogProps {
  target: UserDialogTarget;
  onClose: () => void;
  onSaved: (mode: UserFormMode) => void;
}

/** The create or edit superadmin user modal (doc 1 §2), checked before sending (doc 1 §5). */
export function SuperadminUserDialog({ target, onClose, onSaved }: SuperadminUserDialogProps) {
  const { t } = useTranslation();
  const { mode } = target;
  const [values, setValues] = useState<UserFormValues>({
    email: target.mode === 'edit' ? target.user.email : '',
    display_name: target.mode === 'edit' ? (target.user.display_name ?? '') : '',
    password: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateSuperadminUser();
  const update = useUpdateSuperadminUser();
  const save = mode === 'create' ? create : update;
  const errors = submitted ? validateUserForm(values, mode) : {};
  const bind = (field: keyof UserFormValues) => ({
    value: values[field],
    onValueChange: (value: string) => setValues((current) => ({ ...current, [field]: value })),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateUserForm(values, mode)).length > 0) return;
    const display_name = values.display_name.trim() || null;
    const done = { onSuccess: () => onSaved(mode) };
    if (target.mode === 'create') {
      create.mutate({ email: values.email.trim(), password: values.password, display_name }, done);
    } else {
      const password = values.password === '' ? null : values.password;
      update.mutate({ id: target.user.id, body: { display_name, password } }, done);
    }
  }

  // A refused create the server did not explain reads as the spec's 'Failed to create auth user'.
  const failure =
    save.error === null
      ? null
      : mode === 'create'
        ? (serverErrorText(save.error, t) ?? t('superadmin.createAuthUserFailed'))
        : errorText(save.error, t);

  return (
    <Modal
      title={
        mode === 'create' ? t('superadmin.users.createTitle') : t('superadmin.users.editTitle')
      }
      closeLabel={t('superadmin.users.close')}
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={t('superadmin.users.email')}
          type="email"
          autoComplete="off"
          required={mode === 'create'}
          maxLength={EMAIL_MAX_LENGTH}
          error={fieldErrorText(errors.email, t)}
          {...bind('email')}
          {...(mode === 'edit' ? { readOnly: true, hint: t('superadmin.users.emailFixed') } : {})}
        />
        <TextField
          label={t('superadmin.users.displayName')}
          autoComplete="off"
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          {...bind('display_name')}
        />
        <TextField
          label={
            mode === 'create' ? t('superadmin.users.password') : t('superadmin.users.newPassword')
          }
          type="password"
          autoComplete="new-password"
          required={mode === 'create'}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={t(
            mode === 'create' ? 'superadmin.users.passwordHint' : 'superadmin.users.keepPassword',
            { min: PASSWORD_MIN_LENGTH },
          )}
          error={fieldErrorText(errors.password, t)}
          {...bind('password')}
        />
        <ErrorAlert text={failure} />
        <FormActions
          submitLabel={
            mode === 'create' ? t('superadmin.users.createSubmit') : t('superadmin.users.save')
          }
          pendingLabel={t('superadmin.users.saving')}
          isPending={save.isPending}
          cancelLabel={t('superadmin.users.cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
