import type { StepAnalytics } from '@tappa/contracts';
import { formatElapsed } from '@tappa/domain';
import { AdminTable } from '../../components/admin-table';
import { useTranslation } from '../../lib/i18n';

/** A share (0–1) as a whole percentage. */
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Props of `AnalyticsTable`. */
export interface AnalyticsTableProps {
  steps: readonly StepAnalytics[];
  /** Its id: the charts' accessible text. */
  tableId: string;
}

/**
 * The steps table (issue 38): per step in the route's order, its teams, rates, times (m:ss,
 * h:mm:ss), tries, hints and drop-off; '—' where a figure has nothing to count.
 */
export function AnalyticsTable({ steps, tableId }: AnalyticsTableProps) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'analytics' });
  const none = t('none');
  const tries = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const time = (ms: number | null) => (ms === null ? none : formatElapsed(ms));
  const columns = [
    t('table.number'),
    t('table.place'),
    t('table.reached'),
    t('table.solved'),
    t('table.skipped'),
    t('table.onIt'),
    t('table.solveRate'),
    t('table.median'),
    t('table.p90'),
    t('table.meanTries'),
    t('table.firstTry'),
    t('table.hints'),
    t('table.dropOff'),
  ];
  return (
    <section className="panel ra-table">
      <h2 className="panel__title">{t('table.title')}</h2>
      <AdminTable label={t('table.title')} columns={columns} tableId={tableId}>
        {steps.map((step) => (
          <tr key={step.step_id}>
            <td className="ra-num">{step.number}</td>
            <td>{step.place}</td>
            <td className="ra-num">{step.reached}</td>
            <td className="ra-num">{step.solved}</td>
            <td className="ra-num">{step.skipped}</td>
            <td className="ra-num">{step.on_it}</td>
            <td className="ra-num">{step.solve_rate === null ? none : percent(step.solve_rate)}</td>
            <td className="ra-num">{time(step.median_solve_ms)}</td>
            <td className="ra-num">{time(step.p90_solve_ms)}</td>
            <td className="ra-num">
              {step.mean_tries === null ? none : tries.format(step.mean_tries)}
            </td>
            <td className="ra-num">
              {step.first_try_share === null ? none : percent(step.first_try_share)}
            </td>
            <td className="ra-num">
              {t('table.hintsValue', { hints: step.hints_taken, points: step.hint_points })}
            </td>
            <td className="ra-num">{step.drop_off}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
