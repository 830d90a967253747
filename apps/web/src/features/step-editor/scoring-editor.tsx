import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { EMPTY_SCORING, isScoringEmpty } from './scoring-draft';
import type { ScoringDraft } from './scoring-draft';
import './scoring-editor.css';

/** Props of `ScoringEditor`. */
export interface ScoringEditorProps {
  scoring: ScoringDraft;
  error: string | null;
  onChange: (scoring: ScoringDraft) => void;
}

/** Number fields of the draft, each with its label key. */
type NumberKey = Exclude<keyof ScoringDraft, 'quick' | 'combine'>;

/** The collapsible scoring configuration; open from the start when the step has one. */
export function ScoringEditor({ scoring, error, onChange }: ScoringEditorProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const empty = isScoringEmpty(scoring);
  const [open, setOpen] = useState(!empty);
  const set = (patch: Partial<ScoringDraft>) => onChange({ ...scoring, ...patch });

  const numberField = (key: NumberKey, label: string) => (
    <label className="form-field" key={key}>
      <span className="form-field__label">{label}</span>
      <input
        className="input"
        type="number"
        step="any"
        value={scoring[key]}
        onChange={(event) => set({ [key]: event.target.value })}
      />
    </label>
  );

  const setQuick = (index: number, patch: Partial<ScoringDraft['quick'][number]>) =>
    set({ quick: scoring.quick.map((row, i) => (i === index ? { ...row, ...patch } : row)) });

  return (
    <section className="se-scoring">
      <button
        type="button"
        className="se-scoring__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{t('stepEditor.scoring')}</span>
        <span className="se-scoring__state">
          {empty ? t('stepEditor.scoringNone') : t('stepEditor.scoringSet')}
        </span>
      </button>
      {error ? <p className="form-field__error">{error}</p> : null}
      {open ? (
        <div id={panelId} className="se-scoring__panel">
          <fieldset className="se-fieldset">
            <legend className="se-fieldset__legend">{t('stepEditor.attemptAward')}</legend>
            <div className="se-grid3">
              {numberField('firstTry', t('stepEditor.firstTry'))}
              {numberField('secondTry', t('stepEditor.secondTry'))}
              {numberField('otherTry', t('stepEditor.otherTry'))}
            </div>
          </fieldset>
          <fieldset className="se-fieldset">
            <legend className="se-fieldset__legend">{t('stepEditor.durationAward')}</legend>
            <div className="se-grid3">
              {numberField('limitSeconds', t('stepEditor.limitSeconds'))}
              {numberField('withinPoints', t('stepEditor.withinPoints'))}
              {numberField('overPoints', t('stepEditor.overPoints'))}
            </div>
          </fieldset>
          <fieldset className="se-fieldset">
            <legend className="se-fieldset__legend">{t('stepEditor.quickAward')}</legend>
            {scoring.quick.length > 0 ? (
              <p className="se-row se-row--head" aria-hidden="true">
                <span>{t('stepEditor.quickSeconds')}</span>
                <span>{t('stepEditor.quickPoints')}</span>
              </p>
            ) : null}
            <ol className="se-rows">
              {scoring.quick.map((row, index) => {
                const n = index + 1;
                return (
                  <li key={index} className="se-row">
                    <input
                      className="input"
                      type="number"
                      step="any"
                      min="0"
                      aria-label={t('stepEditor.thresholdSeconds', { n })}
                      value={row.seconds}
                      onChange={(event) => setQuick(index, { seconds: event.target.value })}
                    />
                    <input
                      className="input"
                      type="number"
                      step="any"
                      aria-label={t('stepEditor.thresholdPoints', { n })}
                      value={row.points}
                      onChange={(event) => setQuick(index, { points: event.target.value })}
                    />
                    <button
                      type="button"
                      className="se-icon-btn se-icon-btn--danger"
                      aria-label={t('stepEditor.removeThreshold', { n })}
                      onClick={() => set({ quick: scoring.quick.filter((_, i) => i !== index) })}
                    >
                      ×
                    </button>
                  </li>
                );
              })}
            </ol>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => set({ quick: [...scoring.quick, { seconds: '', points: '' }] })}
            >
              {t('stepEditor.addThreshold')}
            </button>
          </fieldset>
          <div className="se-grid3">
            <label className="form-field">
              <span className="form-field__label">{t('stepEditor.combine')}</span>
              <select
                className="input"
                value={scoring.combine}
                onChange={(event) => {
                  const value = event.target.value;
                  if (value === '' || value === 'sum' || value === 'max') set({ combine: value });
                }}
              >
                <option value="">{t('stepEditor.combineDefault')}</option>
                <option value="sum">{t('stepEditor.combineSum')}</option>
                <option value="max">{t('stepEditor.combineMax')}</option>
              </select>
            </label>
            {numberField('cap', t('stepEditor.cap'))}
            {numberField('skipAward', t('stepEditor.skipAward'))}
          </div>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={empty}
            onClick={() => onChange(EMPTY_SCORING)}
          >
            {t('stepEditor.clearScoring')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
