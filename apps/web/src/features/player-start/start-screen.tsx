import type { IdentifyResponse, PlayerProfile, Registration } from '@tappa/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { EmailCheckForm } from './email-check-form';
import { PausedGamesList } from './paused-games-list';
import { RegistrationForm } from './registration-form';
import { modeOfProfile } from './start-mode';
import type { StartMode } from './start-mode';
import { VerificationSent } from './verification-sent';
import './player-start.css';

/** Props of `StartScreen`. */
export interface StartScreenProps {
  slug: string;
  initialMode: StartMode;
  /** Prefills the e-mail step (e.g. after a verification whose profile could not be read). */
  initialEmail?: string;
  /** Called with the profile the server answered for an identified team. */
  onProfile: (profile: PlayerProfile) => void;
  onSaved: (registration: Registration) => void;
  onResume: (gameId: string) => void;
  resumingId?: string | null;
}

/** The player start screen's four modes: email-check, verification-sent, returning and new. */
export function StartScreen(props: StartScreenProps) {
  const { slug, initialMode, initialEmail, onProfile, onSaved, onResume, resumingId } = props;
  const { t } = useTranslation();
  const [mode, setMode] = useState<StartMode>(initialMode);
  const reset = () => setMode({ kind: 'email-check' });

  const handleIdentified = (answer: IdentifyResponse) => {
    if (answer.mode === 'verification-sent') {
      setMode({ kind: 'verification-sent', email: answer.email });
      return;
    }
    onProfile(answer.profile);
    setMode(modeOfProfile(answer.profile));
  };

  switch (mode.kind) {
    case 'email-check':
      return (
        <EmailCheckForm slug={slug} initialEmail={initialEmail} onIdentified={handleIdentified} />
      );
    case 'verification-sent':
      return <VerificationSent slug={slug} email={mode.email} onChangeEmail={reset} />;
    case 'returning':
    case 'new': {
      const { profile } = mode;
      const returning = mode.kind === 'returning';
      return (
        <>
          <section className="player-card" aria-labelledby="start-team-title">
            <div className="start-heading">
              <h1 id="start-team-title" className="player-title">
                {returning ? t('player.welcomeBack') : t('player.welcome')}
              </h1>
              <p className="start-email">{profile.email}</p>
              <p className="player-muted">
                {returning
                  ? t('player.startScreen.returningHint')
                  : t('player.startScreen.newHint')}
              </p>
            </div>
            <RegistrationForm
              key={profile.email}
              slug={slug}
              registration={profile.registration}
              onSaved={onSaved}
              onCancel={reset}
            />
          </section>
          <PausedGamesList
            title={t('player.pausedGames')}
            games={profile.paused_games}
            onResume={onResume}
            resumingId={resumingId}
          />
        </>
      );
    }
  }
}
