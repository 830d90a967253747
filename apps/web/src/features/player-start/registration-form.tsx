import type { Registration } from '@tappa/contracts';
import { TEAM_MEMBERS_MAX_LENGTH, TEAM_NAME_MAX_LENGTH } from '@tappa/domain';
import { useMutation } from '../../lib/query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { saveRegistration } from '../../api/play';
import { LengthCount } from '../../components/length-count';
import { serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { AvatarField } from './avatar-field';

/** Props of `RegistrationForm`. */
export interface RegistrationFormProps {
  slug: string;
  /** The team's saved registration, prefilling the form (returning teams). */
  registration: Registration | null;
  onSaved: (registration: Registration) => void;
  onCancel: () => void;
}

/**
 * The team's form: name (required), members (optional, comma-separated), the photo wall's consent
 * (off unless ticked) and photo (optional).
 */
export function RegistrationForm({ slug, registration, onSaved, onCancel }: RegistrationFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [teamName, setTeamName] = useState(registration?.team_name ?? '');
  const [members, setMembers] = useState(registration?.team_members ?? '');
  const [wallConsent, setWallConsent] = useState(registration?.photo_wall_consent ?? false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [missingName, setMissingName] = useState(false);
  const save = useMutation({
    mutationFn: () => saveRegistration(slug, { teamName, members, wallConsent, avatar }),
    onSuccess: onSaved,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = teamName.trim() === '';
    setMissingName(missing);
    if (!missing) save.mutate();
  };

  return (
    <form className="start-form" onSubmit={handleSubmit}>
      <div className="player-field">
        <label className="player-field__label" htmlFor={`${id}-name`}>
          {t('player.startScreen.teamNameLabel')}
        </label>
        <input
          id={`${id}-name`}
          className="player-input"
          name="team_name"
          autoComplete="off"
          required
          maxLength={TEAM_NAME_MAX_LENGTH}
          aria-invalid={missingName}
          aria-describedby={missingName ? `${id}-name-error` : undefined}
          value={teamName}
          onChange={(event) => setTeamName(event.target.value)}
        />
        <LengthCount length={teamName.length} max={TEAM_NAME_MAX_LENGTH} />
        {missingName && (
          <span id={`${id}-name-error`} className="player-field__error">
            {t('player.entry.teamNameRequired')}
          </span>
        )}
      </div>
      <div className="player-field">
        <label className="player-field__label" htmlFor={`${id}-members`}>
          {t('player.startScreen.membersLabel')}
        </label>
        <input
          id={`${id}-members`}
          className="player-input"
          name="team_members"
          autoComplete="off"
          maxLength={TEAM_MEMBERS_MAX_LENGTH}
          aria-describedby={`${id}-members-hint`}
          value={members}
          onChange={(event) => setMembers(event.target.value)}
        />
        <LengthCount length={members.length} max={TEAM_MEMBERS_MAX_LENGTH} />
        <span id={`${id}-members-hint`} className="player-field__hint">
          {t('player.startScreen.membersHint')}
        </span>
      </div>
      <label className="player-check">
        <input
          type="checkbox"
          name="photo_wall_consent"
          checked={wallConsent}
          onChange={(event) => setWallConsent(event.target.checked)}
        />
        <span>{t('player.startScreen.wallConsent')}</span>
      </label>
      <AvatarField currentUrl={registration?.avatar_url ?? null} onChange={setAvatar} />
      {save.isError && (
        <p className="player-alert" role="alert">
          {serverErrorText(save.error, t) ?? t('player.saveFailed')}
        </p>
      )}
      <div className="player-actions player-actions--row">
        <button
          className="player-button player-button--secondary"
          type="button"
          onClick={onCancel}
          disabled={save.isPending}
        >
          {t('player.cancel')}
        </button>
        <button className="player-button" type="submit" disabled={save.isPending}>
          {save.isPending ? t('player.startScreen.saving') : t('player.continue')}
        </button>
      </div>
    </form>
  );
}
