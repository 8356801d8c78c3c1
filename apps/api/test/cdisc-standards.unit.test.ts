// The CDISC Library XML reader (packages/db/src/reference/cdisc-library-xml.ts) on the trimmed SDTMIG
// fixture (test/fixtures/cdisc-library: AE, DM, VS of the 3.4 export, relabelled 9.9): the standard, the
// datasets with class, structure and description, each variable's metadata (checked against the shipped
// catalogue, built from the same export), the code lists; the full SDTMIG and CDASHIG exports, when the
// shared reference folder is there, give the catalogue's counts; the refusals an import answers with 400;
// the numeric version order the readers rely on; who may import.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CdiscLibraryFormatError, parseCdiscLibraryXml } from '@ctp/db';
import { can, ROLES } from '@ctp/contracts';
import { compareVersions } from '../src/modules/cdisc/standards/current.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const xml = readFileSync(path.join(HERE, 'fixtures/cdisc-library/sdtmig-9-9-trimmed.xml'), 'utf8');
type Cell = string | number | null;
const catalogue = JSON.parse(readFileSync(path.join(HERE, '../../../packages/db/src/reference/cdisc-catalogue.json'), 'utf8')) as { variables: Cell[][] };

describe('parseCdiscLibraryXml on the SDTMIG fixture', () => {
  const parsed = parseCdiscLibraryXml(xml);

  it('reads the standard from the export', () => {
    expect(parsed.standard).toEqual({
      code: 'SDTMIG',
      version: '9.9',
      type: 'SDTM',
      label: 'Study Data Tabulation Model Implementation Guide: Human Clinical Trials v9.9',
      source: 'CDISC Library export of SDTMIG v9.9 (published 2021-11-29)',
      published: '2021-11-29',
    });
  });

  it('lists the datasets in the export order with class, structure and description', () => {
    expect(parsed.datasets.map((d) => [d.code, d.name, d.class, d.variables.length])).toEqual([
      ['AE', 'Adverse Events', 'Events', 60],
      ['VS', 'Vital Signs', 'Findings', 38],
      ['DM', 'Demographics', 'Special Purpose', 32],
    ]);
    expect(parsed.datasets[2]).toMatchObject({
      domain: 'DM',
      structure: 'One record per subject',
      description: 'Special Purpose class dataset. Structure: One record per subject.',
    });
  });

  it('reads each variable: order, label, data type, Char/Num, role, core, code list', () => {
    const dm = parsed.datasets.find((d) => d.code === 'DM')!;
    expect(dm.variables.find((v) => v.name === 'AGE')).toEqual({
      order: 19,
      name: 'AGE',
      label: 'Age',
      dataType: 'double',
      simpleType: 'Num',
      role: 'Record Qualifier',
      core: 'Exp',
      codelistCode: null,
      codelistName: null,
      notes: expect.stringMatching(/^Age expressed in AGEU\./),
      sdtmTargets: null,
    });
    // An external Controlled Terminology list: its C-code; its name is only the code, so none is kept.
    expect(dm.variables.find((v) => v.name === 'SEX')).toMatchObject({ simpleType: 'Char', core: 'Req', codelistCode: 'C66731', codelistName: null });
    // An enumerated list: the code from its nci:ExtCodeID alias, and its own name.
    expect(dm.variables.find((v) => v.name === 'DOMAIN')).toMatchObject({ codelistCode: 'C66734', codelistName: 'DM Domain Abbreviation' });
  });

  it('agrees with the shipped catalogue, built from the same export, on every variable', () => {
    for (const d of parsed.datasets) {
      const shipped = catalogue.variables.filter((v) => v[0] === 'SDTMIG' && v[1] === d.code);
      // The catalogue's code list short names come from the CSV derivation, which the XML does not carry.
      expect(d.variables.map((v) => [v.order, v.name, v.label, v.dataType, v.simpleType, v.role, v.core, v.codelistCode, v.notes]), d.code).toEqual(
        shipped.map((v) => [v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[11]]),
      );
    }
  });

  it('reads the code lists: enumerated values, or a reference to external terminology', () => {
    expect(parsed.codeLists).toHaveLength(22);
    expect(parsed.codeLists.find((c) => c.oid === 'CL.C66734.VS')).toEqual({ oid: 'CL.C66734.VS', name: 'VS Domain Abbreviation', code: 'C66734', values: ['VS'], external: false });
    expect(parsed.codeLists.find((c) => c.oid === 'CL.C66731')).toEqual({ oid: 'CL.C66731', name: 'C66731', code: 'C66731', values: [], external: true });
  });
});

describe('parseCdiscLibraryXml on the full exports in the shared reference folder', () => {
  const REFERENCE_DIR = path.resolve(HERE, '../../../../shared/reference');
  const files = { SDTMIG: 'sdtmig/library-sdtmig-3-4.xml', CDASHIG: 'cdash/library-cdashig-2-2.xml' } as const;
  const counted = (standard: string) => {
    const rows = catalogue.variables.filter((v) => v[0] === standard);
    return { datasets: new Set(rows.map((v) => v[1])).size, variables: rows.length };
  };

  for (const [standard, file] of Object.entries(files)) {
    it(`reads ${standard} with the shipped catalogue's dataset and variable counts`, (ctx) => {
      // A clean clone (CI) has no reference folder; the fixture tests above cover the reader there.
      if (!existsSync(path.join(REFERENCE_DIR, file))) ctx.skip(`${REFERENCE_DIR} is absent`);
      const parsed = parseCdiscLibraryXml(readFileSync(path.join(REFERENCE_DIR, file), 'utf8'));
      const withVariables = parsed.datasets.filter((d) => d.variables.length);
      expect({ datasets: withVariables.length, variables: withVariables.reduce((n, d) => n + d.variables.length, 0) }).toEqual(counted(standard));
    });
  }
});

describe('parseCdiscLibraryXml refusals', () => {
  const refuses = (text: string, message: RegExp) => expect(() => parseCdiscLibraryXml(text)).toThrow(message);

  it('refuses text that is not well-formed XML, and a DOCTYPE', () => {
    refuses('<ODM><Study></ODM>', /not well-formed XML/);
    expect(() => parseCdiscLibraryXml('<ODM')).toThrow(CdiscLibraryFormatError);
    refuses('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><ODM/>', /DOCTYPE/);
  });

  it('refuses XML that is not a CDISC Library export', () => {
    refuses('<?xml version="1.0"?><note><to>x</to></note>', /not a CDISC Library export/);
    // A study's ODM: no Library XML version on its root.
    refuses(xml.replace(' mdr:LibraryXMLVersion="1.0.0"', ''), /not a CDISC Library export/);
    refuses(xml.replace('<StudyName>SDTMIG v9.9</StudyName>', '<StudyName>Some guide</StudyName>'), /does not name its standard and version/);
  });

  it('refuses a standard other than SDTMIG and CDASHIG, and an export without datasets', () => {
    refuses(xml.replace('<StudyName>SDTMIG v9.9</StudyName>', '<StudyName>ADaMIG v1.3</StudyName>'), /Only SDTMIG and CDASHIG exports can be imported; this file is ADAMIG 1.3/);
    refuses(xml.replace(/<ItemGroupDef [\s\S]*<\/ItemGroupDef>/, ''), /SDTMIG 9.9 export has no datasets with variables/);
    refuses(xml.replace('ItemOID="IT.DM.AGE"', 'ItemOID="IT.DM.NOPE"'), /DM refers to an item the export does not define/);
  });
});

describe('version order', () => {
  it('compares versions numerically part by part', () => {
    expect(compareVersions('3.10', '3.4')).toBeGreaterThan(0);
    expect(compareVersions('3.4', '3.10')).toBeLessThan(0);
    expect(compareVersions('9.9', '3.4')).toBeGreaterThan(0);
    expect(compareVersions('3.4', '3.4.0')).toBe(0);
    expect(compareVersions('2.2', '2.10.1')).toBeLessThan(0);
  });
});

describe('cdisc.import', () => {
  it('is for administrators and data managers only', () => {
    expect(ROLES.filter((r) => can(r, 'cdisc.import'))).toEqual(['admin', 'data-manager']);
  });
});
