// The MedDRA ASCII reader on the synthetic MedAscii fixture (the format of the licensed distribution):
// each LLT with its PT and the PT's primary HLT, HLGT and SOC; the currency flag; clear refusals.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMeddraAscii } from '@ctp/db';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/meddra');
const files = () => Object.fromEntries(fs.readdirSync(DIR).map((f) => [f, fs.readFileSync(path.join(DIR, f), 'utf8')]));

describe('readMeddraAscii', () => {
  it('reads the release, every LLT and its primary path', () => {
    const r = readMeddraAscii(files());
    expect(r).toMatchObject({ version: '0.0', language: 'English' });
    expect(r.terms).toEqual([
      expect.objectContaining({ lltCode: '10001111', lltName: 'Example Headache', ptCode: '10001111', hltCode: '10001110', hlgtCode: '10001100', socCode: '10000100', socName: 'Example Nervous System Disorders', socAbbrev: 'ExNS', isCurrent: true }),
      expect.objectContaining({ lltCode: '10001112', lltName: 'Example Head Pain', ptName: 'Example Headache', isCurrent: false }),
      expect.objectContaining({ lltCode: '10002111', ptName: 'Example Palpitations', hltName: 'Example Arrhythmia Disorders', socName: 'Example Cardiac Disorders' }),
    ]);
  });

  it('names missing files and refuses records that are not LLTs or name an unknown PT', () => {
    const { 'mdhier.asc': _m, 'soc.asc': _s, ...partial } = files();
    expect(() => readMeddraAscii(partial)).toThrow('Missing MedDRA files: mdhier.asc, soc.asc');
    expect(() => readMeddraAscii({ ...files(), 'llt.asc': 'not a record\n' })).toThrow(/not an LLT/);
    expect(() => readMeddraAscii({ ...files(), 'llt.asc': '10009999$Orphan$10009998$$$$$$$Y$$\n' })).toThrow('LLT 10009999 names PT 10009998');
    // File names are matched whatever their case or folder.
    const upper = Object.fromEntries(Object.entries(files()).map(([k, v]) => [`MedAscii/${k.toUpperCase()}`, v]));
    expect(readMeddraAscii(upper).terms).toHaveLength(3);
  });
});
