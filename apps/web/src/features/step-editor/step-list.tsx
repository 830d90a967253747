import { ROUTE_STEPS_MAX } from '@tappa/domain';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { StepDraft } from './step-draft';
import { isStepListFull } from './step-list-state';

/** Props of `StepList`. */
export interface StepListProps {
  drafts: readonly StepDraft[];
  selected: number | null;
  /** Positions of steps with errors (shown after a refused save). */
  invalid: ReadonlySet<number>;
  onSelect: (index: number) => void;
  onAdd: () => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onDelete: (index: number) => void;
}

/** The ordered steps (number, place, check type) with add, select, move up/down and delete. */
export function StepList({
  drafts,
  selected,
  invalid,
  onSelect,
  onAdd,
  onMove,
  onDelete,
}: StepListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullId = useId();
  const isFull = isStepListFull(drafts);
  return (
    <section className="panel se-list" aria-labelledby={titleId}>
      <div className="se-list__head">
        <h2 id={titleId} className="se-card__title">
          {t('stepEditor.listTitle')}
        </h2>
        <button
          type="button"
          className="btn btn--small btn--primary"
          disabled={isFull}
          aria-describedby={isFull ? fullId : undefined}
          onClick={onAdd}
        >
          {t('stepEditor.addStep')}
        </button>
      </div>
      {isFull ? (
        <p id={fullId} className="muted">
          {t('stepEditor.stepsFull', { max: ROUTE_STEPS_MAX })}
        </p>
      ) : null}
      {drafts.length === 0 ? (
        <p className="muted">{t('stepEditor.noSteps')}</p>
      ) : (
        <ol className="se-list__items">
          {drafts.map((draft, index) => {
            const n = index + 1;
            const classes = ['se-list__item'];
            if (index === selected) classes.push('se-list__item--selected');
            if (invalid.has(index)) classes.push('se-list__item--invalid');
            return (
              <li key={draft.key} className={classes.join(' ')}>
                <button
                  type="button"
                  className="se-list__select"
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => onSelect(index)}
                >
                  <span className="se-list__number">{n}</span>
                  <span className="se-list__text">
                    <span className="se-list__place">
                      {draft.place.trim() || t('stepEditor.noPlace')}
                    </span>
                    <span className="se-list__type">
                      {t(`stepEditor.checkTypes.${draft.checkType}`)}
                    </span>
                  </span>
                </button>
                <span className="se-list__actions">
                  <button
                    type="button"
                    className="se-icon-btn"
                    aria-label={t('stepEditor.moveUp', { n })}
                    title={t('stepEditor.moveUp', { n })}
                    disabled={index === 0}
                    onClick={() => onMove(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="se-icon-btn"
                    aria-label={t('stepEditor.moveDown', { n })}
                    title={t('stepEditor.moveDown', { n })}
                    disabled={index === drafts.length - 1}
                    onClick={() => onMove(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="se-icon-btn se-icon-btn--danger"
                    aria-label={t('stepEditor.deleteStep', { n })}
                    title={t('stepEditor.deleteStep', { n })}
                    onClick={() => onDelete(index)}
                  >
                    ×
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
