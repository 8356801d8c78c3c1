// CSV output for exports and reports: RFC 4180 quoting by csv-stringify, plus a guard against
// spreadsheet formula injection (a text cell starting with = + - @ or a control character is
// prefixed with an apostrophe, as OWASP recommends), since descriptions and names are typed by users.
import { stringify } from 'csv-stringify/sync';

export type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula is prefixed with an apostrophe; null becomes empty. */
export function safeCell(cell: Cell): string | number {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

// A bare line feed inside a value is quoted too (csv-stringify quotes only the record delimiter, CRLF).
const OPTIONS = { eof: true, record_delimiter: '\r\n', quoted_match: /[\r\n]/ } as const;

export function toCsv(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows.map((r) => r.map(safeCell))], OPTIONS);
}

/** Some rows as CSV text, each ending with CRLF: a page of a streamed export (header then pages = toCsv). */
export function csvRows(rows: Cell[][]): string {
  return rows.length ? stringify(rows.map((r) => r.map(safeCell)), OPTIONS) : '';
}

export interface FileOutput {
  filename: string;
  contentType: string;
  content: string;
}
