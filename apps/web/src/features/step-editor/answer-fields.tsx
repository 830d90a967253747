import {
  CHECK_ANSWER_MAX_LENGTH,
  CHECK_TYPES,
  CHOICE_MAX_LENGTH,
  REVIEWABLE_CHECK_TYPES,
  STEP_CHOICES_MAX,
  STEP_REVIEW_MODES,
  VARIANT_CHECK_TYPES,
  ignoresCaseBySpec,
} from '@tappa/domain';
import type { CheckType, StepReviewMode } from '@tappa/domain';
import { useId } from 'react';
import { Field } from '../../components/form-field';
import { useTranslation } from '../../lib/i18n';
import type { StepDraft } from './step-draft';
import { alsoAcceptOf, hasTypedAnswer, reviewOf, type StepErrors } from './step-payload';

/** Props of `AnswerFields` and `ChoiceEditor`. */
export interface AnswerFieldsProps {
  draft: StepDraft;
  errors: StepErrors;
  onChange: (patch: Partial<StepDraft>) => void;
}

const isCheckType = (value: string): value is CheckType =>
  CHECK_TYPES.some((type) => type === value);

const isReviewMode = (value: string): value is StepReviewMode =>
  STEP_REVIEW_MODES.some((mode) => mode === value);

/** The check type and what it needs: an answer, the choices editor, or nothing for photos. */
export function AnswerFields({ draft, errors, onChange }: AnswerFieldsProps) {
  const { t } = useTranslation();
  const answerError = errors.answer ? t(`stepEditor.errors.${errors.answer}`) : null;

  function changeType(value: string) {
    if (!isCheckType(value)) return;
    const patch: Partial<StepDraft> = { checkType: value };
    // A new choice step starts with two blank choices to fill in.
    if (value === 'choice' && draft.choices.length === 0) patch.choices = ['', ''];
    onChange(patch);
  }

  return (
    <>
      <Field label={t('stepEditor.checkType')}>
        {(control) => (
          <select
            {...control}
            value={draft.checkType}
            onChange={(event) => changeType(event.target.value)}
          >
            {CHECK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`stepEditor.checkTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {REVIEWABLE_CHECK_TYPES.includes(draft.checkType) ? (
        <Field
          label={t('stepEditor.review')}
          hint={reviewOf(draft) === 'staff' ? t('stepEditor.reviewStaffHint') : undefined}
        >
          {(control) => (
            <select
              {...control}
              value={draft.review}
              onChange={(event) => {
                if (isReviewMode(event.target.value)) onChange({ review: event.target.value });
              }}
            >
              {STEP_REVIEW_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`stepEditor.reviewModes.${mode}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {draft.checkType === 'photo' ? (
        reviewOf(draft) === 'auto' ? (
          <p className="form-field__hint">{t('stepEditor.photoNoAnswer')}</p>
        ) : null
      ) : draft.checkType === 'choice' ? (
        <ChoiceEditor draft={draft} errors={errors} onChange={onChange} />
      ) : (
        <Field
          label={t(reviewOf(draft) === 'staff' ? 'stepEditor.answerOptional' : 'stepEditor.answer')}
          error={answerError}
        >
          {(control) => (
            <input
              {...control}
              maxLength={CHECK_ANSWER_MAX_LENGTH}
              value={draft.answer}
              onChange={(event) => onChange({ answer: event.target.value })}
            />
          )}
        </Field>
      )}
      {hasTypedAnswer(draft) ? (
        <MatchFields draft={draft} errors={errors} onChange={onChange} />
      ) : null}
    </>
  );
}

/**
 * The first code or QR answer with letters players must type in the same case: the spec's rule
 * for code and QR is exact unless the switch is on.
 */
function caseSensitiveAnswer(draft: StepDraft): string | null {
  if (draft.relaxedMatch === true || (draft.checkType !== 'code' && draft.checkType !== 'qr')) {
    return null;
  }
  return (
    [draft.answer.trim(), ...alsoAcceptOf(draft)].find((answer) => /\p{L}/u.test(answer)) ?? null
  );
}

/**
 * How typed answers are compared (decision 0085): other accepted answers (text, code and QR
 * steps) and 'Ignora maiuscole e accenti', with a warning where players must match the case.
 */
function MatchFields({ draft, errors, onChange }: AnswerFieldsProps) {
  const { t } = useTranslation();
  const exact = caseSensitiveAnswer(draft);
  const hintId = useId();
  // Not set on a text or choice step: the spec's rule ignores case but not accents, shown as
  // neither ticked nor not, with what it means.
  const isSpecCaseOnly = draft.relaxedMatch === null && ignoresCaseBySpec(draft.checkType);
  return (
    <>
      {VARIANT_CHECK_TYPES.includes(draft.checkType) ? (
        <Field
          label={t('stepEditor.alsoAccept')}
          hint={t('stepEditor.alsoAcceptHint')}
          error={errors.alsoAccept ? t(`stepEditor.errors.${errors.alsoAccept}`) : null}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              value={draft.alsoAccept}
              onChange={(event) => onChange({ alsoAccept: event.target.value })}
            />
          )}
        </Field>
      ) : null}
      <label className="check">
        <input
          type="checkbox"
          ref={(input) => {
            if (input) input.indeterminate = isSpecCaseOnly;
          }}
          checked={draft.relaxedMatch === true}
          aria-describedby={isSpecCaseOnly ? hintId : undefined}
          onChange={(event) => onChange({ relaxedMatch: event.target.checked })}
        />
        {t('stepEditor.relaxedMatch')}
      </label>
      {isSpecCaseOnly ? (
        <p id={hintId} className="form-field__hint">
          {t('stepEditor.relaxedMatchDefault')}
        </p>
      ) : null}
      {exact !== null ? (
        <p className="form-field__hint se-warning" role="note">
          {t('stepEditor.exactWarning', { answer: exact })}
        </p>
      ) : null}
    </>
  );
}

/** The choices (add, edit, remove), the `multiple` flag and the correct answer(s). */
export function ChoiceEditor({ draft, errors, onChange }: AnswerFieldsProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const { choices, correct, multiple } = draft;

  const setChoice = (index: number, value: string) =>
    onChange({ choices: choices.map((choice, i) => (i === index ? value : choice)) });
  const removeChoice = (index: number) =>
    onChange({
      choices: choices.filter((_, i) => i !== index),
      correct: correct.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)),
    });
  const toggleCorrect = (index: number, on: boolean) =>
    onChange({
      correct: on ? [...correct, index].sort((a, b) => a - b) : correct.filter((i) => i !== index),
    });

  return (
    <fieldset className="se-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="se-fieldset__legend">
        {t('stepEditor.choices')}
      </legend>
      {multiple ? <p className="form-field__hint">{t('stepEditor.correctAnswers')}</p> : null}
      <ol className="se-rows">
        {choices.map((choice, index) => {
          const n = index + 1;
          return (
            <li key={index} className="se-row">
              {multiple ? (
                <input
                  type="checkbox"
                  aria-label={t('stepEditor.correctN', { n })}
                  checked={correct.includes(index)}
                  onChange={(event) => toggleCorrect(index, event.target.checked)}
                />
              ) : null}
              <input
                className="input"
                aria-label={t('stepEditor.choiceN', { n })}
                maxLength={CHOICE_MAX_LENGTH}
                value={choice}
                onChange={(event) => setChoice(index, event.target.value)}
              />
              <button
                type="button"
                className="se-icon-btn se-icon-btn--danger"
                aria-label={t('stepEditor.removeChoice', { n })}
                onClick={() => removeChoice(index)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ol>
      {errors.choices ? (
        <p className="form-field__error">{t(`stepEditor.errors.${errors.choices}`)}</p>
      ) : null}
      <button
        type="button"
        className="btn btn--small"
        disabled={choices.length >= STEP_CHOICES_MAX}
        onClick={() => onChange({ choices: [...choices, ''] })}
      >
        {t('stepEditor.addChoice')}
      </button>
      <label className="check">
        <input
          type="checkbox"
          checked={multiple}
          onChange={(event) =>
            onChange({
              multiple: event.target.checked,
              correct: event.target.checked ? correct : correct.slice(0, 1),
            })
          }
        />
        {t('stepEditor.multiple')}
      </label>
      {multiple ? (
        errors.answer ? (
          <p className="form-field__error">{t(`stepEditor.errors.${errors.answer}`)}</p>
        ) : null
      ) : (
        <Field
          label={t('stepEditor.correctAnswer')}
          error={errors.answer ? t(`stepEditor.errors.${errors.answer}`) : null}
        >
          {(control) => (
            <select
              {...control}
              value={correct[0] === undefined ? '' : String(correct[0])}
              onChange={(event) =>
                onChange({ correct: event.target.value === '' ? [] : [Number(event.target.value)] })
              }
            >
              <option value="">{t('stepEditor.chooseAnswer')}</option>
              {choices.map((choice, index) => (
                <option key={index} value={String(index)}>
                  {choice.trim() || t('stepEditor.choiceN', { n: index + 1 })}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </fieldset>
  );
}
