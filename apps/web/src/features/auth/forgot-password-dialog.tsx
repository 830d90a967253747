import { EMAIL_MAX_LENGTH } from '@tappa/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { requestPasswordReset } from '../../api/password';
import { Modal } from '../../components/modal';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { validateEmail } from './validation';
import type { CredentialError } from './validation';
import '../../components/forms.css';
import '../../components/ui.css';
import './auth.css';

/** Doc 1 §9: the password-reset dialog closes itself 3 s after success. */
export const RESET_DIALOG_CLOSE_MS = 3000;

/** Props of `ForgotPasswordDialog`. */
export interface ForgotPasswordDialogProps {
  /** The e-mail the field starts with (the one typed in the sign-in form). */
  initialEmail?: string;
  onClose: () => void;
}

/** Modal asking for an e-mail and sending a password-reset link: form, sending, success, auto-close. */
export function ForgotPasswordDialog({ initialEmail = '', onClose }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const emailId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState<CredentialError | null>(null);
  const send = useMutation({ mutationFn: requestPasswordReset });

  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => inputRef.current?.focus(), []);

  useEffect(() => {
    if (!send.isSuccess) return;
    const timer = setTimeout(() => closeRef.current(), RESET_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [send.isSuccess]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = validateEmail(email);
    setInvalid(error);
    if (!error) send.mutate({ email: email.trim() });
  };

  return (
    <Modal title={t('auth.forgotPassword')} size="small" onClose={onClose}>
      {send.isSuccess ? (
        <p className="alert alert--success" role="status">
          {t('auth.resetEmailSent')}
        </p>
      ) : (
        <form className="auth-form" noValidate onSubmit={handleSubmit}>
          <p className="muted">{t('auth.forgotPasswordHint')}</p>
          {send.isError && (
            <p className="alert alert--error" role="alert">
              {serverErrorText(send.error, t) ?? t('auth.resetEmailFailed')}
            </p>
          )}
          <div className="field">
            <label className="field__label" htmlFor={emailId}>
              {t('auth.email')}
            </label>
            <input
              ref={inputRef}
              id={emailId}
              className="field__input"
              type="email"
              maxLength={EMAIL_MAX_LENGTH}
              autoComplete="email"
              value={email}
              aria-invalid={invalid ? true : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            {invalid && <span className="field__error">{t(invalid)}</span>}
          </div>
          <div className="form__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('auth.cancel')}
            </button>
            <button type="submit" className="button" disabled={send.isPending}>
              {send.isPending ? t('auth.sending') : t('auth.sendResetLink')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
