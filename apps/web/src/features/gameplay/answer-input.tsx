import type { PlayerStep } from '@tappa/contracts';
import { CHECK_ANSWER_MAX_LENGTH } from '@tappa/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { PhotoAnswerProps, PhotoUpload } from './photo-answer';

// The photo and QR inputs (camera, picker, downscaling) load with the first step that needs them,
// not with the game screen: most steps never do, and the screen keeps its first-load budget.
const PhotoAnswer = lazy(async () => ({ default: (await import('./photo-answer')).PhotoAnswer }));
const QrAnswer = lazy(async () => ({ default: (await import('./qr-answer')).QrAnswer }));

/** A step's answer as typed or chosen: a list for choice steps, text otherwise. */
export type Answer = string | string[];

/** Whether an answer is still empty (nothing typed or chosen). */
export function isEmptyAnswer(answer: Answer): boolean {
  return Array.isArray(answer) ? answer.length === 0 : answer.trim() === '';
}

/** Props of `AnswerInput`. */
export interface AnswerInputProps {
  step: PlayerStep;
  /** For photo steps: the uploaded photo's URL. */
  value: Answer;
  onChange: (answer: Answer) => void;
  /** Stores a photo step's photo on the server; resolves to its URL. */
  uploadPhoto: PhotoUpload;
  /** A photo step's photo waiting in the offline queue. */
  queuedPhoto?: PhotoAnswerProps['queued'];
}

/** The answer input of a step by its check type: text, code, choice buttons, QR code, photo. */
export function AnswerInput(props: AnswerInputProps) {
  const { step, value, onChange } = props;
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  switch (step.check_type) {
    case 'photo':
      return (
        <Suspense fallback={null}>
          <PhotoAnswer upload={props.uploadPhoto} onChange={onChange} queued={props.queuedPhoto} />
        </Suspense>
      );
    case 'qr':
      return (
        <Suspense fallback={null}>
          <QrAnswer value={text} onChange={onChange} />
        </Suspense>
      );
    case 'choice':
      return <ChoiceAnswer step={step} value={value} onChange={onChange} />;
    case 'text':
    case 'code':
      return (
        <label className="player-field">
          <span className="player-field__label">{t('gameplay.yourAnswer')}</span>
          <input
            className="player-input"
            type="text"
            autoComplete="off"
            maxLength={CHECK_ANSWER_MAX_LENGTH}
            value={text}
            placeholder={t('gameplay.answerPlaceholder')}
            onChange={(event) => onChange(event.target.value)}
          />
        </label>
      );
  }
}

/** 'Select Your Answer': one button per choice, several pressed at once when `multiple`. */
function ChoiceAnswer({
  step,
  value,
  onChange,
}: Omit<AnswerInputProps, 'uploadPhoto' | 'queuedPhoto'>) {
  const { t } = useTranslation();
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
