import { HINT_COST_MAX, HINT_MAX_LENGTH, HINT_UNLOCK_MAX_S, STEP_HINTS_MAX } from '@tappa/domain';
import { useId } from 'react';
import { hintNumber } from '../../lib/hint-number';
import { useTranslation } from '../../lib/i18n';
import { newHintDraft, type HintDraft } from './step-draft';

/** Props of `HintsEditor`. */
export interface HintsEditorProps {
  hints: readonly HintDraft[];
  error: string | null;
  onChange: (hints: HintDraft[]) => void;
}

/** A hint's fields besides its text: what it costs and when it unlocks. */
const NUMBER_FIELDS = [
  ['cost', 'hintCost', HINT_COST_MAX],
  ['unlockAfterS', 'hintUnlockAfterS', HINT_UNLOCK_MAX_S],
] as const;

/**
 * The hints after the step's own (decision 0085): add, remove, and edit each one's text, its
 * cost in points and the seconds after reaching the step before it unlocks.
 */
export function HintsEditor({ hints, error, onChange }: HintsEditorProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const update = (key: number, patch: Partial<HintDraft>) =>
    onChange(hints.map((hint) => (hint.key === key ? { ...hint, ...patch } : hint)));

  return (
    <fieldset className="se-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="se-fieldset__legend">
        {t('stepEditor.moreHints')}
      </legend>
      {hints.length === 0 ? (
        <p className="form-field__hint">{t('stepEditor.moreHintsNone')}</p>
      ) : null}
      {hints.map((hint, index) => {
        const name = t('stepEditor.hintN', { n: hintNumber(index) });
        return (
          <div key={hint.key} className="se-media" role="group" aria-label={name}>
            <div className="se-media__head">
              <span className="se-fieldset__legend">{name}</span>
              <button
                type="button"
                className="se-icon-btn se-icon-btn--danger"
                aria-label={t('stepEditor.removeHint', { n: hintNumber(index) })}
                onClick={() => onChange(hints.filter((other) => other.key !== hint.key))}
              >
                ×
              </button>
            </div>
            <label className="form-field">
              <span className="form-field__label">{t('stepEditor.hintText')}</span>
              <input
                className="input"
                maxLength={HINT_MAX_LENGTH}
                aria-label={`${name}: ${t('stepEditor.hintText')}`}
                value={hint.text}
                onChange={(event) => update(hint.key, { text: event.target.value })}
              />
            </label>
            <div className="se-media__fields">
              {NUMBER_FIELDS.map(([field, label, max]) => (
                <label key={field} className="form-field">
                  <span className="form-field__label">{t(`stepEditor.${label}`)}</span>
                  <input
                    className="input"
                    type="number"
                    min={0}
                    max={max}
                    step={1}
                    inputMode="numeric"
                    aria-label={`${name}: ${t(`stepEditor.${label}`)}`}
                    value={hint[field]}
                    onChange={(event) => update(hint.key, { [field]: event.target.value })}
                  />
                </label>
              ))}
            </div>
          </div>
        );
      })}
      {error ? <p className="form-field__error">{error}</p> : null}
      <button
        type="button"
        className="btn btn--small"
        disabled={hints.length >= STEP_HINTS_MAX}
        onClick={() => onChange([...hints, newHintDraft()])}
      >
        {t('stepEditor.addHint')}
      </button>
    </fieldset>
  );
}
