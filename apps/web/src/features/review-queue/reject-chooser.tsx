import { SCORE_REASON_MAX_LENGTH } from '@tappa/domain';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';

/** The templates of a rejection's reason, in the order of their keys 1–4. */
export const REASON_TEMPLATES = ['notAsked', 'blurred', 'noTeam', 'notOnSite'] as const;

/** Props of `RejectChooser`. */
export interface RejectChooserProps {
  reason: string;
  onReasonChange: (reason: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 'Rifiuta': the reason picked from the templates (keys 1–4, handled by the desk) or typed;
 * Enter confirms, Esc cancels (in the typed field too).
 */
export function RejectChooser({ reason, onReasonChange, onConfirm, onCancel }: RejectChooserProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'reviewQueue.chooser' });
  const { t: tKeys } = useTranslation(undefined, { keyPrefix: 'reviewQueue.keys' });
  const typedId = useId();
  return (
    <section className="review-chooser" aria-label={t('title')}>
      <h2 className="review-chooser__title">{t('title')}</h2>
      <ol className="review-chooser__templates">
        {REASON_TEMPLATES.map((key, index) => {
          const text = t(`templates.${key}`);
          return (
            <li key={key}>
              <button
                type="button"
                className={
                  reason === text ? 'button review-chooser__picked' : 'button button--secondary'
                }
                aria-pressed={reason === text}
                onClick={() => onReasonChange(text)}
              >
                <kbd>{index + 1}</kbd> {text}
              </button>
            </li>
          );
        })}
      </ol>
      <label className="field__label" htmlFor={typedId}>
        {t('typed')}
      </label>
      <input
        id={typedId}
        className="field__input"
        maxLength={SCORE_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => onReasonChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onConfirm();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div className="review-chooser__actions">
        <button
          type="button"
          className="button"
          disabled={reason.trim() === ''}
          onClick={onConfirm}
        >
          {t('confirm')} <kbd>{tKeys('enter')}</kbd>
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cancel')} <kbd>{tKeys('escape')}</kbd>
        </button>
      </div>
    </section>
  );
}
