import { ROUTE_STEPS_MAX } from '@tappa/domain';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { StepDraft } from './step-draft';
import { isStepListFull } from './step-list-state';
import { useListDrag } from './use-list-drag';

/** Props of `StepList`. */
export interface StepListProps {
  drafts: readonly StepDraft[];
  selected: number | null;
  /** Positions of steps with errors (shown after a refused save). */
  invalid: ReadonlySet<number>;
  onSelect: (index: number) => void;
  onAdd: () => void;
  onMove: (index: number, delta: -1 | 1) => void;
  /** A step dragged from `from` and dropped on the row at `to`. */
  onReorder: (from: number, to: number) => void;
  onDelete: (index: number) => void;
}

/**
 * The ordered steps (number, place in full, check type) with add, select and delete; the order
 * changes by dragging a row, by Alt+↑/↓ on a step, or by its move up/down buttons.
 */
export function StepList({
  drafts,
  selected,
  invalid,
  onSelect,
  onAdd,
  onMove,
  onReorder,
  onDelete,
}: StepListProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullId = useId();
  const hintId = useId();
  const isFull = isStepListFull(drafts);
  const [announcement, setAnnouncement] = useState('');
  // The step moved by the keyboard keeps the focus at its new place.
  const focusKey = useRef<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  useEffect(() => {
    if (focusKey.current === null) return;
    buttons.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  }, [drafts]);

  const announce = (from: number, to: number) =>
    setAnnouncement(t('stepEditor.stepMoved', { from: from + 1, to: to + 1 }));
  const { drag, rowProps } = useListDrag((from, to) => {
    onReorder(from, to);
    announce(from, to);
  });
  const handleKeyDown = (event: KeyboardEvent, index: number, key: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const delta = event.key === 'ArrowUp' ? -1 : 1;
    const to = index + delta;
    if (to < 0 || to >= drafts.length) return;
    onMove(index, delta);
    announce(index, to);
    focusKey.current = key;
  };
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
            if (drag?.from === index) classes.push('se-list__item--dragging');
            if (drag?.over === index && drag.from !== index) {
              classes.push(
                drag.over < drag.from ? 'se-list__item--drop-above' : 'se-list__item--drop-below',
              );
            }
            return (
              <li key={draft.key} className={classes.join(' ')} {...rowProps(index)}>
                <span
                  className="se-list__grip"
                  aria-hidden="true"
                  title={t('stepEditor.dragStep', { n })}
                >
                  ⠿
                </span>
                <button
                  type="button"
                  className="se-list__select"
                  aria-current={index === selected ? 'true' : undefined}
                  aria-describedby={drafts.length > 1 ? hintId : undefined}
                  ref={(button) => {
                    if (button) buttons.current.set(draft.key, button);
                    else buttons.current.delete(draft.key);
                  }}
                  onClick={() => onSelect(index)}
                  onKeyDown={(event) => handleKeyDown(event, index, draft.key)}
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
      {drafts.length > 1 ? (
        <p id={hintId} className="muted se-list__hint">
          {t('stepEditor.reorderHint')}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}
