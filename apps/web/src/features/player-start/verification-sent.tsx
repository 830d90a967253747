import { useMutation } from '../../lib/query';
import { resendVerification } from '../../api/play';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `VerificationSent`. */
export interface VerificationSentProps {
  slug: string;
  email: string;
  onChangeEmail: () => void;
}

/**
 * 'Controlla la tua email': the address the link went to, 'Invia di nuovo l'email' (a new link,
 * within the server's limits on mails) and 'Cambia email'.
 */
export function VerificationSent({ slug, email, onChangeEmail }: VerificationSentProps) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: () => resendVerification(slug, email) });
  return (
    <section className="player-card start-form" aria-labelledby="start-verification-title">
      <h1 id="start-verification-title" className="player-title">
        {t('player.checkEmail')}
      </h1>
      <p>
        {t('player.startScreen.verificationSent')} <strong className="start-email">{email}</strong>
      </p>
      <p className="player-muted">{t('player.startScreen.verificationHint')}</p>
      <div role="status" aria-live="polite">
        {resend.isSuccess && (
          <p className="player-alert player-alert--success">
            {t('player.startScreen.resent', { email: resend.data.email })}
          </p>
        )}
      </div>
      {resend.isError && (
        <p className="player-alert" role="alert">
          {serverErrorText(resend.error, t) ?? t('player.startScreen.resendFailed')}
        </p>
      )}
      <div className="player-actions">
        <button
          className="player-button"
          type="button"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? t('player.startScreen.resending') : t('player.startScreen.resend')}
        </button>
        <button
          className="player-button player-button--secondary"
          type="button"
          onClick={onChangeEmail}
        >
          {t('player.changeEmail')}
        </button>
      </div>
    </section>
  );
}
