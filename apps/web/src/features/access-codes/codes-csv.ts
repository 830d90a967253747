import type { AccessCode } from '@tappa/contracts';
import { formatInstant } from '@tappa/domain';
import { csvText } from '../../lib/csv';

/** A date of the CSV, in it-IT (doc 2 §9) on the tenant's clock. */
function formatCodeDate(iso: string | null, timeZone: string): string {
  return iso === null ? '' : formatInstant(new Date(iso), timeZone, 'dateTime');
}

/** The CSV's header and status words (the catalogue's, so they follow the spec). */
export interface CodesCsvTexts {
  code: string;
  status: string;
  createdAt: string;
  usedAt: string;
  timeZone: string;
  available: string;
}

/**
 * The CSV of the unused codes (doc 2 §9: Codice, Stato, Data Creazione, Data Utilizzo, then the
 * tenant's zone the dates are on, decision 0067), written as every CSV of the product
 * (`csvText`).
 */
export function codesCsv(
  codes: readonly AccessCode[],
  texts: CodesCsvTexts,
  timeZone: string,
): string {
  const rows = codes
    .filter((code) => !code.is_used)
    .map((code) => [
      code.code,
      texts.available,
      formatCodeDate(code.created_at, timeZone),
      '',
      timeZone,
    ]);
  const header = [texts.code, texts.status, texts.createdAt, texts.usedAt, texts.timeZone];
  return csvText(header, rows);
}

/** The CSV's file name: `access-codes-{routeSlug}.csv`. */
export const codesCsvName = (routeSlug: string) => `access-codes-${routeSlug}.csv`;
