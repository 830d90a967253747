import { useTranslation } from '../../lib/i18n';

/** Props of `PhotoFileInput`. */
export interface PhotoFileInputProps {
  /** Receives the chosen or freshly taken photo. */
  onPick: (photo: File) => void;
  disabled?: boolean;
  /** Shown as the main button (no camera on the page) rather than a secondary one. */
  isPrimary?: boolean;
}

/**
 * 'Choose or take a photo': the phone's own picker, which also offers its camera app
 * (`capture="environment"`). It works where the page may not use the camera (permission denied,
 * in-app browsers, no `getUserMedia`), so a photo step never dead-ends.
 */
export function PhotoFileInput({
  onPick,
  disabled = false,
  isPrimary = false,
}: PhotoFileInputProps) {
  const { t } = useTranslation();
  const look = isPrimary ? 'player-button' : 'player-button player-button--secondary';
  return (
    <label className={`${look} gameplay__file${disabled ? ' gameplay__file--disabled' : ''}`}>
      <input
        className="visually-hidden"
        type="file"
        accept="image/*"
        capture="environment"
        disabled={disabled}
        onChange={(event) => {
          const photo = event.target.files?.[0];
          // Cleared, so that choosing the same photo again is a change too.
          event.target.value = '';
          if (photo) onPick(photo);
        }}
      />
      {t('gameplay.choosePhoto')}
    </label>
  );
}
