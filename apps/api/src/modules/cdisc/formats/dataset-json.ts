// CDISC Dataset-JSON v1.1 (final, 2024-12-05; github.com/cdisc-org/DataExchange-DatasetJson): one dataset per
// file, top-level metadata in the specified attribute order (creation datetime, version, fileOID, database
// modified datetime, originator, sourceSystem {name, version}, studyOID, metaDataVersionOID, metaDataRef,
// itemGroupOID, records, name, label), the column metadata (itemOID, name, label, dataType, targetDataType,
// length, displayFormat, keySequence), then the rows as arrays of values: strings (string, date, datetime,
// time, URI, and decimal as the spec prefers), numbers (integer, float, double; decimal as numbers too, as
// the CDISC pilot's cm.json has them), booleans, and null for missing.
//
// Both representations: JSON (one object) and NDJSON (the metadata object on the first line, then one row
// array per line). The writer streams: the metadata first, each row as it comes, then the closing brackets.
// The record count belongs before the rows; a streaming writer that is not told it in advance writes it
// after the rows instead (valid JSON, only the recommended attribute order differs); NDJSON needs it up front.
// Attributes this module does not know are kept on reading and written after the known ones.
import type { Writable } from 'node:stream';
import { z } from 'zod';
import { OutputSink } from './output-sink.ts';

export const DATASET_JSON_DATA_TYPES = [
  'string',
  'integer',
  'decimal',
  'float',
  'double',
  'boolean',
  'datetime',
  'date',
  'time',
  'URI',
] as const;
export type DatasetJsonDataType = (typeof DATASET_JSON_DATA_TYPES)[number];

export interface DatasetJsonColumn {
  itemOID: string;
  name: string;
  label: string;
  dataType: DatasetJsonDataType;
  targetDataType?: 'integer' | 'decimal';
  length?: number;
  displayFormat?: string;
  keySequence?: number;
}

export interface DatasetJsonMetadata {
  datasetJSONCreationDateTime: string;
  datasetJSONVersion: string;
  fileOID?: string;
  dbLastModifiedDateTime?: string;
  originator?: string;
  sourceSystem?: { name: string; version: string };
  studyOID?: string;
  metaDataVersionOID?: string;
  metaDataRef?: string;
  itemGroupOID: string;
  records: number;
  name: string;
  label: string;
  columns: DatasetJsonColumn[];
}

export type DatasetJsonValue = string | number | boolean | null;

export interface DatasetJson extends DatasetJsonMetadata {
  rows: DatasetJsonValue[][];
}

/** What a writer needs: the creation datetime defaults to now (UTC), the version to 1.1.0, and the record
 *  count to the rows written. */
export type DatasetJsonHeader = Omit<
  DatasetJsonMetadata,
  'datasetJSONCreationDateTime' | 'datasetJSONVersion' | 'records' | 'columns'
> & {
  datasetJSONCreationDateTime?: string;
  datasetJSONVersion?: string;
  records?: number;
  columns: readonly DatasetJsonColumn[];
};

export type DatasetJsonFormat = 'json' | 'ndjson';

export class DatasetJsonError extends Error {
  override name = 'DatasetJsonError';
}

// ---------------------------------------------------------------------------------------------------
// Metadata

const DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(([+-]([01]\d|2[0-3]):[0-5]\d)|Z)?$/;
const datetime = z
  .string()
  .regex(DATETIME, 'must be an ISO 8601 datetime YYYY-MM-DDThh:mm:ss, optionally with fractions and a zone');

const columnSchema = z.looseObject({
  itemOID: z.string().min(1),
  name: z.string().min(1),
  label: z.string(),
  dataType: z.enum(DATASET_JSON_DATA_TYPES),
  targetDataType: z.enum(['integer', 'decimal']).optional(),
  length: z.number().int().min(1).optional(),
  displayFormat: z.string().optional(),
  keySequence: z.number().int().min(1).optional(),
});

const metadataSchema = z.looseObject({
  datasetJSONCreationDateTime: datetime,
  datasetJSONVersion: z.string().regex(/^1\.1(\.(0|[1-9][0-9]*))?$/, 'must be 1.1 or 1.1.n'),
  fileOID: z.string().min(1).optional(),
  dbLastModifiedDateTime: datetime.optional(),
  originator: z.string().optional(),
  sourceSystem: z.object({ name: z.string(), version: z.string() }).optional(),
  studyOID: z.string().min(1).optional(),
  metaDataVersionOID: z.string().min(1).optional(),
  metaDataRef: z.string().optional(),
  itemGroupOID: z.string().min(1),
  records: z.number().int().min(0),
  name: z.string().min(1),
  label: z.string(),
  columns: z.array(columnSchema).min(1),
});

const TOP_ORDER = [
  'datasetJSONCreationDateTime',
  'datasetJSONVersion',
  'fileOID',
  'dbLastModifiedDateTime',
  'originator',
  'sourceSystem',
  'studyOID',
  'metaDataVersionOID',
  'metaDataRef',
  'itemGroupOID',
  'records',
  'name',
  'label',
];
const COLUMN_ORDER = [
  'itemOID',
  'name',
  'label',
  'dataType',
  'targetDataType',
  'length',
  'displayFormat',
  'keySequence',
];

/** The specified attributes in the specified order, then any others (minus `skip`), undefined ones left out. */
function ordered(
  source: Record<string, unknown>,
  order: readonly string[],
  skip: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of order) if (source[key] !== undefined) out[key] = source[key];
  for (const [key, value] of Object.entries(source)) {
    if (!order.includes(key) && !skip.includes(key) && value !== undefined) out[key] = value;
  }
  return out;
}

function canonicalMetadata(meta: Record<string, unknown>): DatasetJsonMetadata {
  const top = ordered(meta, TOP_ORDER, ['columns', 'rows']);
  if (top.sourceSystem && typeof top.sourceSystem === 'object')
    top.sourceSystem = ordered(top.sourceSystem as Record<string, unknown>, ['name', 'version']);
  top.columns = (meta.columns as Record<string, unknown>[]).map((c) => ordered(c, COLUMN_ORDER));
  return top as unknown as DatasetJsonMetadata;
}

function validateMetadata(meta: unknown, where: string): DatasetJsonMetadata {
  const parsed = metadataSchema.safeParse(meta);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`,
    );
    throw new DatasetJsonError(
      `${where}: ${issues.slice(0, 5).join('; ')}${issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''}`,
    );
  }
  const names = new Set<string>();
  const oids = new Set<string>();
  for (const c of parsed.data.columns) {
    if (names.has(c.name)) throw new DatasetJsonError(`${where}: column ${c.name} appears twice`);
    if (oids.has(c.itemOID)) throw new DatasetJsonError(`${where}: itemOID ${c.itemOID} appears twice`);
    names.add(c.name);
    oids.add(c.itemOID);
  }
  return canonicalMetadata(parsed.data);
}

// ---------------------------------------------------------------------------------------------------
// Rows

const DECIMAL_TEXT = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?$/;

/** For each data type: undefined when the (non-null) value fits, else what was expected. */
const VALUE_RULES: Record<DatasetJsonDataType, (v: unknown) => string | undefined> = {
  string: (v) => (typeof v === 'string' ? undefined : 'text'),
  date: (v) => (typeof v === 'string' ? undefined : 'an ISO 8601 date as text'),
  datetime: (v) => (typeof v === 'string' ? undefined : 'an ISO 8601 datetime as text'),
  time: (v) => (typeof v === 'string' ? undefined : 'an ISO 8601 time as text'),
  URI: (v) => (typeof v === 'string' ? undefined : 'a URI as text'),
  integer: (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? undefined : 'a whole number'),
  float: (v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : 'a number'),
  double: (v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : 'a number'),
  decimal: (v) =>
    (typeof v === 'number' && Number.isFinite(v)) ||
    (typeof v === 'string' && /\d/.test(v) && DECIMAL_TEXT.test(v))
      ? undefined
      : 'a decimal number (as text with a dot, or a number)',
  boolean: (v) => (typeof v === 'boolean' ? undefined : 'true or false'),
};

function describe(v: unknown): string {
  if (typeof v === 'string') return `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`;
  return Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : String(v);
}

type RowChecker = (row: unknown, rowNumber: number) => void;

/** Reading is lenient about one thing: a fractional number in an integer column (CDISC's own pilot cm.json
 *  declares CMDOSE integer and holds 0.625); what this module writes is strict. */
const lenientInteger = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? undefined : 'a number');

function rowChecker(columns: readonly DatasetJsonColumn[], mode: 'read' | 'write'): RowChecker {
  const rules = columns.map((c) =>
    mode === 'read' && c.dataType === 'integer' ? lenientInteger : VALUE_RULES[c.dataType],
  );
  return (row, rowNumber) => {
    if (!Array.isArray(row)) throw new DatasetJsonError(`Row ${rowNumber} is not an array`);
    if (row.length !== columns.length) {
      throw new DatasetJsonError(
        `Row ${rowNumber} has ${row.length} values; there are ${columns.length} columns`,
      );
    }
    for (let i = 0; i < rules.length; i++) {
      const v: unknown = row[i];
      if (v === null) continue;
      const expected = rules[i]!(v);
      if (expected)
        throw new DatasetJsonError(
          `Row ${rowNumber}, column ${columns[i]!.name} (${columns[i]!.dataType}): expected ${expected} or null, got ${describe(v)}`,
        );
    }
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading

function asText(input: string | Uint8Array): string {
  const text =
    typeof input === 'string'
      ? input
      : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new DatasetJsonError(`${where} is not JSON: ${(err as Error).message}`);
  }
}

function checkTopLevel(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DatasetJsonError(`${where} is not a JSON object`);
  const obj = value as Record<string, unknown>;
  if ('clinicalData' in obj || 'referenceData' in obj) {
    throw new DatasetJsonError(
      'This is Dataset-JSON 1.0 (clinicalData/referenceData); only version 1.1 is supported',
    );
  }
  return obj;
}

/** A Dataset-JSON v1.1 file (JSON representation): validated, attributes in the specified order. */
export function readDatasetJson(input: string | Uint8Array): DatasetJson {
  const obj = checkTopLevel(parseJson(asText(input), 'The file'), 'The file');
  const { rows = [], ...meta } = obj;
  const metadata = validateMetadata(meta, 'Dataset-JSON metadata');
  if (!Array.isArray(rows)) throw new DatasetJsonError('rows is not an array');
  const check = rowChecker(metadata.columns, 'read');
  rows.forEach((row, i) => check(row, i + 1));
  if (rows.length !== metadata.records)
    throw new DatasetJsonError(`records says ${metadata.records}, but there are ${rows.length} rows`);
  return { ...metadata, rows: rows as DatasetJsonValue[][] };
}

/** The NDJSON representation: the metadata object on the first line, one row array on each further line. */
export function readDatasetJsonNdjson(input: string | Uint8Array): DatasetJson {
  const lines = asText(input).split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (!lines.length) throw new DatasetJsonError('The file is empty');
  const first = checkTopLevel(parseJson(lines[0]!, 'Line 1'), 'Line 1');
  if ('rows' in first)
    throw new DatasetJsonError('Line 1 of an NDJSON Dataset-JSON file holds the metadata only, not rows');
  const metadata = validateMetadata(first, 'Dataset-JSON metadata (line 1)');
  const check = rowChecker(metadata.columns, 'read');
  const rows = lines.slice(1).map((line, i) => {
    const row = parseJson(line, `Line ${i + 2}`);
    check(row, i + 1);
    return row as DatasetJsonValue[];
  });
  if (rows.length !== metadata.records)
    throw new DatasetJsonError(`records says ${metadata.records}, but there are ${rows.length} rows`);
  return { ...metadata, rows };
}

// ---------------------------------------------------------------------------------------------------
// Writing

/** Now, as an ISO 8601 UTC datetime to the second. */
const nowUtc = () => `${new Date().toISOString().slice(0, 19)}Z`;

/** The metadata with defaults, validated; `records` stays undefined when not given. */
function completeHeader(
  header: DatasetJsonHeader,
  records: number | undefined,
): DatasetJsonMetadata | Omit<DatasetJsonMetadata, 'records'> {
  const filled = {
    ...header,
    datasetJSONCreationDateTime: header.datasetJSONCreationDateTime ?? nowUtc(),
    datasetJSONVersion: header.datasetJSONVersion ?? '1.1.0',
  };
  // Validate with a stand-in count when it is not known yet; it is left out of the output below.
  const validated = validateMetadata({ ...filled, records: records ?? 0 }, 'Dataset-JSON metadata');
  if (records !== undefined) return validated;
  const { records: _stand_in, ...rest } = validated;
  return rest;
}

function headerJson(meta: object): string {
  return JSON.stringify(meta);
}

export interface DatasetJsonWriter {
  /** Adds one row (values in column order, checked against the column data types). Resolves when the
   *  output can take more: await it to keep memory flat. A refused row rejects and is not written. */
  writeRow(values: readonly DatasetJsonValue[]): Promise<void>;
  /** Closes the JSON and ends the stream (unless endStream is false). Rejects, without closing the JSON,
   *  when the rows written are not the announced record count (discard that output). */
  end(): Promise<void>;
  readonly rowsWritten: number;
}

const CHUNK_CHARS = 64 * 1024;

/**
 * A streaming Dataset-JSON writer. With `records` in the header, the count is written in its place before
 * the columns and the rows must match it; without, it is written after the rows (JSON only).
 */
export function createDatasetJsonWriter(
  out: Writable,
  header: DatasetJsonHeader,
  options: { format?: DatasetJsonFormat; endStream?: boolean } = {},
): DatasetJsonWriter {
  const format = options.format ?? 'json';
  if (format !== 'json' && format !== 'ndjson')
    throw new DatasetJsonError(`Unknown format '${String(format)}'`);
  const announced = header.records;
  if (format === 'ndjson' && announced === undefined) {
    throw new DatasetJsonError(
      'NDJSON carries the record count on its first line: give records in the header',
    );
  }
  const meta = completeHeader(header, announced);
  const check = rowChecker(meta.columns, 'write');
  const sink = new OutputSink(out);
  let pending = format === 'json' ? `${headerJson(meta).slice(0, -1)},"rows":[` : `${headerJson(meta)}\n`;
  let rows = 0;
  let ended = false;

  return {
    get rowsWritten() {
      return rows;
    },
    writeRow(values) {
      try {
        if (ended) throw new DatasetJsonError('The Dataset-JSON writer has already ended');
        if (announced !== undefined && rows >= announced) {
          throw new DatasetJsonError(
            `The header announced ${announced} records; row ${rows + 1} is one too many`,
          );
        }
        check(values, rows + 1);
        const text = JSON.stringify(values);
        pending += format === 'ndjson' ? `${text}\n` : rows === 0 ? text : `,${text}`;
        rows += 1;
        if (pending.length < CHUNK_CHARS) return sink.ready();
        const chunk = pending;
        pending = '';
        return sink.write(chunk);
      } catch (err) {
        return Promise.reject(err);
      }
    },
    async end() {
      if (ended) throw new DatasetJsonError('The Dataset-JSON writer has already ended');
      ended = true;
      if (announced !== undefined && rows !== announced) {
        throw new DatasetJsonError(
          `The header announced ${announced} records, but ${rows} rows were written`,
        );
      }
      const closing = format === 'ndjson' ? '' : announced === undefined ? `],"records":${rows}}` : ']}';
      await sink.write(pending + closing);
      pending = '';
      await sink.close(options.endStream ?? true);
    },
  };
}

/** The whole file as text, for small datasets and tests; records defaults to the number of rows. */
export function writeDatasetJson(
  dataset: DatasetJsonHeader & { rows: readonly (readonly DatasetJsonValue[])[] },
  options: { format?: DatasetJsonFormat } = {},
): string {
  const { rows, ...header } = dataset;
  const records = header.records ?? rows.length;
  if (records !== rows.length)
    throw new DatasetJsonError(`records says ${records}, but there are ${rows.length} rows`);
  const meta = completeHeader({ ...header, records }, records);
  const check = rowChecker(meta.columns, 'write');
  rows.forEach((row, i) => check(row, i + 1));
  const lines = rows.map((row) => JSON.stringify(row));
  if (options.format === 'ndjson') return `${headerJson(meta)}\n${lines.map((l) => `${l}\n`).join('')}`;
  return `${headerJson(meta).slice(0, -1)},"rows":[${lines.join(',')}]}`;
}
