import {
  HINT_MAX_LENGTH,
  type OrientationName,
  PLACE_MAX_LENGTH,
  SCORING_POINTS_LIMIT,
  STEP_ADDRESS_MAX_LENGTH,
  TASK_MAX_LENGTH,
} from '@tappa/domain';
import { useId } from 'react';
import { Field } from '../../components/form-field';
import { LengthCount } from '../../components/length-count';
import { useTranslation } from '../../lib/i18n';
import { AnswerFields } from './answer-fields';
import { HintsEditor } from './hints-editor';
import { MediaEditor } from './media-editor';
import { ScoringEditor } from './scoring-editor';
import type { StepDraft } from './step-draft';
import type { StepErrors } from './step-payload';

/** Props of `StepForm`. */
export interface StepFormProps {
  draft: StepDraft;
  /** The step's number in the list (1-based). */
  number: number;
  /** Errors to show (empty until a save was refused). */
  errors: StepErrors;
  onChange: (patch: Partial<StepDraft>) => void;
  onClose: () => void;
}

const ORIENTATIONS = ['nord', 'est', 'sud', 'ovest'] as const satisfies readonly OrientationName[];

const isOrientation = (value: string): value is OrientationName =>
  ORIENTATIONS.some((name) => name === value);

/** Every field of the selected step. */
export function StepForm({ draft, number, errors, onChange, onClose }: StepFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const error = (key: keyof StepErrors) => {
    const code = errors[key];
    // The range's numbers come from the domain, where the import checks them too.
    return code
      ? t(`stepEditor.errors.${code}`, { min: -SCORING_POINTS_LIMIT, max: SCORING_POINTS_LIMIT })
      : null;
  };

  return (
    <section className="panel se-form" aria-labelledby={titleId}>
      <div className="se-form__head">
        <h2 id={titleId} className="se-card__title">
          {t('stepEditor.formTitle', { n: number })}
        </h2>
        <button type="button" className="btn btn--small" onClick={onClose}>
          {t('stepEditor.closeForm')}
        </button>
      </div>
      <Field label={t('stepEditor.place')} error={error('place')}>
        {(control) => (
          <>
            <input
              {...control}
              required
              maxLength={PLACE_MAX_LENGTH}
              value={draft.place}
              onChange={(event) => onChange({ place: event.target.value })}
            />
            <LengthCount length={draft.place.length} max={PLACE_MAX_LENGTH} />
          </>
        )}
      </Field>
      <Field label={t('stepEditor.address')} hint={t('stepEditor.addressHint')}>
        {(control) => (
          <>
            <input
              {...control}
              maxLength={STEP_ADDRESS_MAX_LENGTH}
              autoComplete="off"
              value={draft.address}
              onChange={(event) => onChange({ address: event.target.value })}
            />
            <LengthCount length={draft.address.length} max={STEP_ADDRESS_MAX_LENGTH} />
          </>
        )}
      </Field>
      <div className="se-grid3">
        <Field label={t('stepEditor.lat')} error={error('lat')}>
          {(control) => (
            <input
              {...control}
              type="number"
              step="any"
              min="-90"
              max="90"
              value={draft.lat}
              onChange={(event) => onChange({ lat: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('stepEditor.lng')} error={error('lng')}>
          {(control) => (
            <input
              {...control}
              type="number"
              step="any"
              min="-180"
              max="180"
              value={draft.lng}
              onChange={(event) => onChange({ lng: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('stepEditor.radius')} error={error('radius')}>
          {(control) => (
            <input
              {...control}
              type="number"
              step="any"
              min="0"
              value={draft.radius}
              onChange={(event) => onChange({ radius: event.target.value })}
            />
          )}
        </Field>
      </div>
      <p className="form-field__hint">{t('stepEditor.positionHint')}</p>
      <Field label={t('stepEditor.task')} error={error('task')}>
        {(control) => (
          <>
            <textarea
              {...control}
              required
              rows={4}
              maxLength={TASK_MAX_LENGTH}
              value={draft.task}
              onChange={(event) => onChange({ task: event.target.value })}
            />
            <LengthCount length={draft.task.length} max={TASK_MAX_LENGTH} />
          </>
        )}
      </Field>
      <Field label={t('stepEditor.hint')}>
        {(control) => (
          <>
            <input
              {...control}
              maxLength={HINT_MAX_LENGTH}
              value={draft.hint}
              onChange={(event) => onChange({ hint: event.target.value })}
            />
            <LengthCount length={draft.hint.length} max={HINT_MAX_LENGTH} />
          </>
        )}
      </Field>
      <HintsEditor
        hints={draft.hints}
        error={error('hints')}
        onChange={(hints) => onChange({ hints })}
      />
      <AnswerFields draft={draft} errors={errors} onChange={onChange} />
      <Field label={t('stepEditor.orientation')}>
        {(control) => (
          <select
            {...control}
            value={draft.orientation}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ orientation: isOrientation(value) ? value : '' });
            }}
          >
            <option value="">{t('stepEditor.orientations.none')}</option>
            {ORIENTATIONS.map((name) => (
              <option key={name} value={name}>
                {t(`stepEditor.orientations.${name}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <MediaEditor
        media={draft.media}
        error={error('media')}
        onChange={(media) => onChange({ media })}
      />
      <ScoringEditor
        scoring={draft.scoring}
        error={error('scoring')}
        onChange={(scoring) => onChange({ scoring })}
      />
    </section>
  );
}
