import {
  PASSWORD_MIN_LENGTH,
  type GrantableRole,
  type StaffCreateResponse,
  type StaffMember,
} from '@tappa/contracts';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAddTenantStaff, useUpdateTenantStaff } from '../../api/tenant-staff';
import { ErrorAlert } from '../../components/error-alert';
import { FormActions } from '../../components/form-actions';
import { ChoiceGroup, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { errorText, serverErrorText } from '../../lib/error-text';
import {
  checkPassword,
  checkRequired,
  checkRequiredEmail,
  fieldErrorText,
} from '../../lib/field-checks';
import { useTranslation } from '../../lib/i18n';

/** What the dialog is open for: a new staff member, or this one. */
export type StaffDialogTarget = { mode: 'add' } | { mode: 'edit'; member: StaffMember };

/** Props of `TenantStaffDialog`. */
export interface TenantStaffDialogProps {
  tenantSlug: string;
  target: StaffDialogTarget;
  onClose: () => void;
  /** After a save: the add's answer (new account or role granted), nothing for an edit. */
  onSaved: (added: StaffCreateResponse | null) => void;
}

const ROLES: readonly GrantableRole[] = ['tenant_admin', 'game_manager', 'judge'];

/**
 * The add or edit admin modal of the Admin Users tab: e-mail, name and password (≥ 6), all
 * required to add (doc 1 §5; name and password optional on edit), role, and on edit the active
 * checkbox. An e-mail that has an account gets a role here and keeps its name and password (the
 * e-mail's hint says so, decision 0058); an account of another tenant keeps them on edit too:
 * only its role and status are editable here.
 */
export function TenantStaffDialog({
  tenantSlug,
  target,
  onClose,
  onSaved,
}: TenantStaffDialogProps) {
  const { t } = useTranslation();
  const { t: s } = useTranslation(undefined, { keyPrefix: 'tenantArea.staff' });
  const member = target.mode === 'edit' ? target.member : null;
  const foreign = member?.origin === 'role';
  const [email, setEmail] = useState(member?.email ?? '');
  const [name, setName] = useState(member?.display_name ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<GrantableRole>(member?.role ?? 'game_manager');
  const [active, setActive] = useState(member?.is_active ?? true);
  const [submitted, setSubmitted] = useState(false);
  const add = useAddTenantStaff(tenantSlug);
  const update = useUpdateTenantStaff(tenantSlug);
  const save = member ? update : add;
  // Adding needs e-mail, name and password (doc 1 §5); editing, none of name and password.
  const checks = {
    email: member ? null : checkRequiredEmail(email),
    name: member ? null : checkRequired(name),
    password: checkPassword(password, !member),
  };
  const shown = submitted ? checks : { email: null, name: null, password: null };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (checks.email || checks.name || checks.password) return;
    const display_name = name.trim() || null;
    if (!member) {
      add.mutate(
        { email: email.trim(), display_name: name.trim(), password, role },
        { onSuccess: (added) => onSaved(added) },
      );
      return;
    }
    const newPassword = password === '' ? null : password;
    const body = foreign
      ? { role, is_active: active }
      : { display_name, password: newPassword, role, is_active: active };
    update.mutate({ userId: member.user_id, body }, { onSuccess: () => onSaved(null) });
  }

  // A refused add the server did not explain reads as the spec's 'Failed to add admin'.
  const failure =
    save.error === null
      ? null
      : member
        ? errorText(save.error, t)
        : (serverErrorText(save.error, t) ?? t('tenantArea.addAdminFailed'));

  return (
    <Modal
      title={member ? s('editTitle') : s('addTitle')}
      closeLabel={s('close')}
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        {foreign ? <p className="muted">{s('notOwnAccount')}</p> : null}
        <TextField
          label={s('email')}
          type="email"
          autoComplete="off"
          required={!member}
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          onValueChange={setEmail}
          error={fieldErrorText(shown.email, t)}
          hint={member ? s('emailFixed') : s('existingAccount')}
          readOnly={member !== null}
        />
        {foreign ? null : (
          <>
            <TextField
              label={s('name')}
              autoComplete="off"
              required={!member}
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              value={name}
              onValueChange={setName}
              error={fieldErrorText(shown.name, t)}
            />
            <TextField
              label={member ? s('newPassword') : s('password')}
              type="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              required={!member}
              hint={s(member ? 'keepPassword' : 'passwordHint', { min: PASSWORD_MIN_LENGTH })}
              value={password}
              onValueChange={setPassword}
              error={fieldErrorText(shown.password, t)}
            />
          </>
        )}
        <ChoiceGroup
          legend={s('role')}
          name="staff-role"
          options={ROLES.map((value) => ({ value, label: s(`roles.${value}`) }))}
          value={role}
          onChange={setRole}
        />
        {member ? (
          <label className="check">
            <input
              type="checkbox"
              checked={active}
              onChange={(event) => setActive(event.target.checked)}
            />
            {s('activeCheckbox')}
          </label>
        ) : null}
        <ErrorAlert text={failure} />
        <FormActions
          submitLabel={member ? s('save') : s('submitAdd')}
          pendingLabel={s('saving')}
          isPending={save.isPending}
          cancelLabel={s('cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
