import type { IdentifyResponse } from '@tappa/contracts';
import { EMAIL_MAX_LENGTH } from '@tappa/domain';
import { useMutation } from '../../lib/query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { identifyPlayer } from '../../api/play';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `EmailCheckForm`. */
export interface EmailCheckFormProps {
  slug: string;
  initialEmail?: string;
  onIdentified: (answer: IdentifyResponse) => void;
}

/** The e-mail step: 'Registrati' and 'Recupera i tuoi dati' both identify the team's e-mail. */
export function EmailCheckForm({ slug, initialEmail = '', onIdentified }: EmailCheckFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const identify = useMutation({
    mutationFn: (value: string) => identifyPlayer(slug, value),
    onSuccess: onIdentified,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') return;
    identify.mutate(email);
  };

  return (
    <form className="player-card start-form" onSubmit={handleSubmit}>
      {/* The page's h1 before a team is identified (the screens after it show theirs). */}
      <h1 className="visually-hidden">{t('player.startScreen.heading')}</h1>
      <p className="player-muted">{t('player.startScreen.intro')}</p>
      <label className="player-field">
        <span className="player-field__label">{t('player.startScreen.email')}</span>
        <input
          className="player-input"
          type="email"
          maxLength={EMAIL_MAX_LENGTH}
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={t('player.startScreen.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      {identify.isError && (
        <p className="player-alert" role="alert">
          {serverErrorText(identify.error, t) ?? t('player.emailCheckFailed')}
        </p>
      )}
      <div className="player-actions">
        <button className="player-button" type="submit" disabled={identify.isPending}>
          {identify.isPending ? t('player.startScreen.checking') : t('player.register')}
        </button>
        <button
          className="player-button player-button--secondary"
          type="submit"
          disabled={identify.isPending}
        >
          {t('player.recoverData')}
        </button>
      </div>
    </form>
  );
}
