import { useTranslation } from 'react-i18next';

/** Props of `VerificationSent`. */
export interface VerificationSentProps {
  email: string;
  onChangeEmail: () => void;
}

/** 'Controlla la tua email': the address the link went to and 'Cambia email'. */
export function VerificationSent({ email, onChangeEmail }: VerificationSentProps) {
  const { t } = useTranslation();
  return (
    <section className="player-card start-form" aria-labelledby="start-verification-title">
      <h1 id="start-verification-title" className="player-title">
        {t('player.checkEmail')}
      </h1>
      <p>
        {t('player.startScreen.verificationSent')} <strong className="start-email">{email}</strong>
      </p>
      <p className="player-muted">{t('player.startScreen.verificationHint')}</p>
      <button
        className="player-button player-button--secondary"
        type="button"
        onClick={onChangeEmail}
      >
        {t('player.changeEmail')}
      </button>
    </section>
  );
}
