import type { StepAnalytics } from '@tappa/contracts';
import { useTranslation } from '../../lib/i18n';
import { durationText, meanText, percentText } from './report-format';

/** Props of `StepAnalyticsPrintTable`. */
export interface StepAnalyticsPrintTableProps {
  steps: readonly StepAnalytics[];
  /** The table's caption (its accessible name). */
  caption: string;
}

/**
 * The per-step analytics as one plain table for paper (the report): each step in the route's
 * order with its teams, times, tries, hints and drop-off.
 */
export function StepAnalyticsPrintTable({ steps, caption }: StepAnalyticsPrintTableProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'eventReport.steps' });
  return (
    <table className="report-table report-table--steps">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('step')}</th>
          <th scope="col">{t('reached')}</th>
          <th scope="col">{t('solved')}</th>
          <th scope="col">{t('skipped')}</th>
          <th scope="col">{t('solveRate')}</th>
          <th scope="col">{t('median')}</th>
          <th scope="col">{t('p90')}</th>
          <th scope="col">{t('tries')}</th>
          <th scope="col">{t('firstTry')}</th>
          <th scope="col">{t('hints')}</th>
          <th scope="col">{t('dropOff')}</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step) => (
          <tr key={step.step_id}>
            <th scope="row">
              {step.number}. {step.place}
            </th>
            <td>{step.reached}</td>
            <td>{step.solved}</td>
            <td>{step.skipped}</td>
            <td>{percentText(step.solve_rate)}</td>
            <td>{durationText(step.median_solve_ms)}</td>
            <td>{durationText(step.p90_solve_ms)}</td>
            <td>{meanText(step.mean_tries)}</td>
            <td>{percentText(step.first_try_share)}</td>
            <td>
              {step.hints_taken} ({step.hint_points})
            </td>
            <td>{step.drop_off}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
