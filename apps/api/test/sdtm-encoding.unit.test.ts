// The XPT text encoding of an SDTM run (text-encoding.ts), the way the generation uses it: each record's
// values converted (and reported) first, then written by the XPT writer in the run's encoding and read
// back with the repo's reader. ASCII transliterates every non-ASCII character and reports each changed
// value without its content; Latin-1 writes é as the one byte 0xE9 and transliterates what it lacks
// (reported as not representable); Windows-1252 keeps curly quotes and the euro sign; UTF-8 (on request)
// writes é as two bytes and changes nothing.
import { describe, expect, it } from 'vitest';
import { readXpt, writeXpt, type XptDatasetSpec } from '../src/modules/cdisc/formats/xpt.ts';
import { RunTextEncoder, byteLengthIn, convertText, representable, xptEncodingOf } from '../src/modules/cdisc/sdtm/text-encoding.ts';
import type { SdtmEncoding } from '@ctp/contracts';

const RECORDS = [
  { STUDYID: 'S1', DOMAIN: 'AE', USUBJID: 'S1-001', AESEQ: 1, AETERM: 'Céphalée', AEDECOD: 'Headache' },
  { STUDYID: 'S1', DOMAIN: 'AE', USUBJID: 'S1-002', AESEQ: 1, AETERM: 'Übelkeit – „stark“', AEDECOD: 'Nausea' },
  { STUDYID: 'S1', DOMAIN: 'AE', USUBJID: 'S1-003', AESEQ: 1, AETERM: 'Łódź 東京', AEDECOD: 'Fatigue' },
];

/** The generation's path: convert, size the columns in bytes of the encoding, write, read back. */
function run(encoding: SdtmEncoding) {
  const encoder = new RunTextEncoder(encoding);
  const records = RECORDS.map((r, i) => encoder.convertRecord('AE', i + 1, r));
  const names = Object.keys(RECORDS[0]!);
  const spec: XptDatasetSpec = {
    name: 'AE',
    label: 'Adverse Events',
    variables: names.map((n) => ({
      name: n,
      label: n,
      type: n === 'AESEQ' ? 'num' : 'char',
      length: n === 'AESEQ' ? 8 : Math.max(1, ...records.map((r) => byteLengthIn(encoding, String(r[n as keyof typeof r])))),
    })),
  };
  const bytes = writeXpt(spec, records.map((r) => names.map((n) => r[n as keyof typeof r] as string | number)), { encoding: xptEncodingOf(encoding), created: '2025-01-01T00:00:00Z' });
  const back = readXpt(bytes, { encoding: xptEncodingOf(encoding) });
  const term = back.variables.findIndex((v) => v.name === 'AETERM');
  return { encoder, bytes, terms: back.rows.map((r) => r[term] as string), width: spec.variables.find((v) => v.name === 'AETERM')!.length };
}

describe('XPT text encoding of a run', () => {
  it('ASCII (the default) transliterates every non-ASCII character and reports each changed value, not its text', () => {
    const { encoder, bytes, terms } = run('ascii');
    expect(terms).toEqual(['Cephalee', 'Ubelkeit - "stark"', 'Lodz DongJing']);
    expect([...bytes].every((b) => b < 0x80)).toBe(true);
    expect(encoder.changes).toBe(3);
    expect(encoder.report()).toEqual([
      { dataset: 'AE', variable: 'AETERM', record: 1, usubjid: 'S1-001', change: 'transliterated', characters: 2 },
      { dataset: 'AE', variable: 'AETERM', record: 2, usubjid: 'S1-002', change: 'transliterated', characters: 4 },
      { dataset: 'AE', variable: 'AETERM', record: 3, usubjid: 'S1-003', change: 'transliterated', characters: 5 },
    ]);
    // the report and the note never carry the values
    const said = JSON.stringify(encoder.report()) + encoder.note();
    for (const r of RECORDS) expect(said).not.toContain(r.AETERM);
    expect(encoder.note()).toMatch(/^XPT text encoding ascii: 3 values transliterated to ASCII/);
  });

  it('Latin-1 writes é as one byte (0xE9) and transliterates, and reports, what Latin-1 lacks', () => {
    const { encoder, bytes, terms, width } = run('latin1');
    expect(terms).toEqual(['Céphalée', 'Übelkeit - "stark"', 'Lódz DongJing']);
    // "Céphalée" is 8 characters and 8 bytes; its bytes are in the file as Latin-1
    expect(width).toBe(18);
    expect(bytes.indexOf(Buffer.from('C\u00e9phal\u00e9e', 'latin1'))).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from('é', 'utf8'))).toBe(false);
    expect(encoder.report().map((c) => [c.record, c.change, c.characters])).toEqual([
      [2, 'not representable', 3],
      [3, 'not representable', 4],
    ]);
  });

  it('Windows-1252 keeps its curly quotes and dashes, and transliterates the rest', () => {
    const { encoder, terms } = run('windows-1252');
    expect(terms).toEqual(['Céphalée', 'Übelkeit – „stark“', 'Lódz DongJing']);
    expect(encoder.report().map((c) => c.record)).toEqual([3]);
    expect(representable('windows-1252', 0x20ac)).toBe(true);
    expect(representable('latin1', 0x20ac)).toBe(false);
  });

  it('UTF-8 only on request: the text as it is, multi-byte, nothing changed', () => {
    const { encoder, bytes, terms } = run('utf8');
    expect(terms).toEqual(RECORDS.map((r) => r.AETERM));
    expect(bytes.includes(Buffer.from('Céphalée', 'utf8'))).toBe(true);
    expect(encoder.changes).toBe(0);
    expect(byteLengthIn('utf8', 'é')).toBe(2);
    expect(byteLengthIn('latin1', 'é')).toBe(1);
  });

  it('leaves ASCII alone and numbers untouched', () => {
    expect(convertText('ascii', 'HEADACHE (MILD)')).toEqual({ text: 'HEADACHE (MILD)', replaced: 0 });
    const e = new RunTextEncoder('ascii');
    const r = { AESEQ: 1, AETERM: 'plain' };
    expect(e.convertRecord('AE', 1, r)).toBe(r);
    expect(e.changes).toBe(0);
    expect(e.note()).toBe('XPT text encoding ascii: no value needed a change');
  });
});
