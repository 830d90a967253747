import { spreadsheetText } from '@tappa/domain';

/** A CSV cell's value: a text, a raw number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/**
 * One cell as the product's CSV files write it (the players' CSV, `apps/server/src/infra/csv.ts`):
 * a text made safe for spreadsheets (`spreadsheetText`: never run as a formula), quoted when it
 * holds a comma, a quote or a line break; a number as it is; nothing as an empty cell.
 */
function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = spreadsheetText(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file written in the browser: a UTF-8 BOM (spreadsheets read the accents), the header
 * row, then the rows, each line ended by CRLF.
 */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
