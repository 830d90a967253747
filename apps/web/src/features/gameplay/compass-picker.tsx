import type { CompassLetter } from '@tappa/domain';
import { useTranslation } from '../../lib/i18n';

const LETTERS = [
  ['N', 'north'],
  ['E', 'east'],
  ['S', 'south'],
  ['W', 'west'],
] as const satisfies readonly (readonly [CompassLetter, string])[];

/** Props of `CompassPicker`. */
export interface CompassPickerProps {
  value: CompassLetter | null;
  /** The phone's compass, used when no letter is chosen. */
  deviceHeading: number | null;
  onChange: (letter: CompassLetter) => void;
}

/** The N/E/S/W picker of a step that asks which way to face. */
export function CompassPicker({ value, deviceHeading, onChange }: CompassPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="gameplay__compass">
      <legend className="player-field__label">{t('gameplay.orientation')}</legend>
      {LETTERS.map(([letter, key]) => (
        <button
          key={letter}
          type="button"
          className="gameplay__choice gameplay__compass-letter"
          aria-pressed={value === letter}
          onClick={() => onChange(letter)}
        >
          {t(`gameplay.compass.${key}`)}
        </button>
      ))}
      {value === null && deviceHeading !== null && (
        <p className="player-muted gameplay__device-heading">
          {t('gameplay.deviceHeading', { deg: deviceHeading })}
        </p>
      )}
    </fieldset>
  );
}
