import { spreadsheetText } from '@tappa/domain';
import { stringify } from 'csv-stringify/sync';

/** A CSV cell's value. */
export type CsvValue = string | number | boolean | null;

/**
 * A CSV file as the product writes it: a header row, a BOM so spreadsheets read UTF-8, and every
 * text cell made safe for spreadsheets (no cell runs as a formula).
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const safe = rows.map((row) =>
    row.map((value) => (typeof value === 'string' ? spreadsheetText(value) : value)),
  );
  return stringify(safe, { header: true, columns: [...columns], bom: true });
}
