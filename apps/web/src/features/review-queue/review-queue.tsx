import type { ReviewFilter } from '@tappa/contracts';
import { useId } from 'react';
import { useReviewSummary } from '../../api/review';
import { useTranslation } from '../../lib/i18n';
import { ReviewDesk } from './review-desk';
import { useDecidedList } from './use-decided-list';
import { usePendingQueue } from './use-pending-queue';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './review-queue.css';

/** Which items the queue walks through. */
export type ReviewMode = 'pending' | 'decided';

/** Props of `ReviewQueue`. */
export interface ReviewQueueProps {
  slug: string;
  filter: ReviewFilter;
  mode: ReviewMode;
  onFilterChange: (filter: ReviewFilter, mode: ReviewMode) => void;
}

/**
 * The review queue (issue 34, decision 0083): the filters (route, step of it under review,
 * pending or decided), the pending count, and one item at a time on the desk, by keyboard.
 */
export function ReviewQueue({ slug, filter, mode, onFilterChange }: ReviewQueueProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'reviewQueue' });
  const summary = useReviewSummary(slug);
  const routeId = useId();
  const stepId = useId();
  const routes = summary.data?.routes ?? [];
  const route = routes.find((candidate) => candidate.id === filter.route);
  const step = route?.steps.find((candidate) => candidate.id === filter.step);
  const pending = step?.pending ?? route?.pending ?? summary.data?.pending;
  // A walk per filter: another filter starts another queue.
  const walkKey = `${mode}:${filter.route ?? ''}:${filter.step ?? ''}`;

  return (
    <main className="admin-page admin-page--wide review-queue">
      <div className="review-queue__header">
        <h1 className="admin-page__title">{t('title')}</h1>
        {pending !== undefined ? (
          <span className="badge review-queue__count">{t('pending', { count: pending })}</span>
        ) : null}
      </div>
      <div className="review-queue__filters" role="group" aria-label={t('filters')}>
        <div className="field">
          <label className="field__label" htmlFor={routeId}>
            {t('route')}
          </label>
          <select
            id={routeId}
            className="field__input"
            value={filter.route ?? ''}
            onChange={(event) => onFilterChange({ route: event.target.value || undefined }, mode)}
          >
            <option value="">{t('allRoutes')}</option>
            {routes.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title} ({option.pending})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={stepId}>
            {t('step')}
          </label>
          <select
            id={stepId}
            className="field__input"
            value={filter.step ?? ''}
            disabled={!route}
            onChange={(event) =>
              onFilterChange({ route: filter.route, step: event.target.value || undefined }, mode)
            }
          >
            <option value="">{t('allSteps')}</option>
            {(route?.steps ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {t('stepOption', option)}
              </option>
            ))}
          </select>
        </div>
        <div className="review-queue__modes" role="group">
          {(['pending', 'decided'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={value === mode ? 'button' : 'button button--secondary'}
              aria-pressed={value === mode}
              onClick={() => onFilterChange(filter, value)}
            >
              {t(`modes.${value}`)}
            </button>
          ))}
        </div>
      </div>
      {mode === 'pending' ? (
        <PendingDesk key={walkKey} slug={slug} filter={filter} />
      ) : (
        <DecidedDesk key={walkKey} slug={slug} filter={filter} />
      )}
    </main>
  );
}

function PendingDesk({ slug, filter }: { slug: string; filter: ReviewFilter }) {
  return <ReviewDesk view={usePendingQueue(slug, filter)} mode="pending" />;
}

function DecidedDesk({ slug, filter }: { slug: string; filter: ReviewFilter }) {
  return <ReviewDesk view={useDecidedList(slug, filter)} mode="decided" />;
}
