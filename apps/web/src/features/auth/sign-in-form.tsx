import type { SessionResponse } from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSignIn } from '../../api/session';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { AuthField } from './auth-field';
import { validateEmail, validatePassword } from './validation';
import type { CredentialError } from './validation';
import '../../components/ui.css';
import './auth.css';

/** Props of `SignInForm`. */
export interface SignInFormProps {
  /** Called with the new session after a successful sign-in. */
  onSignedIn?: (session: SessionResponse) => void;
  /** Called when the user submits, so the page can clear its own `notice`. */
  onSubmitStart?: () => void;
  /** An error the page shows in the form's banner (e.g. 'You do not have access to this tenant'). */
  notice?: string | null;
  /** Keeps the button disabled after the sign-in, while the page redirects. */
  busy?: boolean;
  /** Opens the forgot-password dialog with the typed e-mail; no link when absent. */
  onForgotPassword?: (email: string) => void;
}

/** E-mail and password form: checks the fields, signs in and shows the server's message on failure. */
export function SignInForm({
  onSignedIn,
  onSubmitStart,
  notice,
  busy = false,
  onForgotPassword,
}: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: CredentialError; password?: CredentialError }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmitStart?.();
    setFailure(null);
    const next = {
      email: validateEmail(email) ?? undefined,
      password: validatePassword(password) ?? undefined,
    };
    setErrors(next);
    if (next.email || next.password) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (session) => onSignedIn?.(session),
        onError: (error) => setFailure(serverErrorText(error, t) ?? t('auth.authenticationFailed')),
      },
    );
  };

  const banner = failure ?? notice ?? null;
  const pending = signIn.isPending || busy;
  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit}>
      {banner && (
        <p className="alert alert--error" role="alert">
          {banner}
        </p>
      )}
      <AuthField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email ? t(errors.email) : null}
      />
      <AuthField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.password ? t(errors.password) : null}
      />
      <button type="submit" className="button button--block" disabled={pending}>
        {pending ? t('auth.signingIn') : t('auth.signIn')}
      </button>
      {onForgotPassword && (
        <button
          type="button"
          className="link-button auth-form__forgot"
          onClick={() => onForgotPassword(email.trim())}
        >
          {t('auth.forgotPasswordLink')}
        </button>
      )}
    </form>
  );
}
