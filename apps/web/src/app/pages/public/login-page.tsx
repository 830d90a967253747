import { useEffect, useState } from 'react';
import { Navigate } from '../../../lib/router';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { ForgotPasswordDialog } from '../../../features/auth/forgot-password-dialog';
import { SignInForm } from '../../../features/auth/sign-in-form';
import { PlatformMark, usePlatformLook } from '../../../features/landing/platform-look';
import { useSession, useSignOut } from '../../../api/session';
import { useTranslation } from '../../../lib/i18n';

/** Doc 1 §9: how long the login waits for a missing application profile before giving up. */
export const PROFILE_WAIT_MS = 3000;

/**
 * `/login`: generic sign-in. A session with a profile goes to `/home` (replacing history); a
 * session without one waits 3 s, shows the permissions error and signs out.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const [notice, setNotice] = useState<string | null>(null);
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const profileMissing = session.data?.profile === null;
  const { mutate: signOutNow } = signOut;
  const look = usePlatformLook();

  useEffect(() => {
    if (!profileMissing) return;
    const timer = setTimeout(() => {
      setNotice(t('errors.profile_missing'));
      signOutNow();
    }, PROFILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [profileMissing, signOutNow, t]);

  if (session.data?.profile) return <Navigate to="/home" replace />;
  if (session.isPending || profileMissing) return <LoadingSpinner />;

  return (
    <main className="page" style={look}>
      <section className="card auth-card">
        <header className="auth-card__header">
          <PlatformMark size={48} />
          <h1 className="card__title">{t('auth.loginTitle')}</h1>
        </header>
        <SignInForm
          notice={notice}
          onSubmitStart={() => setNotice(null)}
          onForgotPassword={setForgotEmail}
        />
      </section>
      {forgotEmail !== null && (
        <ForgotPasswordDialog initialEmail={forgotEmail} onClose={() => setForgotEmail(null)} />
      )}
    </main>
  );
}

export default LoginPage;
