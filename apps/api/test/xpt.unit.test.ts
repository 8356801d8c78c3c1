// SAS Transport (XPORT v5): the CDISC pilot's DM, SV and AE read with known facts, agree with CDISC's own
// Dataset-JSON of the same data, and write back byte for byte when the original header fields are reused;
// the streaming writer (header, rows as they come, padding) gives the same bytes and respects backpressure;
// IBM floating point edge cases, missing values, and every refusal (names, labels, lengths, types).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IBM_MAX_EXCLUSIVE,
  IBM_MIN_NORMAL,
  createXptWriter,
  ibmToIeee,
  ieeeToIbm,
  readXpt,
  readXptLibrary,
  sasHeaderDatetime,
  sasMissing,
  writeXpt,
  type XptDatasetSpec,
  type XptInput,
} from '../src/modules/cdisc/formats/xpt.ts';
import { readDatasetJson } from '../src/modules/cdisc/formats/dataset-json.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/cdisc-pilot');
const pilot = (file: string) => fs.readFileSync(path.join(DIR, file));

const ibm = (value: number, length = 8) => {
  const out = Buffer.alloc(length);
  ieeeToIbm(value, out, 0, length);
  return out.toString('hex');
};
const fromHex = (hex: string) => ibmToIeee(Buffer.from(hex, 'hex'), 0, hex.length / 2);

/** A Writable that keeps what it gets; `slow` answers each write on a later turn with a small buffer, so
 *  that backpressure actually happens. */
function collector({ slow = false } = {}) {
  const chunks: Buffer[] = [];
  let maxBuffered = 0;
  let drains = 0;
  const stream = new Writable({
    highWaterMark: slow ? 4096 : 16384,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      if (slow) setImmediate(done);
      else done();
    },
  });
  stream.on('drain', () => drains++);
  // What the writer leaves buffered in the stream after each write call.
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  (stream as { write: unknown }).write = (...args: unknown[]) => {
    const ok = write(...args);
    maxBuffered = Math.max(maxBuffered, stream.writableLength);
    return ok;
  };
  return {
    stream,
    bytes: () => Buffer.concat(chunks),
    stats: () => ({ maxBuffered, drains }),
  };
}

describe('the CDISC pilot fixtures', () => {
  it('are the unmodified copies listed in the README', () => {
    const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^([0-9a-f]{64}) {2}(\S+)$/gm)];
    expect(listed.map((m) => m[2]).sort()).toEqual([
      'ae.json',
      'ae.xpt',
      'dm.json',
      'dm.xpt',
      'sv.xpt',
      'ts.xpt',
    ]);
    for (const [, sha, file] of listed)
      expect(crypto.createHash('sha256').update(pilot(file!)).digest('hex'), file).toBe(sha);
  });
});

describe('reading the pilot XPT files', () => {
  it('DM: 306 subjects, 25 variables, USUBJID character, AGE numeric', () => {
    const dm = readXpt(pilot('dm.xpt'));
    expect(dm).toMatchObject({ name: 'DM', label: '' });
    expect(dm.header).toEqual({
      sasVersion: '9.3',
      os: 'X64_7HOM',
      created: '2012-04-04T22:16:21',
      modified: '2012-04-04T22:16:21',
      datasetType: '',
    });
    expect(dm.variables).toHaveLength(25);
    expect(dm.variables[2]).toEqual({
      name: 'USUBJID',
      label: 'Unique Subject Identifier',
      type: 'char',
      length: 11,
    });
    expect(dm.variables.find((v) => v.name === 'AGE')).toEqual({
      name: 'AGE',
      label: 'Age',
      type: 'num',
      length: 8,
    });
    expect(dm.rows).toHaveLength(306);
    expect(dm.rows[0]).toEqual([
      'CDISCPILOT01',
      'DM',
      '01-701-1015',
      '1015',
      '2014-01-02',
      '2014-07-02',
      '2014-01-02',
      '2014-07-02',
      '',
      '2014-07-02T11:45',
      '',
      '',
      '701',
      63,
      'YEARS',
      'F',
      'WHITE',
      'HISPANIC OR LATINO',
      'Pbo',
      'Placebo',
      'Pbo',
      'Placebo',
      'USA',
      '2013-12-26',
      -7,
    ]);
    const age = dm.variables.findIndex((v) => v.name === 'AGE');
    const ages = dm.rows.map((r) => r[age] as number);
    expect([Math.min(...ages), Math.max(...ages)]).toEqual([50, 89]);
    const dmdy = dm.variables.findIndex((v) => v.name === 'DMDY');
    expect(dm.rows.filter((r) => r[dmdy] === null)).toHaveLength(52); // missing numerics are null
    expect(dm.rows.filter((r) => r[11] === 'Y')).toHaveLength(3); // DTHFL
  });

  it('SV: 3559 visits; fractional visit numbers such as 8.2 come back exactly', () => {
    const sv = readXpt(pilot('sv.xpt'));
    expect(sv.rows).toHaveLength(3559);
    expect(sv.variables.map((v) => `${v.name}:${v.type}${v.length}`)).toEqual([
      'STUDYID:char12',
      'DOMAIN:char2',
      'USUBJID:char11',
      'VISITNUM:num8',
      'VISIT:char19',
      'VISITDY:num8',
      'SVSTDTC:char10',
      'SVENDTC:char10',
    ]);
    expect(sv.rows.find((r) => r[4] === 'UNSCHEDULED 8.2')).toEqual([
      'CDISCPILOT01',
      'SV',
      '01-705-1310',
      8.2,
      'UNSCHEDULED 8.2',
      null,
      '2014-01-10',
      '2014-01-10',
    ]);
  });

  it('AE: 1191 events, 35 variables, 200-byte terms', () => {
    const ae = readXpt(pilot('ae.xpt'));
    expect(ae.rows).toHaveLength(1191);
    expect(ae.variables).toHaveLength(35);
    expect(ae.variables.find((v) => v.name === 'AETERM')).toMatchObject({
      type: 'char',
      length: 200,
      label: 'Reported Term for the Adverse Event',
    });
    expect(ae.rows[0]!.slice(0, 6)).toEqual([
      'CDISCPILOT01',
      'AE',
      '01-701-1015',
      1,
      'E07',
      'APPLICATION SITE ERYTHEMA',
    ]);
  });

  it("agrees value for value with CDISC's Dataset-JSON of the same DM and AE", () => {
    for (const domain of ['dm', 'ae']) {
      const xpt = readXpt(pilot(`${domain}.xpt`));
      const json = readDatasetJson(pilot(`${domain}.json`));
      expect(xpt.variables.map((v) => [v.name, v.label])).toEqual(json.columns.map((c) => [c.name, c.label]));
      xpt.variables.forEach((v, i) => {
        if (json.columns[i]!.dataType === 'string') expect(json.columns[i]!.length, v.name).toBe(v.length);
      });
      expect(xpt.rows).toEqual(json.rows);
    }
  });

  it('reads Windows-1252 text when told, and refuses it as UTF-8 rather than guessing', () => {
    expect(() => readXpt(pilot('ts.xpt'))).toThrow(
      /Dataset TS, row 9, variable TSVAL: the text is not valid UTF-8; read the file with encoding windows-1252/,
    );
    const ts = readXpt(pilot('ts.xpt'), { encoding: 'windows-1252' });
    expect(ts.rows[8]![ts.variables.findIndex((v) => v.name === 'TSVAL')]).toContain('Alzheimer’s Disease');
    // and writes the same byte back
    expect(writeXpt(ts, ts.rows, { ...ts.header, encoding: 'windows-1252' }).equals(pilot('ts.xpt'))).toBe(
      true,
    );
  });
});

describe('writing the pilot XPT files back', () => {
  for (const file of ['dm.xpt', 'sv.xpt', 'ae.xpt']) {
    it(`${file}: byte-identical with the original header fields, same values with new ones`, async () => {
      const original = pilot(file);
      const ds = readXpt(original, { keepSpecialMissing: true });
      // Reusing the header's SAS version, OS field and datetimes reproduces the file exactly: every
      // numeric converts back to the same IBM bytes, every text to the same blank-padded bytes.
      expect(writeXpt(ds, ds.rows, ds.header).equals(original)).toBe(true);

      // With this writer's own header (now, SAS version 9.4, blank OS) only those header fields differ:
      // they sit in the library's real header records (bytes 80–240) and the member's first record
      // (400–480) and modified datetime (480–496). Everything else is the same, byte for byte.
      const fresh = writeXpt(ds, ds.rows);
      expect(fresh.length).toBe(original.length);
      for (const [from, to] of [
        [0, 80],
        [240, 400],
        [496, original.length],
      ]) {
        expect(fresh.subarray(from, to).equals(original.subarray(from, to)), `bytes ${from}–${to}`).toBe(
          true,
        );
      }
      const again = readXpt(fresh, { keepSpecialMissing: true });
      expect({ ...again, header: undefined }).toEqual({ ...ds, header: undefined });
      expect(again.header).toMatchObject({ sasVersion: '9.4', os: '' });

      // The streaming writer gives the same bytes, to a slow stream, awaiting each row.
      const sink = collector({ slow: true });
      const writer = createXptWriter(sink.stream, ds, ds.header);
      for (const row of ds.rows) await writer.writeRow(row);
      await writer.end();
      expect(writer.rowsWritten).toBe(ds.rows.length);
      expect(sink.bytes().equals(original)).toBe(true);
    });
  }
});

describe('the streaming XPT writer', () => {
  const spec: XptDatasetSpec = {
    name: 'LB',
    label: 'Laboratory Test Results',
    variables: [
      { name: 'USUBJID', label: 'Unique Subject Identifier', type: 'char', length: 20 },
      { name: 'LBSEQ', label: 'Sequence Number', type: 'num', length: 8 },
      { name: 'LBORRES', label: 'Result or Finding in Original Units', type: 'char', length: 200 },
      { name: 'LBSTRESN', label: 'Numeric Result/Finding in Standard Units', type: 'num', length: 8 },
    ],
  };
  const row = (i: number): XptInput[] => [
    `SUBJ-${i % 97}`,
    i,
    `${(i * 0.37).toFixed(2)} g/L`,
    i % 11 === 0 ? null : i * 0.37,
  ];

  it('holds memory flat: waits for drain, keeps the buffered output near one chunk', async () => {
    const sink = collector({ slow: true });
    const writer = createXptWriter(sink.stream, spec, { created: '2026-01-01T00:00:00' });
    const n = 20_000; // about 4.7 MB of observations
    for (let i = 1; i <= n; i++) await writer.writeRow(row(i));
    await writer.end();
    const { maxBuffered, drains } = sink.stats();
    expect(drains).toBeGreaterThan(10);
    expect(maxBuffered).toBeLessThanOrEqual(64 * 1024 + 4096);
    const back = readXpt(sink.bytes());
    expect(back.rows).toHaveLength(n);
    expect(back.rows[10]).toEqual(['SUBJ-11', 11, '4.07 g/L', null]);
    expect(back.rows[n - 1]).toEqual(row(n));
    expect(sink.bytes().length % 80).toBe(0);
  });

  it('keeps the order of rows written without awaiting, and equals the in-memory writer', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row(i + 1));
    const sink = collector({ slow: true });
    const writer = createXptWriter(sink.stream, spec, { created: '2026-01-01T00:00:00' });
    const pending = rows.map((r) => writer.writeRow(r));
    await Promise.all(pending);
    await writer.end();
    expect(sink.bytes().equals(writeXpt(spec, rows, { created: '2026-01-01T00:00:00' }))).toBe(true);
  });

  it('refuses a bad row without writing it, and goes on', async () => {
    const sink = collector();
    const writer = createXptWriter(sink.stream, spec, { created: '2026-01-01T00:00:00' });
    await writer.writeRow(row(1));
    await expect(writer.writeRow(['X', 'two', 'x', 1])).rejects.toThrow(
      'Row 2, variable LBSEQ: a numeric variable takes a number or null, not string',
    );
    await expect(writer.writeRow(['X'.repeat(21), 2, 'x', 1])).rejects.toThrow(
      "Row 2, variable USUBJID: the value is 21 bytes; the variable's length is 20",
    );
    await writer.writeRow(row(2));
    await writer.end();
    expect(readXpt(sink.bytes()).rows).toEqual([row(1), row(2)]);
    await expect(writer.writeRow(row(3))).rejects.toThrow('already ended');
    await expect(writer.end()).rejects.toThrow('already ended');
  });

  it('passes on an error of the output stream', async () => {
    const failing = new Writable({
      write(_chunk, _enc, done) {
        done(new Error('disk full'));
      },
    });
    const writer = createXptWriter(failing, spec);
    await new Promise((r) => setImmediate(r));
    await expect(writer.writeRow(row(1))).rejects.toThrow('disk full');
    await expect(writer.end()).rejects.toThrow('disk full');
  });

  it('writes a dataset without rows (header only), and can leave the stream open', async () => {
    const sink = collector();
    const writer = createXptWriter(sink.stream, spec, { endStream: false });
    await writer.end();
    expect(sink.stream.writableEnded).toBe(false);
    const back = readXpt(sink.bytes());
    expect(back.rows).toEqual([]);
    expect(back.variables).toEqual(spec.variables);
    expect(back.label).toBe('Laboratory Test Results');
  });

  it('checks the dataset before writing anything', () => {
    const sink = collector();
    expect(() => createXptWriter(sink.stream, { ...spec, name: 'lb' })).toThrow(
      /Dataset name 'lb' is not a valid SAS transport name/,
    );
    expect(sink.bytes().length).toBe(0);
  });
});

describe('IBM hexadecimal floating point', () => {
  it('encodes the classic values', () => {
    expect(ibm(0)).toBe('0000000000000000');
    expect(ibm(-0)).toBe('0000000000000000');
    expect(ibm(1)).toBe('4110000000000000');
    expect(ibm(-1)).toBe('c110000000000000');
    expect(ibm(0.5)).toBe('4080000000000000');
    expect(ibm(100)).toBe('4264000000000000');
    expect(ibm(-118.625)).toBe('c276a00000000000');
    expect(ibm(0.1)).toBe('401999999999999a');
    expect(ibm(1 / 3)).toBe('4055555555555554');
    expect(ibm(8.2)).toBe('4183333333333330'); // as in the pilot's SV (VISITNUM 8.2)
    expect(ibm(2 ** 52)).toBe('4e10000000000000');
  });

  it('round-trips every double in range exactly (IEEE 53 bits fit the 56-bit fraction)', () => {
    for (const v of [
      0.1,
      1 / 3,
      -2 / 3,
      Math.PI,
      1e-70,
      -1e-70,
      7.2e75,
      -7.2e75,
      2 ** 53,
      2 ** 53 + 2,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      123456789.12345679,
      IBM_MIN_NORMAL,
    ]) {
      expect(fromHex(ibm(v)), String(v)).toBe(v);
    }
    expect(ibm(IBM_MIN_NORMAL)).toBe('0010000000000000'); // 16^-65: exponent 0, fraction 1/16
    fc.assert(
      // Below 16^-65 (and ±0) the result is +0: IBM has no negative zero.
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -7e75, max: 7e75 }), (v) =>
        Object.is(fromHex(ibm(v)), Math.abs(v) < IBM_MIN_NORMAL ? 0 : v),
      ),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => fromHex(ibm(n)) === n),
      { numRuns: 5000 },
    );
  });

  it('underflows below 16^-65 to zero and refuses 16^63 and above, NaN and infinities', () => {
    expect(ibm(1e-80)).toBe('0000000000000000');
    expect(ibm(-5e-79)).toBe('0000000000000000');
    expect(ibm(Number.MIN_VALUE)).toBe('0000000000000000');
    expect(fromHex(ibm(7.23e75))).toBe(7.23e75); // just below 2^252 ≈ 7.237e75
    for (const v of [IBM_MAX_EXCLUSIVE, 7.3e75, -1e76, Number.MAX_VALUE])
      expect(() => ibm(v), String(v)).toThrow(/too large for SAS transport \(IBM\) floating point/);
    for (const v of [Number.NaN, Infinity, -Infinity]) expect(() => ibm(v)).toThrow(/cannot be stored/);
  });

  it('reads 56-bit fractions with round half to even', () => {
    // exponent 0x4E: fraction × 2^0, so these are the integers 2^55 + k
    expect(fromHex('4e80000000000001')).toBe(2 ** 55); // nearest
    expect(fromHex('4e80000000000004')).toBe(2 ** 55); // tie, to even
    expect(fromHex('4e8000000000000c')).toBe(2 ** 55 + 16); // tie, to even
    expect(fromHex('4e80000000000005')).toBe(2 ** 55 + 8); // nearest
    expect(fromHex('c080000000000000')).toBe(-0.5);
    expect(fromHex('7f00000000000000')).toBe(0); // zero fraction: zero whatever the exponent
    expect(fromHex('7fffffffffffffff')).toBe(2 ** 252); // the largest IBM value rounds up to 2^252
  });

  it('truncates short numerics (length 3–7) as SAS does, and reads them back', () => {
    expect(ibm(1 / 3, 4)).toBe('40555555');
    expect(fromHex('40555555')).toBe(0x555555 / 2 ** 24);
    const spec: XptDatasetSpec = {
      name: 'T',
      label: '',
      variables: [
        { name: 'X', label: '', type: 'num', length: 3 },
        { name: 'Y', label: '', type: 'num', length: 5 },
      ],
    };
    const back = readXpt(
      writeXpt(spec, [
        [1000, 1 / 3],
        [null, sasMissing('Z')],
      ]),
      { keepSpecialMissing: true },
    );
    expect(back.rows[0]![0]).toBe(1000);
    expect(Math.abs((back.rows[0]![1] as number) - 1 / 3)).toBeLessThan(2 ** -29);
    expect(back.rows[1]).toEqual([null, sasMissing('Z')]);
  });
});

describe('missing values', () => {
  const spec: XptDatasetSpec = {
    name: 'M',
    label: 'Missing',
    variables: [
      { name: 'N', label: 'Number', type: 'num', length: 8 },
      { name: 'C', label: 'Text', type: 'char', length: 3 },
    ],
  };

  it('writes . as 0x2E and ._ .A–.Z as their character, followed by zeros; reads all as missing', () => {
    const rows: XptInput[][] = [
      [null, null],
      [undefined, ''],
      [sasMissing('A'), 'a'],
      [sasMissing('_'), 'b'],
      [sasMissing('z'), 'c'],
      [0, 'd'],
    ];
    const file = writeXpt(spec, rows, { created: '2026-01-01T00:00:00' });
    const data = file.subarray(file.length - 80);
    const obs = (i: number) => data.subarray(i * 11, i * 11 + 8).toString('hex');
    expect([0, 1, 2, 3, 4, 5].map(obs)).toEqual([
      '2e00000000000000',
      '2e00000000000000',
      '4100000000000000',
      '5f00000000000000',
      '5a00000000000000',
      '0000000000000000',
    ]);
    expect(readXpt(file).rows).toEqual([
      [null, ''],
      [null, ''],
      [null, 'a'],
      [null, 'b'],
      [null, 'c'],
      [0, 'd'],
    ]);
    expect(readXpt(file, { keepSpecialMissing: true }).rows.map((r) => r[0])).toEqual([
      null,
      null,
      { sasMissing: 'A' },
      { sasMissing: '_' },
      { sasMissing: 'Z' },
      0,
    ]);
    expect(() => sasMissing('AB')).toThrow(/not a SAS special missing value/);
    expect(() => sasMissing('.')).toThrow(/not a SAS special missing value/);
  });

  it('cannot tell a trailing all-blank row inside the last 80-byte record from the padding (the format’s ambiguity)', () => {
    const text: XptDatasetSpec = {
      name: 'C',
      label: '',
      variables: [{ name: 'C', label: '', type: 'char', length: 10 }],
    };
    expect(readXpt(writeXpt(text, [['A'], [''], ['B'], [''], ['']])).rows).toEqual([['A'], [''], ['B']]);
    // Numeric variables never look like blanks (missing is 0x2E…), so they are not affected.
    expect(
      readXpt(
        writeXpt(spec, [
          [1, 'x'],
          [null, ''],
        ]),
      ).rows,
    ).toEqual([
      [1, 'x'],
      [null, ''],
    ]);
  });
});

describe('names, labels, lengths and values the format cannot hold', () => {
  const v = (over: object) => ({ name: 'AGE', label: 'Age', type: 'num' as const, length: 8, ...over });
  const ds = (over: Partial<XptDatasetSpec> = {}, variable: object = {}): XptDatasetSpec => ({
    name: 'DM',
    label: 'Demographics',
    variables: [v(variable)],
    ...over,
  });
  const refuses = (spec: XptDatasetSpec, message: string | RegExp) =>
    expect(() => writeXpt(spec, [])).toThrow(message);

  it('refuses variable and dataset names that are not 1–8 uppercase letters, digits or underscores', () => {
    for (const name of ['age', 'AGE_AT_CONSENT', '1AGE', 'AGE-Y', '', 'ÅGE'])
      refuses(ds({}, { name }), `Variable name '${name}' is not a valid SAS transport name`);
    refuses(ds({ name: 'DEMOGRAPH' }), "Dataset name 'DEMOGRAPH' is not a valid SAS transport name");
    refuses(ds({ name: 'dm' }), /Dataset name 'dm'/);
    refuses(
      { name: 'DM', label: '', variables: [v({}), v({ label: 'Again' })] },
      'Variable AGE appears twice in dataset DM',
    );
    expect(() => writeXpt(ds({}, { name: '_AGE2345' }), [])).not.toThrow();
  });

  it('refuses labels over 40 bytes', () => {
    refuses(
      ds({}, { label: 'L'.repeat(41) }),
      'The label of variable AGE is 41 characters long; at most 40 are allowed',
    );
    refuses(
      ds({ label: 'D'.repeat(41) }),
      'The label of dataset DM is 41 characters long; at most 40 are allowed',
    );
    refuses(
      ds({}, { label: 'é'.repeat(21) }),
      'The label of variable AGE is 42 bytes long; at most 40 are allowed',
    ); // UTF-8
    expect(() => writeXpt(ds({}, { label: 'é'.repeat(21) }), [], { encoding: 'latin1' })).not.toThrow();
    expect(readXpt(writeXpt(ds({}, { label: 'L'.repeat(40) }), [])).variables[0]!.label).toBe('L'.repeat(40));
  });

  it('refuses lengths outside 1–200 (char) and 3–8 (num), and unknown types', () => {
    refuses(
      ds({}, { type: 'char', length: 201 }),
      'Variable AGE has length 201; a character variable takes 1–200 bytes',
    );
    refuses(ds({}, { type: 'char', length: 0 }), /has length 0/);
    refuses(ds({}, { length: 9 }), 'Variable AGE has length 9; a numeric variable takes 3–8 bytes');
    refuses(ds({}, { length: 2 }), /has length 2/);
    refuses(ds({}, { type: 'date' }), "Variable AGE has type 'date'; use 'char' or 'num'");
    refuses(ds({ variables: [] }), 'Dataset DM has no variables');
  });

  it('refuses values too long for their variable or for the format, naming variable and row', () => {
    const spec = ds({}, { name: 'AETERM', type: 'char', length: 200 });
    expect(() => writeXpt(spec, [['ok'], ['x'.repeat(201)]])).toThrow(
      'Row 2, variable AETERM: the value is 201 bytes; SAS transport files hold at most 200',
    );
    expect(() => writeXpt(ds({}, { name: 'SEX', type: 'char', length: 1 }), [['MF']])).toThrow(
      "Row 1, variable SEX: the value is 2 bytes; the variable's length is 1",
    );
    expect(() => writeXpt(ds({}, { name: 'SEX', type: 'char', length: 1 }), [['é']])).toThrow(
      'the value is 2 bytes',
    ); // UTF-8
    expect(() =>
      writeXpt(ds({}, { name: 'SEX', type: 'char', length: 1 }), [['€']], { encoding: 'latin1' }),
    ).toThrow('Row 1, variable SEX: the value has characters that latin1 cannot hold');
    expect(
      readXpt(
        writeXpt(ds({}, { name: 'SEX', type: 'char', length: 1 }), [['€']], { encoding: 'windows-1252' }),
        { encoding: 'windows-1252' },
      ).rows,
    ).toEqual([['€']]);
    expect(readXpt(writeXpt(spec, [['x'.repeat(200)]])).rows[0]![0]).toHaveLength(200);
  });

  it('refuses values of the wrong type and rows of the wrong width', () => {
    expect(() => writeXpt(ds(), [['63']])).toThrow(
      'Row 1, variable AGE: a numeric variable takes a number or null, not string',
    );
    expect(() => writeXpt(ds({}, { type: 'char' }), [[63]])).toThrow(
      'Row 1, variable AGE: a character variable takes text or null, not number',
    );
    expect(() => writeXpt(ds(), [[1e76]])).toThrow(/Row 1, variable AGE: 1e\+76 is too large/);
    expect(() => writeXpt(ds(), [[63, 'F']])).toThrow('Row 1 has 2 values; dataset DM has 1 variables');
  });

  it('keeps leading blanks, cuts trailing ones', () => {
    const spec = ds({}, { name: 'T', type: 'char', length: 8 });
    expect(readXpt(writeXpt(spec, [['  a b  '], [''], [null], ['z']])).rows).toEqual([
      ['  a b'],
      [''],
      [''],
      ['z'],
    ]);
  });
});

describe('headers, formats and libraries', () => {
  it('writes the header datetimes as ddMMMyy:hh:mm:ss (a Date in UTC) and reads them as ISO', () => {
    expect(sasHeaderDatetime(new Date(Date.UTC(2026, 10, 5, 9, 5, 7)))).toBe('05NOV26:09:05:07');
    expect(sasHeaderDatetime('1999-12-31T23:59:59')).toBe('31DEC99:23:59:59');
    expect(sasHeaderDatetime('04APR12:22:16:21')).toBe('04APR12:22:16:21');
    expect(() => sasHeaderDatetime('yesterday')).toThrow(/not a datetime/);
    const spec: XptDatasetSpec = {
      name: 'X',
      label: 'Label',
      variables: [{ name: 'A', label: '', type: 'num', length: 8 }],
    };
    const file = writeXpt(spec, [[1]], {
      created: '1999-12-31T23:59:59',
      modified: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      sasVersion: '9.4',
      os: 'Linux',
      datasetType: 'DATA',
    });
    expect(file.subarray(0, 80).toString('latin1')).toBe(
      'HEADER RECORD*******LIBRARY HEADER RECORD!!!!!!!000000000000000000000000000000  ',
    );
    expect(file.subarray(80, 160).toString('latin1')).toBe(
      `SAS     SAS     SASLIB  9.4     Linux   ${' '.repeat(24)}31DEC99:23:59:59`,
    );
    expect(file.subarray(240, 320).toString('latin1')).toBe(
      'HEADER RECORD*******MEMBER  HEADER RECORD!!!!!!!000000000000000001600000000140  ',
    );
    expect(readXpt(file).header).toEqual({
      sasVersion: '9.4',
      os: 'Linux',
      created: '1999-12-31T23:59:59',
      modified: '2026-01-02T03:04:05',
      datasetType: 'DATA',
    });
  });

  it('keeps formats and informats in the NAMESTR', () => {
    const spec: XptDatasetSpec = {
      name: 'ADSL',
      label: 'Subject-Level Analysis Dataset',
      variables: [
        {
          name: 'TRTSDT',
          label: 'Date of First Exposure to Treatment',
          type: 'num',
          length: 8,
          format: { name: 'DATE', width: 9, decimals: 0 },
          informat: { name: 'YYMMDD', width: 10, decimals: 0 },
        },
        {
          name: 'BMIBL',
          label: 'Baseline BMI (kg/m^2)',
          type: 'num',
          length: 8,
          format: { name: '', width: 8, decimals: 2, justify: 'right' },
        },
        {
          name: 'SEX',
          label: 'Sex',
          type: 'char',
          length: 1,
          format: { name: '$CHAR', width: 1, decimals: 0 },
        },
      ],
    };
    expect(readXpt(writeXpt(spec, [[19000, 24.5, 'F']])).variables).toEqual(spec.variables);
    expect(() =>
      writeXpt(
        {
          ...spec,
          variables: [{ ...spec.variables[0]!, format: { name: 'DATE9.', width: 9, decimals: 0 } }],
        },
        [],
      ),
    ).toThrow(/not a valid SAS format name/);
  });

  it('reads every member of a library', () => {
    const a = writeXpt(
      { name: 'A', label: '', variables: [{ name: 'X', label: '', type: 'num', length: 8 }] },
      [[1], [2]],
    );
    const b = writeXpt(
      { name: 'B', label: '', variables: [{ name: 'Y', label: '', type: 'char', length: 3 }] },
      [['abc']],
    );
    const library = Buffer.concat([a, b.subarray(240)]); // the second member after the first one's padding
    const members = readXptLibrary(library);
    expect(members.map((m) => [m.name, m.rows])).toEqual([
      ['A', [[1], [2]]],
      ['B', [['abc']]],
    ]);
    expect(readXpt(library).name).toBe('A');
  });

  it('refuses what is not an XPORT v5 file', () => {
    expect(() => readXpt(Buffer.from('not a transport file'.padEnd(400)))).toThrow(
      /not a SAS transport \(XPORT v5\) file/,
    );
    expect(() =>
      readXpt(
        Buffer.from(
          'HEADER RECORD*******LIBV8   HEADER RECORD!!!!!!!000000000000000000000000000000  '.padEnd(400),
        ),
      ),
    ).toThrow(/version 8/);
    expect(() => readXpt(pilot('dm.xpt').subarray(0, 700))).toThrow(/ends inside the variable descriptors/);
    expect(() => readXpt(pilot('dm.xpt').subarray(0, 160))).toThrow(/ends inside the library header/);
  });
});
