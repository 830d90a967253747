import type { AccessCode } from '@tappa/contracts';

const DATE = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A date of the table and the CSV, in it-IT (doc 2 §9). */
export function formatCodeDate(iso: string | null): string {
  return iso === null ? '' : DATE.format(new Date(iso));
}

/** The CSV's header and status words (the catalogue's, so they follow the spec). */
export interface CodesCsvTexts {
  code: string;
  status: string;
  createdAt: string;
  usedAt: string;
  available: string;
}

const cell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The CSV of the unused codes (doc 2 §9: Codice, Stato, Data Creazione, Data Utilizzo), with a
 * UTF-8 BOM so a spreadsheet reads the accents. Codes and dates hold no formula characters.
 */
export function codesCsv(codes: readonly AccessCode[], texts: CodesCsvTexts): string {
  const rows = codes
    .filter((code) => !code.is_used)
    .map((code) => [code.code, texts.available, formatCodeDate(code.created_at), '']);
  const header = [texts.code, texts.status, texts.createdAt, texts.usedAt];
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** The CSV's file name: `access-codes-{routeSlug}.csv`. */
export const codesCsvName = (routeSlug: string) => `access-codes-${routeSlug}.csv`;
