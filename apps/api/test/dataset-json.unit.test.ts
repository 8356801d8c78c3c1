// CDISC Dataset-JSON v1.1: the pilot's DM and AE read (metadata and rows), written back character for
// character (JSON and the streaming writer), NDJSON both ways, and the refusals. CSV output: header row,
// RFC 4180 quoting, the formula guard, streaming with backpressure.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  createDatasetJsonWriter,
  readDatasetJson,
  readDatasetJsonNdjson,
  writeDatasetJson,
  type DatasetJson,
  type DatasetJsonHeader,
} from '../src/modules/cdisc/formats/dataset-json.ts';
import { createCsvWriter, writeCsv } from '../src/modules/cdisc/formats/csv.ts';
import { readXpt } from '../src/modules/cdisc/formats/xpt.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/cdisc-pilot');
const pilotText = (file: string) => fs.readFileSync(path.join(DIR, file), 'utf8');

function collector({ slow = false } = {}) {
  const chunks: Buffer[] = [];
  let drains = 0;
  const stream = new Writable({
    highWaterMark: slow ? 1024 : 16384,
    write(chunk: Buffer, _enc, done) {
      chunks.push(Buffer.from(chunk));
      if (slow) setImmediate(done);
      else done();
    },
  });
  stream.on('drain', () => drains++);
  return { stream, text: () => Buffer.concat(chunks).toString('utf8'), drains: () => drains };
}

const headerOf = (ds: DatasetJson): DatasetJsonHeader => {
  const { rows: _rows, ...header } = ds;
  return header;
};

describe('reading the pilot Dataset-JSON files', () => {
  it('DM: metadata and rows', () => {
    const dm = readDatasetJson(pilotText('dm.json'));
    expect(dm).toMatchObject({
      datasetJSONCreationDateTime: '2024-12-18T15:34:05',
      datasetJSONVersion: '1.1.0',
      fileOID: 'CDISCPILOT01.dm',
      dbLastModifiedDateTime: '2012-04-04T22:16:21',
      originator: 'CDISC Data Exchange Standards Team',
      sourceSystem: { name: 'SAS on X64_10PRO', version: '9.0401M7' },
      studyOID: 'CDISCPILOT01',
      metaDataVersionOID: 'CDISC.SDTMIG.3.1.2',
      metaDataRef: 'define.xml',
      itemGroupOID: 'DM',
      records: 306,
      name: 'DM',
      label: 'Demographics',
    });
    expect(dm.columns).toHaveLength(25);
    expect(dm.columns[2]).toEqual({
      itemOID: 'DM.USUBJID',
      name: 'USUBJID',
      label: 'Unique Subject Identifier',
      dataType: 'string',
      length: 11,
      keySequence: 2,
    });
    expect(dm.columns.find((c) => c.name === 'AGE')).toEqual({
      itemOID: 'DM.AGE',
      name: 'AGE',
      label: 'Age',
      dataType: 'integer',
    });
    expect(dm.columns.find((c) => c.name === 'RFSTDTC')!.dataType).toBe('date');
    expect(dm.rows).toHaveLength(306);
    expect(dm.rows[0]!.slice(0, 4)).toEqual(['CDISCPILOT01', 'DM', '01-701-1015', '1015']);
    expect(dm.rows.filter((r) => r[24] === null)).toHaveLength(52); // DMDY missing
  });

  it('AE: 1191 rows, five key variables', () => {
    const ae = readDatasetJson(fs.readFileSync(path.join(DIR, 'ae.json'))); // bytes work too
    expect(ae.records).toBe(1191);
    expect(ae.rows).toHaveLength(1191);
    expect(ae.columns.filter((c) => c.keySequence).map((c) => [c.name, c.keySequence])).toEqual([
      ['STUDYID', 1],
      ['USUBJID', 2],
      ['AESEQ', 5],
      ['AETERM', 3],
      ['AESTDTC', 4],
    ]);
  });
});

describe('writing the pilot Dataset-JSON files back', () => {
  for (const file of ['dm.json', 'ae.json']) {
    it(`${file}: the same text, in memory and streamed`, async () => {
      const text = pilotText(file);
      const ds = readDatasetJson(text);
      // The specified attribute order and compact JSON: the output is the original, character for character.
      const written = writeDatasetJson(ds);
      expect(written).toBe(text);
      expect(readDatasetJson(written)).toEqual(ds);

      // Streamed to a slow stream, the record count announced in the header.
      const sink = collector({ slow: true });
      const writer = createDatasetJsonWriter(sink.stream, headerOf(ds));
      for (const row of ds.rows) await writer.writeRow(row);
      await writer.end();
      expect(sink.text()).toBe(text);
      expect(sink.drains()).toBeGreaterThan(0);

      // NDJSON: the metadata line, then one line per row.
      const ndjson = writeDatasetJson(ds, { format: 'ndjson' });
      expect(ndjson.split('\n')).toHaveLength(ds.records + 2); // and a final newline
      expect(JSON.parse(ndjson.split('\n')[0]!)).not.toHaveProperty('rows');
      expect(readDatasetJsonNdjson(ndjson)).toEqual(ds);
    });
  }

  it('streams without a known record count by writing it after the rows', async () => {
    const ds = readDatasetJson(pilotText('dm.json'));
    const { records: _records, ...header } = headerOf(ds);
    const sink = collector();
    const writer = createDatasetJsonWriter(sink.stream, header);
    for (const row of ds.rows) await writer.writeRow(row);
    await writer.end();
    expect(sink.text().endsWith('],"records":306}')).toBe(true);
    expect(readDatasetJson(sink.text())).toEqual(ds);
    expect(() => createDatasetJsonWriter(collector().stream, header, { format: 'ndjson' })).toThrow(
      /NDJSON carries the record count on its first line/,
    );
  });

  it('streams NDJSON', async () => {
    const ds = readDatasetJson(pilotText('dm.json'));
    const sink = collector({ slow: true });
    const writer = createDatasetJsonWriter(sink.stream, headerOf(ds), { format: 'ndjson' });
    for (const row of ds.rows) await writer.writeRow(row);
    await writer.end();
    expect(sink.text()).toBe(writeDatasetJson(ds, { format: 'ndjson' }));
  });
});

describe('Dataset-JSON checks', () => {
  const header: DatasetJsonHeader = {
    itemGroupOID: 'IG.VS',
    name: 'VS',
    label: 'Vital Signs',
    columns: [
      {
        itemOID: 'IT.VS.USUBJID',
        name: 'USUBJID',
        label: 'Unique Subject Identifier',
        dataType: 'string',
        length: 11,
        keySequence: 1,
      },
      { itemOID: 'IT.VS.VSSEQ', name: 'VSSEQ', label: 'Sequence Number', dataType: 'integer' },
      {
        itemOID: 'IT.VS.VSSTRESN',
        name: 'VSSTRESN',
        label: 'Numeric Result/Finding in Standard Units',
        dataType: 'double',
      },
      {
        itemOID: 'IT.VS.VSORRES',
        name: 'VSORRES',
        label: 'Result or Finding in Original Units',
        dataType: 'decimal',
        targetDataType: 'decimal',
      },
      { itemOID: 'IT.VS.VSDTC', name: 'VSDTC', label: 'Date/Time of Measurements', dataType: 'datetime' },
    ],
  };
  const good = ['01-701-1015', 1, 120.5, '1,120.50', '2014-01-02T10:15'];

  it('fills in the creation datetime (UTC), the version and the record count', () => {
    const out = JSON.parse(writeDatasetJson({ ...header, rows: [good] }));
    expect(out.datasetJSONCreationDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(out.datasetJSONVersion).toBe('1.1.0');
    expect(out.records).toBe(1);
    expect(Object.keys(out)).toEqual([
      'datasetJSONCreationDateTime',
      'datasetJSONVersion',
      'itemGroupOID',
      'records',
      'name',
      'label',
      'columns',
      'rows',
    ]);
  });

  it('refuses values that do not fit the column data type, naming row and column', () => {
    const write = (row: unknown[]) => () => writeDatasetJson({ ...header, rows: [good, row as never] });
    expect(write(['x', '2', 1, '1', null])).toThrow(
      'Row 2, column VSSEQ (integer): expected a whole number or null, got "2"',
    );
    expect(write(['x', 1.5, 1, '1', null])).toThrow(
      'Row 2, column VSSEQ (integer): expected a whole number or null, got 1.5',
    );
    expect(write(['x', 1, Number.NaN, '1', null])).toThrow(
      'column VSSTRESN (double): expected a number or null, got NaN',
    );
    expect(write(['x', 1, 1, 'abc', null])).toThrow('column VSORRES (decimal)');
    expect(write([1, 1, 1, '1', null])).toThrow('column USUBJID (string): expected text or null, got 1');
    expect(write(['x', 1, 1, '1'])).toThrow('Row 2 has 4 values; there are 5 columns');
    expect(write([null, null, null, null, null])).not.toThrow();
    expect(write(['x', 1, 1, 2.25, null])).not.toThrow(); // decimal as a number, as the pilot's cm.json
  });

  it('reads a fractional number in an integer column (as CDISC’s pilot cm.json has), but never writes one', () => {
    const file = writeDatasetJson({ ...header, rows: [good] }).replace(
      '"01-701-1015",1,',
      '"01-701-1015",0.625,',
    );
    expect(readDatasetJson(file).rows[0]![1]).toBe(0.625);
    const ds = readDatasetJson(file);
    expect(() => writeDatasetJson(ds)).toThrow(/VSSEQ \(integer\): expected a whole number/);
  });

  it('refuses invalid metadata', () => {
    const write = (over: object) => () => writeDatasetJson({ ...header, ...over, rows: [] });
    expect(write({ itemGroupOID: '' })).toThrow(/itemGroupOID/);
    expect(write({ datasetJSONCreationDateTime: '2024-12-18 15:34' })).toThrow(
      /datasetJSONCreationDateTime: must be an ISO 8601 datetime/,
    );
    expect(write({ datasetJSONVersion: '1.0.0' })).toThrow(/datasetJSONVersion: must be 1.1/);
    expect(write({ columns: [] })).toThrow(/columns/);
    expect(write({ columns: [header.columns[0], { ...header.columns[1], name: 'USUBJID' }] })).toThrow(
      'column USUBJID appears twice',
    );
    expect(write({ columns: [{ ...header.columns[0], dataType: 'text' }] })).toThrow(/columns\.0\.dataType/);
    expect(write({ sourceSystem: { name: 'EDC' } })).toThrow(/sourceSystem\.version/);
    expect(() => writeDatasetJson({ ...header, records: 2, rows: [good] })).toThrow(
      'records says 2, but there are 1 rows',
    );
  });

  it('refuses files that are not Dataset-JSON 1.1', () => {
    expect(() => readDatasetJson('{"rows": [')).toThrow(/The file is not JSON/);
    expect(() => readDatasetJson('[]')).toThrow('The file is not a JSON object');
    expect(() => readDatasetJson('{"datasetJSONVersion":"1.0.0","clinicalData":{}}')).toThrow(
      /Dataset-JSON 1.0/,
    );
    const text = writeDatasetJson({ ...header, rows: [good] });
    expect(() => readDatasetJson(text.replace('"records":1', '"records":2'))).toThrow(
      'records says 2, but there are 1 rows',
    );
    expect(() => readDatasetJson(text.replace('"1,120.50"', 'true'))).toThrow(/Row 1, column VSORRES/);
  });

  it('keeps attributes it does not know, before the columns', () => {
    const text = writeDatasetJson({ ...header, rows: [good] }).replace(
      '"label":"Vital Signs",',
      '"label":"Vital Signs","sponsorNote":"x",',
    );
    const ds = readDatasetJson(text);
    expect((ds as unknown as Record<string, unknown>).sponsorNote).toBe('x');
    expect(writeDatasetJson(ds)).toBe(text);
  });

  it('streaming: holds the announced record count', async () => {
    const tooMany = createDatasetJsonWriter(collector().stream, { ...header, records: 1 });
    await tooMany.writeRow(good);
    await expect(tooMany.writeRow(good)).rejects.toThrow(
      'The header announced 1 records; row 2 is one too many',
    );
    await tooMany.end();
    const tooFew = createDatasetJsonWriter(collector().stream, { ...header, records: 2 });
    await tooFew.writeRow(good);
    await expect(tooFew.end()).rejects.toThrow('The header announced 2 records, but 1 rows were written');
    const refusing = createDatasetJsonWriter(collector().stream, header);
    await expect(refusing.writeRow(['x'])).rejects.toThrow('Row 1 has 1 values');
    expect(refusing.rowsWritten).toBe(0);
  });
});

describe('CSV', () => {
  it('writes a header row and quotes what needs quoting (RFC 4180)', () => {
    const csv = writeCsv(
      ['USUBJID', 'AETERM', 'AESTDY', 'FLAG'],
      [
        ['01-701-1015', 'HEADACHE, SEVERE', -7, true],
        ['01-701-1023', 'said "ouch"', null, false],
        ['01-701-1028', 'line\nbreak', 0.1, undefined],
      ],
    );
    expect(csv).toBe(
      'USUBJID,AETERM,AESTDY,FLAG\r\n' +
        '01-701-1015,"HEADACHE, SEVERE",-7,true\r\n' +
        '01-701-1023,"said ""ouch""",,false\r\n' +
        '01-701-1028,"line\nbreak",0.1,\r\n',
    );
    expect(parse(csv, { columns: true })[1]).toEqual({
      USUBJID: '01-701-1023',
      AETERM: 'said "ouch"',
      AESTDY: '',
      FLAG: 'false',
    });
  });

  it('guards text a spreadsheet would run as a formula, unless told not to', () => {
    expect(writeCsv(['V'], [['=1+1'], ['-5'], [-5], ['@x']])).toBe("V\r\n'=1+1\r\n'-5\r\n-5\r\n'@x\r\n");
    expect(writeCsv(['V'], [['=1+1'], ['-5']], { formulaGuard: false })).toBe('V\r\n=1+1\r\n-5\r\n');
    expect(writeCsv(['A', 'B'], [])).toBe('A,B\r\n');
    expect(() => writeCsv(['A', 'B'], [['only one']])).toThrow('Row 1 has 1 values; there are 2 columns');
  });

  it('streams a pilot dataset with backpressure, the header even without rows', async () => {
    const ae = readXpt(fs.readFileSync(path.join(DIR, 'ae.xpt')));
    const sink = collector({ slow: true });
    const writer = createCsvWriter(sink.stream, ae.variables, { formulaGuard: false });
    for (const row of ae.rows) await writer.writeRow(row);
    await writer.end();
    expect(sink.drains()).toBeGreaterThan(0);
    expect(sink.text()).toBe(writeCsv(ae.variables, ae.rows, { formulaGuard: false }));
    const back: string[][] = parse(sink.text());
    expect(back[0]).toEqual(ae.variables.map((v) => v.name));
    expect(back.slice(1)).toEqual(ae.rows.map((r) => r.map((v) => (v === null ? '' : String(v)))));

    const empty = collector();
    const none = createCsvWriter(empty.stream, ['A', 'B']);
    await none.end();
    expect(empty.text()).toBe('A,B\r\n');
    expect(empty.stream.writableFinished).toBe(true);
  });

  it('passes on an error of the output stream', async () => {
    const failing = new Writable({
      write(_chunk, _enc, done) {
        done(new Error('socket closed'));
      },
    });
    const writer = createCsvWriter(failing, ['A']);
    const rows = Array.from({ length: 5000 }, (_, i) =>
      writer.writeRow([`row ${i}`]).catch((e: Error) => e.message),
    );
    const results = await Promise.all(rows);
    await expect(writer.end()).rejects.toThrow(/socket closed/);
    expect(results.some((r) => typeof r === 'string' && r.includes('socket closed'))).toBe(true);
  });
});
