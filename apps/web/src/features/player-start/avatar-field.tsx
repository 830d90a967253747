import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Props of `AvatarField`. */
export interface AvatarFieldProps {
  /** The team's current photo, shown until another one is picked. */
  currentUrl: string | null;
  onChange: (file: File | null) => void;
}

/** The optional team photo: an image picker with a preview of the picked or current photo. */
export function AvatarField({ currentUrl, onChange }: AvatarFieldProps) {
  const { t } = useTranslation();
  const [pickedUrl, setPickedUrl] = useState<string | null>(null);
  const pickedRef = useRef<string | null>(null);

  // The local preview URL is given back when another photo is picked and on unmount.
  useEffect(
    () => () => {
      if (pickedRef.current) URL.revokeObjectURL(pickedRef.current);
    },
    [],
  );

  const handlePick = (file: File | null) => {
    if (pickedRef.current) URL.revokeObjectURL(pickedRef.current);
    pickedRef.current = file ? URL.createObjectURL(file) : null;
    setPickedUrl(pickedRef.current);
    onChange(file);
  };

  const preview = pickedUrl ?? currentUrl;
  return (
    <div className="player-field">
      <span className="player-field__label" id="start-avatar-label">
        {t('player.startScreen.photoLabel')}
      </span>
      <div className="avatar-field">
        {preview ? (
          <img
            className="avatar-field__preview"
            src={preview}
            alt={t('player.startScreen.photoAlt')}
          />
        ) : (
          <span className="avatar-field__preview avatar-field__preview--empty" aria-hidden="true" />
        )}
        {/* The native picker is hidden: its label is the large button phones can hit. */}
        <label className="player-button player-button--secondary avatar-field__pick">
          {preview ? t('player.startScreen.changePhoto') : t('player.startScreen.choosePhoto')}
          <input
            className="avatar-field__input"
            type="file"
            name="avatar"
            accept="image/*"
            aria-labelledby="start-avatar-label"
            onChange={(event) => handlePick(event.target.files?.[0] ?? null)}
          />
        </label>
      </div>
    </div>
  );
}
