import type { PlayerStep } from '@tappa/contracts';
import { COMPASS_DEG } from '@tappa/domain';
import type { CompassLetter } from '@tappa/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { AnswerInput, isEmptyAnswer } from './answer-input';
import type { Answer } from './answer-input';
import type { PhotoAnswerProps, PhotoUpload } from './photo-answer';
import { QUEUED_PHOTO_URL } from './offline/use-offline-play';
import { PlaceButton, StepProgress } from './step-card-parts';
import { StepMedia } from './step-media';
import type { AttemptsState } from './use-attempts';
import { useHeading } from './use-heading';
import type { Position } from './use-position';
import { dialogs } from '../../lib/dialogs';

// Parts only some steps show load when a step needs them (the game screen's first-load budget).
const StepPlaceSheet = lazy(async () => ({
  default: (await import('./place-sheet')).StepPlaceSheet,
}));
const CompassPicker = lazy(async () => ({
  default: (await import('./compass-picker')).CompassPicker,
}));
const StepHints = lazy(() => import('./step-hints'));
const DistanceReadout = lazy(async () => ({
  default: (await import('./distance-readout')).DistanceReadout,
}));

/** Props of `StepPanel` (render it keyed by the step so each step starts blank). */
export interface StepPanelProps {
  slug: string;
  gameId: string;
  /** The points left of the route's hint budget; null: no cap. */
  hintBudgetLeft: number | null;
  step: PlayerStep;
  index: number;
  total: number;
  exploration: boolean;
  geolocation: boolean;
  position: Position | null;
  attempts: AttemptsState;
  onSubmit: (answer: Answer | null, headingDeg: number | null) => void;
  uploadPhoto: PhotoUpload;
  /** The step's photo waiting in the offline queue. */
  queuedPhoto: PhotoAnswerProps['queued'];
  onSkip: () => void;
  /** Goes to step `index` (exploration); one past the last step finishes the route. */
  onMove: (index: number) => void;
  onAnswerChange: () => void;
}

/** One step: place, progress, media, task, hint, distance, heading, answer and the buttons. */
export function StepPanel(props: StepPanelProps) {
  const { step, index, total, attempts } = props;
  const { t } = useTranslation();
  // Untouched, a photo step's answer is its photo from the offline queue, if one waits there.
  const [touched, setAnswer] = useState<Answer | null>(null);
  const untouched = step.check_type === 'choice' ? [] : '';
  const answer = touched ?? (props.queuedPhoto ? QUEUED_PHOTO_URL : untouched);
  const [letter, setLetter] = useState<CompassLetter | null>(null);
  const [hint, setHint] = useState(false);
  const [sheet, setSheet] = useState(false);
  const deviceHeading = useHeading(step.requires_orientation);

  const change = (next: Answer) => {
    setAnswer(next);
    props.onAnswerChange();
  };
  // A photo step's answer is its stored photo; the scanner already trims QR codes.
  const sent: Answer | null = step.check_type === 'photo' ? null : answer;
  // Doc 2 §5: nothing to send yet (no answer, no photo), or no position where one is needed.
  const blocked = isEmptyAnswer(answer) || (props.geolocation && props.position === null);
  // The chosen letter, else the phone's compass.
  const headingDeg = letter === null ? deviceHeading : COMPASS_DEG[letter];

  return (
    <section className="player-card gameplay__step">
      <p className="gameplay__step-number">{t('gameplay.stepOf', { n: index + 1, total })}</p>
      <StepProgress index={index} total={total} label={t('gameplay.progress')} />
      <PlaceButton
        place={step.place}
        hint={t('gameplay.openPlace')}
        onOpen={() => setSheet(true)}
      />
      <StepMedia media={step.media} />
      <p className="gameplay__task">{step.task}</p>
      {step.hint && (
        <div className="gameplay__hint">
          <button
            type="button"
            className="player-link"
            aria-expanded={hint}
            onClick={() => setHint(!hint)}
          >
            {hint ? t('gameplay.hideHint') : t('gameplay.showHint')}
          </button>
          {hint && <p className="gameplay__hint-text">{step.hint}</p>}
        </div>
      )}
      <Suspense fallback={null}>
        {step.hints.length > 0 && (
          <StepHints
            slug={props.slug}
            gameId={props.gameId}
            stepId={step.id}
            hints={step.hints}
            firstNumber={step.hint ? 2 : 1}
            budgetLeft={props.hintBudgetLeft}
          />
        )}
        {props.geolocation && (
          <DistanceReadout position={props.position} target={step} radiusM={step.radius_m} />
        )}
        {step.requires_orientation && (
          <CompassPicker
            value={letter}
            deviceHeading={deviceHeading}
            onChange={(next) => {
              setLetter(next);
              props.onAnswerChange();
            }}
          />
        )}
      </Suspense>
      <AnswerInput
        step={step}
        value={answer}
        onChange={change}
        uploadPhoto={props.uploadPhoto}
        queuedPhoto={props.queuedPhoto}
      />
      {attempts.message && (
        <p className="player-alert" role="alert">
          {attempts.message}
        </p>
      )}
      <div className="player-actions">
        {attempts.retry ? (
          <button type="button" className="player-button" onClick={attempts.retry}>
            {t('gameplay.retry')}
          </button>
        ) : (
          <button
            type="button"
            className="player-button gameplay__submit"
            disabled={attempts.busy || blocked}
            onClick={() => props.onSubmit(sent, headingDeg)}
          >
            {attempts.busy ? t('gameplay.checking') : t('gameplay.submit')}
          </button>
        )}
        {!props.exploration && (
          <button
            type="button"
            className="player-button player-button--secondary"
            disabled={attempts.busy}
            onClick={() => {
              void dialogs.confirm(t('gameplay.confirmSkip')).then((skip) => {
                if (skip) props.onSkip();
              });
            }}
          >
            {t('gameplay.skip')}
          </button>
        )}
        {props.exploration && (
          <div className="player-actions--row gameplay__nav">
            <button
              type="button"
              className="player-button player-button--secondary"
              disabled={index === 0}
              onClick={() => props.onMove(index - 1)}
            >
              {t('gameplay.back')}
            </button>
            <button
              type="button"
              className="player-button player-button--secondary"
              disabled={attempts.busy}
              onClick={() => props.onMove(index + 1)}
            >
              {t('gameplay.next')}
            </button>
          </div>
        )}
      </div>
      {sheet && (
        <Suspense fallback={null}>
          <StepPlaceSheet
            place={step.place}
            address={step.address}
            lat={step.lat}
            lng={step.lng}
            onClose={() => setSheet(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
