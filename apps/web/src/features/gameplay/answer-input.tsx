import type { PlayerStep } from '@tappa/contracts';
import { useTranslation } from 'react-i18next';

/** A step's answer as typed or chosen: a list for choice steps, text otherwise. */
export type Answer = string | string[];

/** Whether an answer is still empty (nothing typed or chosen). */
export function isEmptyAnswer(answer: Answer): boolean {
  return Array.isArray(answer) ? answer.length === 0 : answer.trim() === '';
}

/** Props of `AnswerInput`. */
export interface AnswerInputProps {
  step: PlayerStep;
  value: Answer;
  onChange: (answer: Answer) => void;
}

/** The answer input of a step by its check type: text, code, choice buttons, QR code, photo. */
export function AnswerInput({ step, value, onChange }: AnswerInputProps) {
  const { t } = useTranslation();
  if (step.check_type === 'photo') {
    return <p className="player-muted gameplay__note">{t('gameplay.photoComingSoon')}</p>;
  }
  if (step.check_type === 'choice') {
    const chosen = Array.isArray(value) ? value : [];
    const toggle = (choice: string) => {
      if (!step.multiple) return onChange([choice]);
      onChange(
        chosen.includes(choice) ? chosen.filter((item) => item !== choice) : [...chosen, choice],
      );
    };
    return (
      <fieldset className="gameplay__choices">
        <legend className="player-field__label">{t('gameplay.selectAnswer')}</legend>
        {(step.choices ?? []).map((choice) => (
          <button
            key={choice}
            type="button"
            className="gameplay__choice"
            aria-pressed={chosen.includes(choice)}
            onClick={() => toggle(choice)}
          >
            {choice}
          </button>
        ))}
      </fieldset>
    );
  }
  const qr = step.check_type === 'qr';
  return (
    <label className="player-field">
      <span className="player-field__label">
        {qr ? t('gameplay.qrCodeLabel') : t('gameplay.yourAnswer')}
      </span>
      <input
        className="player-input"
        type="text"
        autoComplete="off"
        value={typeof value === 'string' ? value : ''}
        placeholder={t('gameplay.answerPlaceholder')}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
