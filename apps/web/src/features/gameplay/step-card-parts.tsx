import { useTranslation } from '../../lib/i18n';
import './step-card.css';

/** Props of `StepProgress`. */
export interface StepProgressProps {
  /** The current step, from 0. */
  index: number;
  total: number;
  label: string;
}

/**
 * The progress bar (doc 2 §2: current index / total steps) as one segment per step: the steps
 * behind the team are filled and the current one is marked, so the bar shows on step 1 too.
 */
export function StepProgress({ index, total, label }: StepProgressProps) {
  const { t } = useTranslation();
  return (
    <div
      className="gameplay__progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={index}
      aria-valuetext={t('gameplay.stepOf', { n: index + 1, total })}
    >
      {Array.from({ length: total }, (_, i) => (
        <span
          key={i}
          className={
            i < index
              ? 'gameplay__segment gameplay__segment--done'
              : i === index
                ? 'gameplay__segment gameplay__segment--current'
                : 'gameplay__segment'
          }
        />
      ))}
    </div>
  );
}

/** Props of `PlaceButton`. */
export interface PlaceButtonProps {
  place: string;
  /** What the button does: its tooltip and accessible description (its name is the place). */
  hint: string;
  onOpen: () => void;
}

/** The step's place name as what it is: a button (pin, underline, chevron) to 'Luogo della tappa'. */
export function PlaceButton({ place, hint, onOpen }: PlaceButtonProps) {
  return (
    <button
      type="button"
      className="gameplay__place"
      aria-haspopup="dialog"
      title={hint}
      onClick={onOpen}
    >
      <svg className="gameplay__place-icon" aria-hidden="true" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
        />
      </svg>
      <span className="gameplay__place-name">{place}</span>
      <svg className="gameplay__place-chevron" aria-hidden="true" viewBox="0 0 24 24">
        <path fill="currentColor" d="M9.3 5.3 8 6.6l5.4 5.4L8 17.4l1.3 1.3 6.7-6.7-6.7-6.7Z" />
      </svg>
    </button>
  );
}
