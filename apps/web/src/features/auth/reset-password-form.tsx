import { PASSWORD_MIN_LENGTH } from '@tappa/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { resetPassword } from '../../api/password';
import { ApiError } from '../../lib/api-client';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import type { TFunction } from '../../lib/i18n';
import { AuthField } from './auth-field';
import '../../components/ui.css';
import './auth.css';

/** Props of `ResetPasswordForm`. */
export interface ResetPasswordFormProps {
  /** The token of the reset link. */
  token: string;
  /** Called once the new password is saved. */
  onReset: () => void;
}

/** Translation keys of the reset checks (doc 2 §5). */
type ResetCheck = 'resetPassword.mismatch' | 'errors.password_too_short';

/** Checks the two passwords: they must match and be at least `PASSWORD_MIN_LENGTH` long. */
export function checkNewPassword(password: string, confirmation: string): ResetCheck | null {
  if (password !== confirmation) return 'resetPassword.mismatch';
  if (password.length < PASSWORD_MIN_LENGTH) return 'errors.password_too_short';
  return null;
}

/** Two password fields and a submit: sets the new password with the reset link's token. */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [check, setCheck] = useState<ResetCheck | null>(null);
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: onReset,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkNewPassword(password, confirmation);
    setCheck(problem);
    if (!problem) reset.mutate({ token, newPassword: password });
  };

  let banner: string | null = null;
  if (check) banner = t(check, { min: PASSWORD_MIN_LENGTH });
  else if (reset.isError) banner = resetFailure(reset.error, t) ?? t('resetPassword.failed');
  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      {banner && (
        <p className="alert alert--error" role="alert">
          {banner}
        </p>
      )}
      <AuthField
        label={t('auth.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <AuthField
        label={t('auth.reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
      />
      <button type="submit" className="button button--block" disabled={reset.isPending}>
        {reset.isPending ? t('auth.reset.saving') : t('auth.reset.submit')}
      </button>
    </form>
  );
}

/** A 400 carries the server's reason (e.g. the invalid link); anything else is generic. */
function resetFailure(error: unknown, t: TFunction): string | null {
  return error instanceof ApiError && error.status === 400 ? serverErrorText(error, t) : null;
}
