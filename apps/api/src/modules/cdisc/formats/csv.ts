// A dataset as CSV: a header row of variable names, then one line per row, RFC 4180 quoting by csv-stringify
// in streaming mode (also of fields with a bare line feed), CRLF line ends (as the app's other CSV files). Missing values are empty cells, numbers are
// written as JavaScript prints them (shortest round-trip form), booleans as true/false. By default a text cell
// a spreadsheet would run as a formula gets the app's apostrophe guard (../../../csv.ts safeCell); turn it off
// with formulaGuard: false for files meant for programs (SAS, R), where the apostrophe would change the data.
import type { Writable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { safeCell } from '../../../csv.ts';
import { OutputSink } from './output-sink.ts';

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvWriteOptions {
  /** Prefix cells starting with = + - @ tab or CR with an apostrophe (default true). */
  formulaGuard?: boolean;
  /** Start with a UTF-8 byte order mark (helps Excel open UTF-8); default false. */
  bom?: boolean;
}

export interface CsvWriter {
  /** Adds one row (values in column order). Resolves when the output can take more: await it. */
  writeRow(values: readonly CsvValue[]): Promise<void>;
  /** Flushes and ends the stream (unless endStream is false). */
  end(): Promise<void>;
  readonly rowsWritten: number;
}

type ColumnSpec = string | { name: string };

function columnNames(columns: readonly ColumnSpec[]): string[] {
  const names = columns.map((c) => (typeof c === 'string' ? c : c.name));
  if (names.length === 0) throw new Error('A CSV file needs at least one column');
  return names;
}

function stringifyOptions(names: string[], options: CsvWriteOptions): Options {
  return {
    header: true,
    columns: names,
    record_delimiter: '\r\n',
    eof: true,
    // csv-stringify quotes a field holding the record delimiter (CRLF), not one holding a bare LF or CR;
    // readers would take that for a line end.
    quoted_match: /[\r\n]/,
    bom: options.bom ?? false,
    cast: { boolean: (b) => (b ? 'true' : 'false') },
  };
}

function cellsOf(
  values: readonly CsvValue[],
  width: number,
  guard: boolean,
  rowNumber: number,
): (string | number | boolean)[] {
  if (!Array.isArray(values)) throw new Error(`Row ${rowNumber} is not an array of values`);
  if (values.length !== width)
    throw new Error(`Row ${rowNumber} has ${values.length} values; there are ${width} columns`);
  return values.map((v) => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number' && !Number.isFinite(v))
      throw new Error(`Row ${rowNumber}: ${v} is not a number a CSV file can hold`);
    return guard && typeof v === 'string' ? safeCell(v) : v;
  });
}

/** Streams a CSV file to `out` (the header row is written even when no row follows). `columns` may be names
 *  or anything with a name: XPT variables, Dataset-JSON columns. */
export function createCsvWriter(
  out: Writable,
  columns: readonly ColumnSpec[],
  options: CsvWriteOptions & { endStream?: boolean } = {},
): CsvWriter {
  const names = columnNames(columns);
  const guard = options.formulaGuard ?? true;
  const output = new OutputSink(out); // remembers out's errors; ends it at the close
  const stringifier = stringify(stringifyOptions(names, options));
  const input = new OutputSink(stringifier); // backpressure: the stringifier waits while out is full
  stringifier.pipe(out, { end: false });
  // pipe() does not pass an error of `out` back; without this a full stringifier would wait forever.
  out.once('error', (err) => stringifier.destroy(err));
  let rows = 0;
  let ended = false;

  return {
    get rowsWritten() {
      return rows;
    },
    writeRow(values) {
      try {
        if (ended) throw new Error('The CSV writer has already ended');
        const cells = cellsOf(values, names.length, guard, rows + 1);
        rows += 1;
        return input.write(cells);
      } catch (err) {
        return Promise.reject(err);
      }
    },
    async end() {
      if (ended) throw new Error('The CSV writer has already ended');
      ended = true;
      await input.close(true); // ends the stringifier; resolves once everything went through the pipe
      await output.close(options.endStream ?? true);
    },
  };
}

/** The whole CSV as text, for small datasets and tests. */
export function writeCsv(
  columns: readonly ColumnSpec[],
  rows: readonly (readonly CsvValue[])[],
  options: CsvWriteOptions = {},
): string {
  const names = columnNames(columns);
  const guard = options.formulaGuard ?? true;
  const cells = rows.map((row, i) => cellsOf(row, names.length, guard, i + 1));
  return stringifySync(cells, stringifyOptions(names, options));
}
