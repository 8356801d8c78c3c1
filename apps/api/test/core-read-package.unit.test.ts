// The CORE interpreter's package readers behind one interface (readPackageFiles): XPT v5 (round trip of
// the product's own writer, Windows-1252 text, the CDISC pilot's real files), Dataset-JSON 1.1, the CSV
// case layout, Define-XML; an unreadable file is a problem of the package with the reason, never a throw.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeXpt } from '../src/modules/cdisc/formats/xpt.ts';
import { writeDatasetJson } from '../src/modules/cdisc/formats/dataset-json.ts';
import { readPackage, readPackageFiles } from '../src/modules/cdisc/validation/core/read-package.ts';
import { readDefine, DefineReadError } from '../src/modules/cdisc/validation/core/read-define.ts';

const PILOT = '/work/shared/reference/cdisc-pilot/sdtm';
const AE_SPEC = {
  name: 'AE',
  label: 'Adverse Events',
  variables: [
    { name: 'STUDYID', label: 'Study Identifier', type: 'char' as const, length: 12 },
    { name: 'USUBJID', label: 'Unique Subject Identifier', type: 'char' as const, length: 20 },
    { name: 'AESEQ', label: 'Sequence Number', type: 'num' as const, length: 8 },
    { name: 'AETERM', label: 'Reported Term', type: 'char' as const, length: 40 },
  ],
};
const ROWS = [
  ['S1', 'S1-001', 1, 'Kopfschmerz (mäßig)'],
  ['S1', 'S1-002', 2.5, null],
];

describe('readPackageFiles', () => {
  it("reads back what the product's XPT writer wrote, values and metadata", () => {
    const { datasets, problems } = readPackageFiles([{ name: 'ae.xpt', bytes: writeXpt(AE_SPEC, ROWS) }]);
    expect(problems).toEqual([]);
    const [ae] = datasets;
    expect(ae).toMatchObject({ name: 'AE', label: 'Adverse Events', className: 'EVENTS', fileName: 'ae.xpt' });
    expect(ae!.variables.map((v) => [v.name, v.type, v.length])).toEqual([['STUDYID', 'Char', 12], ['USUBJID', 'Char', 20], ['AESEQ', 'Num', 8], ['AETERM', 'Char', 40]]);
    expect(ae!.rows).toEqual([
      { STUDYID: 'S1', USUBJID: 'S1-001', AESEQ: 1, AETERM: 'Kopfschmerz (mäßig)' },
      { STUDYID: 'S1', USUBJID: 'S1-002', AESEQ: 2.5, AETERM: '' }, // XPT has no missing text: blank
    ]);
  });

  it('reads XPT text written in Windows-1252 (older SAS sessions) when it is not UTF-8', () => {
    const bytes = writeXpt(AE_SPEC, [['S1', 'S1-001', 1, 'Übelkeit']], { encoding: 'windows-1252' });
    const { datasets, problems } = readPackageFiles([{ name: 'ae.xpt', bytes }]);
    expect(problems).toEqual([]);
    expect(datasets[0]!.rows[0]!.AETERM).toBe('Übelkeit');
  });

  it('reads Dataset-JSON 1.1, as JSON and as NDJSON', () => {
    const json = {
      datasetJSONCreationDateTime: '2026-01-01T00:00:00',
      itemGroupOID: 'IG.DM',
      name: 'DM',
      label: 'Demographics',
      columns: [
        { itemOID: 'IT.DM.USUBJID', name: 'USUBJID', label: 'Unique Subject Identifier', dataType: 'string' as const, length: 20 },
        { itemOID: 'IT.DM.AGE', name: 'AGE', label: 'Age', dataType: 'integer' as const },
      ],
      rows: [['S1-001', 64], ['S1-002', null]],
    };
    const one = readPackageFiles([{ name: 'dm.json', bytes: Buffer.from(writeDatasetJson(json)) }]);
    const two = readPackageFiles([{ name: 'dm.ndjson', bytes: Buffer.from(writeDatasetJson(json, { format: 'ndjson' })) }]);
    for (const { datasets, problems } of [one, two]) {
      expect(problems).toEqual([]);
      expect(datasets[0]).toMatchObject({ name: 'DM', className: 'SPECIAL PURPOSE', rows: [{ USUBJID: 'S1-001', AGE: 64 }, { USUBJID: 'S1-002', AGE: null }] });
      expect(datasets[0]!.variables.map((v) => v.type)).toEqual(['Char', 'Num']);
    }
  });

  it("reads the CSV case layout with _variables.csv's types and _datasets.csv's labels", () => {
    const files = [
      { name: '_datasets.csv', bytes: Buffer.from('Filename,Label\nlb,Laboratory Test Results\n') },
      { name: '_variables.csv', bytes: Buffer.from('dataset,variable,label,type,length\nlb,LBSEQ,Sequence Number,Num,8\nlb,LBTESTCD,Test Code,Char,8\n') },
      { name: '.env', bytes: Buffer.from('PRODUCT=SDTMIG\nVERSION=3-4\n') },
      { name: 'lb.csv', bytes: Buffer.from('LBSEQ,LBTESTCD\n1,ALT\n,AST\n') },
    ];
    const { datasets, standard, problems } = readPackageFiles(files);
    expect(problems).toEqual([]);
    expect(standard).toEqual({ product: 'SDTMIG', version: '3-4' });
    expect(datasets[0]).toMatchObject({ name: 'LB', label: 'Laboratory Test Results', rows: [{ LBSEQ: 1, LBTESTCD: 'ALT' }, { LBSEQ: null, LBTESTCD: 'AST' }] });
  });

  it('names each unreadable file with its reason and keeps reading the others', () => {
    const good = writeXpt(AE_SPEC, ROWS);
    const { datasets, problems } = readPackageFiles([
      { name: 'ae.xpt', bytes: good },
      { name: 'cm.xpt', bytes: good.subarray(0, 500) },
      { name: 'dm.json', bytes: Buffer.from('{"name":') },
      { name: 'notes.txt', bytes: Buffer.from('hello') },
      { name: 'define.xml', bytes: Buffer.from('<ODM><Study>') },
      { name: 'stylesheet.xml', bytes: Buffer.from('<xsl/>') },
    ]);
    expect(datasets.map((d) => d.name)).toEqual(['AE']);
    expect(problems.map((p) => p.file).sort()).toEqual(['cm.xpt', 'define.xml', 'dm.json', 'notes.txt', 'stylesheet.xml']);
    for (const p of problems) expect(p.reason.length).toBeGreaterThan(5);
  });

  it('reads the CDISC pilot package (real XPT files, one in Windows-1252) with its define.xml', () => {
    const { datasets, define, problems } = readPackage(PILOT);
    expect(problems).toEqual([]);
    expect(datasets.map((d) => d.name)).toEqual(['AE', 'DM', 'DS', 'EX', 'MH', 'RELREC', 'SC', 'SE', 'SUPPAE', 'SUPPDM', 'SUPPDS', 'SV', 'TA', 'TE', 'TI', 'TS', 'TV']);
    expect(define?.fileOid).toBe('CDISCPILOT01');
    const dm = datasets.find((d) => d.name === 'DM')!;
    expect(dm.rows.length).toBeGreaterThan(200);
    expect(dm.variables.find((v) => v.name === 'AGE')?.type).toBe('Num');
  });
});

describe('readDefine', () => {
  it("reads the pilot's Define-XML 1.0: datasets with classes, variables, code lists", () => {
    const d = readDefine(readFileSync(path.join(PILOT, 'define.xml')));
    expect(d.datasets).toHaveLength(22);
    expect(d.datasets.find((x) => x.name === 'AE')).toMatchObject({ className: 'EVENTS' });
    expect(d.datasets[0]!.variables[0]).toEqual({ name: 'STUDYID', label: 'Study Identifier', dataType: 'text', length: 12, codelist: null, mandatory: true, order: 1 });
    expect(d.codeLists.find((c) => c.oid === 'AECAUS')?.codedValues).toEqual(['NONE', 'POSSIBLE', 'PROBABLE', 'REMOTE']);
  });

  it('gives a custom domain its class from a Define-XML 2.1 (a CORE case)', () => {
    const data = '/work/shared/reference/core-rules/cases/CORE-000929/negative/01/data';
    const { datasets, define } = readPackage(data);
    expect(define?.datasets.find((x) => x.name === 'ZB')).toMatchObject({ label: 'Laboratory Test Results', className: 'FINDINGS' });
    expect(datasets.find((x) => x.name === 'ZB')?.className).toBe('FINDINGS');
  });

  it('refuses a DOCTYPE and what is not a define', () => {
    expect(() => readDefine('<!DOCTYPE x [<!ENTITY a "b">]><ODM/>')).toThrow(DefineReadError);
    expect(() => readDefine('<ODM></ODM>')).toThrow(/MetaDataVersion/);
  });
});
