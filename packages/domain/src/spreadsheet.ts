/** Characters a spreadsheet reads, at the start of a cell, as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe for spreadsheets: one that would start a formula (= + - @, tab, carriage
 * return) gets a leading quote, so Excel, LibreOffice and Sheets show it as text. Every CSV the
 * product writes goes through it, on the server and in the browser (OWASP, "CSV injection").
 */
export function spreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
