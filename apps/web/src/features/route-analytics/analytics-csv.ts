import type { RouteAnalytics } from '@tappa/contracts';
import { csvText } from '../../lib/csv';

/** The CSV's columns, in order: their headers are the catalogue's `analytics.csv` texts. */
export const ANALYTICS_CSV_COLUMNS = [
  'number',
  'place',
  'reached',
  'solved',
  'skipped',
  'onIt',
  'solveRate',
  'median',
  'p90',
  'meanTries',
  'firstTry',
  'hints',
  'hintPoints',
  'dropOff',
] as const;

/** A column of the CSV. */
export type AnalyticsCsvColumn = (typeof ANALYTICS_CSV_COLUMNS)[number];

/**
 * The steps table as CSV (issue 38), one row a step in the route's order, written as every CSV
 * of the product (`csvText`): raw numbers (times in ms, shares 0–1), empty where none applies;
 * `header` names each column (its unit in the name).
 */
export function analyticsCsv(
  analytics: RouteAnalytics,
  header: (column: AnalyticsCsvColumn) => string,
): string {
  const rows = analytics.steps.map((step) => [
    step.number,
    step.place,
    step.reached,
    step.solved,
    step.skipped,
    step.on_it,
    step.solve_rate,
    step.median_solve_ms === null ? null : Math.round(step.median_solve_ms),
    step.p90_solve_ms === null ? null : Math.round(step.p90_solve_ms),
    step.mean_tries,
    step.first_try_share,
    step.hints_taken,
    step.hint_points,
    step.drop_off,
  ]);
  return csvText(ANALYTICS_CSV_COLUMNS.map(header), rows);
}

/** The CSV's file name: `analytics-{routeSlug}.csv`. */
export const analyticsCsvName = (routeSlug: string) => `analytics-${routeSlug}.csv`;
