import { useEffect } from 'react';
import { useNavigate } from '../../lib/router';
import { Link } from '../../components/link';
import { useEmailVerification } from '../../api/play';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import './player-start.css';

/** Doc 2 §9: how long 'Email verificata!' stays before the start screen opens. */
export const VERIFIED_REDIRECT_MS = 2000;

/** Props of `VerifyEmail`. */
export interface VerifyEmailProps {
  slug: string;
  token: string | null;
  /** Called once the e-mail is verified (the server set the player cookie). */
  onVerified?: (email: string) => void;
}

/**
 * Verifies the token of an e-mailed link once: 'Email verificata!' and, after 2 s, the start
 * screen for that e-mail; or 'Verifica fallita' with the reason and a way back.
 */
export function VerifyEmail({ slug, token, onVerified }: VerifyEmailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verification = useEmailVerification(slug, token);
  const email = verification.data?.email;

  useEffect(() => {
    if (email === undefined) return;
    onVerified?.(email);
    const timer = setTimeout(() => {
      void navigate(`/${slug}/start?${new URLSearchParams({ verified_email: email }).toString()}`, {
        replace: true,
      });
    }, VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [email, navigate, onVerified, slug]);

  if (token && verification.isPending) {
    return (
      <section className="player-card player-message" role="status">
        <span className="spinner__circle" aria-hidden="true" />
        <p className="player-muted">{t('verifyEmail.loading')}</p>
      </section>
    );
  }
  if (email !== undefined) {
    return (
      <section className="player-card player-message">
        <h1 className="player-title">{t('verifyEmail.verified')}</h1>
        <p className="start-email">{email}</p>
      </section>
    );
  }
  const reason = token
    ? (serverErrorText(verification.error, t) ?? t('verifyEmail.genericError'))
    : t('errors.verification_token_invalid');
  return (
    <section className="player-card player-message">
      <h1 className="player-title">{t('verifyEmail.failed')}</h1>
      <p className="player-alert" role="alert">
        {reason}
      </p>
      <Link className="player-button" to={`/${slug}/start`}>
        {t('verifyEmail.backToRegistration')}
      </Link>
    </section>
  );
}
