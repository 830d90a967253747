import { Readable } from 'node:stream';
import { spreadsheetText } from '@tappa/domain';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * The last column of every CSV that holds times: the IANA zone of the tenant's wall clock they
 * are written in, so a file read elsewhere is never an hour off (decision 0067). The spec's
 * columns before it stay as the spec names them.
 */
export const TIME_ZONE_COLUMN = 'Time Zone';

/** A CSV cell's value. */
export type CsvValue = string | number | boolean | null;
type CsvRow = readonly CsvValue[];

/** Rows with every text cell made safe for spreadsheets (no cell runs as a formula). */
function safeRows(rows: readonly CsvRow[]): CsvValue[][] {
  return rows.map((row) =>
    row.map((value) => (typeof value === 'string' ? spreadsheetText(value) : value)),
  );
}

/**
 * A CSV file as the product writes it: a header row, a BOM so spreadsheets read UTF-8, and every
 * text cell made safe for spreadsheets (no cell runs as a formula).
 */
export function toCsv(columns: readonly string[], rows: readonly CsvRow[]): string {
  return stringify(safeRows(rows), { header: true, columns: [...columns], bom: true });
}

/**
 * The same file as `toCsv`, written batch by batch as `batches` yields them: a large export
 * never sits whole in memory, and the first bytes leave before the last rows are read.
 */
export function toCsvStream(
  columns: readonly string[],
  batches: AsyncIterable<readonly CsvRow[]>,
): Readable {
  async function* chunks() {
    yield toCsv(columns, []);
    for await (const rows of batches) {
      if (rows.length > 0) yield stringify(safeRows(rows));
    }
  }
  return Readable.from(chunks());
}

/** Sends a CSV file (a text or a stream) as a download named `fileName`. */
export function sendCsvFile(
  reply: FastifyReply,
  file: { fileName: string; body: string | Readable },
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}
