import { ANALYTICS_RANGE_MAX_DAYS, type RouteSummary } from '@tappa/contracts';
import { timeZoneLabel } from '@tappa/domain';
import { useState, type FormEvent } from 'react';
import { Field, TextField } from '../../components/form-field';
import { useTranslation } from '../../lib/i18n';
import {
  type AnalyticsSearch,
  daysOfRange,
  rangeOfDays,
  rangeProblem,
  type RangeProblem,
} from './analytics-range';

/** Props of `AnalyticsFilters`. */
export interface AnalyticsFiltersProps {
  routes: readonly RouteSummary[];
  search: AnalyticsSearch;
  timeZone: string;
  /** A route chosen, or a range applied: the address follows. */
  onChange: (search: AnalyticsSearch) => void;
}

/** The text of a range refused. */
export function useRangeProblemText(): (problem: RangeProblem) => string {
  const { t } = useTranslation(undefined, { keyPrefix: 'analytics.range' });
  return (problem) =>
    problem === 'tooLong' ? t('tooLong', { days: ANALYTICS_RANGE_MAX_DAYS }) : t(problem);
}

/**
 * The route picker (applied at once) and the range of days on the tenant's clock (applied by
 * 'Mostra', checked first by the server's rules: the end not before the start, at most a year).
 */
export function AnalyticsFilters({ routes, search, timeZone, onChange }: AnalyticsFiltersProps) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'analytics' });
  const problemText = useRangeProblemText();
  const applied = daysOfRange(search, timeZone);
  const [days, setDays] = useState(applied);
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  // The address changed elsewhere (back, a link): the form shows its range again.
  const [shown, setShown] = useState(applied);
  if (shown.fromDay !== applied.fromDay || shown.toDay !== applied.toDay) {
    setShown(applied);
    setDays(applied);
    setProblem(null);
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const range = rangeOfDays(days, timeZone);
    const found = rangeProblem(range.from, range.to);
    setProblem(found);
    if (!found) onChange({ ...search, ...range });
  };

  const handleAllTime = () => {
    setDays({ fromDay: '', toDay: '' });
    setProblem(null);
    onChange({ ...search, from: null, to: null });
  };

  return (
    <form className="panel ra-filters" noValidate onSubmit={handleSubmit}>
      <Field label={t('route')}>
        {(control) => (
          <select
            {...control}
            value={search.route ?? ''}
            onChange={(event) => onChange({ ...search, route: event.target.value || null })}
          >
            {search.route ? null : <option value="">{t('chooseRoute')}</option>}
            {routes.map((route) => (
              <option key={route.id} value={route.id}>
                {route.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        type="date"
        label={t('from')}
        value={days.fromDay}
        onValueChange={(fromDay) => setDays({ ...days, fromDay })}
      />
      <TextField
        type="date"
        label={t('to')}
        value={days.toDay}
        onValueChange={(toDay) => setDays({ ...days, toDay })}
        error={problem ? problemText(problem) : null}
      />
      <div className="ra-filters__actions">
        <button type="submit" className="btn btn--primary">
          {t('apply')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={handleAllTime}>
          {t('allTime')}
        </button>
      </div>
      <p className="muted ra-filters__hint">
        {t('rangeHint', { zone: timeZoneLabel(timeZone, i18n.language) })}
      </p>
    </form>
  );
}
