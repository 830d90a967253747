import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { Link } from '../../../components/link';
import { ResetPasswordForm } from '../../../features/auth/reset-password-form';
import { TappaMark } from '../../../features/landing/tappa-mark';
import { useTranslation } from '../../../lib/i18n';

/** Doc 2 §2: after a successful reset the page goes to /login after 3 s. */
export const RESET_REDIRECT_MS = 3000;

/** `/reset-password?token=`: sets a new password with the token of the e-mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  let content;
  if (done) {
    content = (
      <p className="alert alert--success" role="status">
        {t('auth.reset.success')}
      </p>
    );
  } else if (token === '') {
    content = (
      <>
        <p className="alert alert--error" role="alert">
          {t('errors.reset_link_invalid')}
        </p>
        <Link to="/login">{t('auth.reset.backToLogin')}</Link>
      </>
    );
  } else {
    content = <ResetPasswordForm token={token} onReset={() => setDone(true)} />;
  }

  return (
    <main className="page">
      <section className="card auth-card">
        <header className="auth-card__header">
          <TappaMark size={48} />
          <h1 className="card__title">{t('auth.reset.title')}</h1>
        </header>
        {content}
      </section>
    </main>
  );
}

export default ResetPasswordPage;
