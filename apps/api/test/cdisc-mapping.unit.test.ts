// Mapping suggestions, pure (mapping/suggest.ts) over the checked-in catalogue (cdisc-catalogue.json, the
// rows migration 0019 loads) and COSMoS concepts: the CDASH library's AE and VS fields get their library
// targets with high confidence and say so; a findings field gets its test code; dates get ISO 8601, coded
// fields a controlled-terminology recode, numbers with a unit unit standardisation; a custom field lands
// in SUPP--.QVAL with a low confidence; every suggestion of every library form explains itself. And the
// COSMoS JSON equals what its generator writes from the reference files (skipped on a clean clone).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { confidenceLevel } from '@ctp/contracts';
import { CDASH_LIBRARY } from '@ctp/contracts/cdash-library';
import catalogueJson from '../../../packages/db/src/reference/cdisc-catalogue.json' with { type: 'json' };
import { ADVERSE_EVENT_REPORT } from '../../../packages/db/src/demo/forms.ts';
import { parseTarget, similarity, suggestMapping, WEIGHTS, type Catalogue, type FieldToMap } from '../src/modules/cdisc/mapping/suggest.ts';
import { fieldsOf } from '../src/modules/cdisc/mapping/service.ts';

const col = (name: string) => catalogueJson.variableColumns.indexOf(name);
const catalogue: Catalogue = {
  sdtm: catalogueJson.variables
    .filter((v) => v[0] === 'SDTMIG')
    .map((v) => ({ domain: String(v[1]), name: String(v[col('name')]), label: String(v[col('label')]), simpleType: v[col('simpleType')] as 'Char' | 'Num', codelistCode: (v[col('codelistCode')] as string | null) ?? null })),
  cdash: catalogueJson.variables
    .filter((v) => v[0] === 'CDASHIG')
    .map((v) => ({ dataset: String(v[1]), name: String(v[col('name')]), label: String(v[col('label')]), sdtmTargets: (v[col('sdtmTargets')] as string | null) ?? null })),
};
const library = (domain: string) => {
  const form = CDASH_LIBRARY.find((f) => f.domain === domain);
  if (!form) throw new Error(`no library form ${domain}`);
  return fieldsOf(form.definition);
};
const field = (fields: FieldToMap[], p: string) => fields.find((f) => f.path === p)!;

describe('mapping suggestions', () => {
  it("maps the AE report's AETERM to AE.AETERM with high confidence, citing the CDASH target", () => {
    const s = suggestMapping(field(fieldsOf(ADVERSE_EVENT_REPORT), 'AETERM'), 'AE', catalogue);
    expect([s.domain, s.variable, s.testCode]).toEqual(['AE', 'AETERM', null]);
    expect(s.confidence).toBeGreaterThanOrEqual(0.9);
    expect(confidenceLevel(s.confidence)).toBe('high');
    expect(s.reasoning).toContain('CDASH library field AETERM carries the SDTM target AE.AETERM');
    expect(s.reasoning).toContain('CDASHIG 2.2 maps AETERM');
    expect(s.evidence.map((e) => e.source)).toEqual(expect.arrayContaining(['cdash-library', 'cdashig', 'name', 'datatype']));
    expect(s.mappingLogic).toBe('direct copy');
  });

  it('maps systolic blood pressure to VSORRES where VSTESTCD = SYSBP with unit standardisation', () => {
    const s = suggestMapping(field(library('VS'), 'VSSYSBP'), 'VS', catalogue);
    expect([s.domain, s.variable, s.testCode]).toEqual(['VS', 'VSORRES', 'SYSBP']);
    expect(s.confidence).toBeGreaterThanOrEqual(0.9);
    expect(s.mappingLogic).toBe('unit standardisation');
    expect(s.reasoning).toContain('VS.VSORRES where VSTESTCD = SYSBP');
    expect(s.reasoning).toContain('mmHg');
  });

  it('finds the test code from COSMoS when the field carries no library target', () => {
    const s = suggestMapping({ path: 'SYSBP', code: 'SYSBP', label: 'Systolic Blood Pressure', type: 'integer', unit: 'mmHg' }, 'VS', catalogue);
    expect([s.domain, s.variable, s.testCode]).toEqual(['VS', 'VSORRES', 'SYSBP']);
    expect(s.evidence[0]!.source).toBe('cosmos');
    expect(s.reasoning).toContain('COSMoS biomedical concept Systolic Blood Pressure');
    expect(confidenceLevel(s.confidence)).not.toBe('low');
  });

  it('maps a date to --DTC with ISO 8601 conversion', () => {
    const s = suggestMapping(field(library('VS'), 'VSDAT'), 'VS', catalogue);
    expect(`${s.domain}.${s.variable}`).toBe('VS.VSDTC');
    expect(s.mappingLogic).toBe('ISO 8601 date conversion');
    const start = suggestMapping({ path: 'AESTDAT', code: 'AESTDAT', label: 'Start Date', type: 'partialDate' }, 'AE', catalogue);
    expect(`${start.domain}.${start.variable}`).toBe('AE.AESTDTC');
    expect(start.mappingLogic).toBe('ISO 8601 date conversion');
    expect(start.reasoning).toContain('CDASHIG 2.2 maps AESTDAT');
  });

  it('recodes a coded field to controlled terminology', () => {
    const s = suggestMapping(field(fieldsOf(ADVERSE_EVENT_REPORT), 'AESEV'), 'AE', catalogue);
    expect(`${s.domain}.${s.variable}`).toBe('AE.AESEV');
    expect(s.mappingLogic).toBe('controlled-terminology recode');
    expect(s.reasoning).toMatch(/coded choices are recoded/);
    const pos = suggestMapping(field(library('VS'), 'VSPOS'), 'VS', catalogue);
    expect(pos.evidence.some((e) => e.source === 'codelist' && e.weight > 0)).toBe(true);
  });

  it('sends an unknown custom field to SUPP--.QVAL with a low confidence and says why', () => {
    const s = suggestMapping({ path: 'FAVCOLOR', code: 'FAVCOLOR', label: 'Favourite colour of the patient', type: 'text' }, 'AE', catalogue);
    expect([s.domain, s.variable, s.qnam]).toEqual(['SUPPAE', 'QVAL', 'FAVCOLOR']);
    expect(s.confidence).toBe(WEIGHTS.suppqual);
    expect(confidenceLevel(s.confidence)).toBe('low');
    expect(s.mappingLogic).toBe('to SUPPQUAL');
    expect(s.reasoning).toContain('No CDASH target, COSMoS concept, SDTMIG variable name or label matches');
  });

  it('explains every suggestion of every CDASH library form and the AE report', () => {
    const forms = [...CDASH_LIBRARY.map((f) => ({ domain: f.domain, fields: fieldsOf(f.definition) })), { domain: 'AE', fields: fieldsOf(ADVERSE_EVENT_REPORT) }];
    let n = 0;
    for (const form of forms) {
      for (const f of form.fields) {
        const s = suggestMapping(f, form.domain, catalogue);
        n++;
        expect(s.reasoning.length, f.path).toBeGreaterThan(40);
        expect(s.evidence.length, f.path).toBeGreaterThan(0);
        expect(s.confidence).toBeGreaterThan(0);
        expect(s.confidence).toBeLessThanOrEqual(1);
        // A library field with a standard target lands on it.
        if (f.sdtmTarget && !f.sdtmTarget.startsWith('SUPPQUAL')) expect(`${s.domain}.${s.variable}`, f.path).toBe(f.sdtmTarget.split(' ')[0]);
      }
    }
    expect(n).toBeGreaterThan(50);
  });

  it('parses targets and measures label similarity', () => {
    expect(parseTarget('VS.VSORRES where VSTESTCD = SYSBP', 'VS', 'X')).toEqual({ domain: 'VS', variable: 'VSORRES', testCode: 'SYSBP', qnam: null });
    expect(parseTarget('SUPPQUAL.QVAL', 'VS', 'VSREPNUM')).toEqual({ domain: 'SUPPVS', variable: 'QVAL', testCode: null, qnam: 'VSREPNUM' });
    expect(parseTarget('not a target', 'VS', 'X')).toBeNull();
    expect(similarity('Systolic Blood Pressure', 'Systolic blood pressure')).toBe(1);
    expect(similarity('Favourite colour', 'Reported Term for the Adverse Event')).toBeLessThan(0.3);
  });
});

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '../../..');
const REFERENCE_DIR = path.resolve(REPO_ROOT, '../shared/reference');
const HAS_COSMOS = existsSync(path.join(REFERENCE_DIR, 'cosmos/cdisc_crf_specializations_draft.csv'));
if (!HAS_COSMOS) console.warn(`cosmos-concepts: skipped: ${REFERENCE_DIR}/cosmos is absent (a clean clone has no reference files)`);

describe.skipIf(!HAS_COSMOS)('cosmos-concepts.json', () => {
  it('equals what scripts/cdisc-mapping/build-cosmos.ts writes from the reference files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cosmos-'));
    try {
      const out = path.join(dir, 'cosmos.json');
      execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'scripts/cdisc-mapping/build-cosmos.ts'), '--reference', REFERENCE_DIR, '--out', out], { cwd: REPO_ROOT, stdio: 'pipe' });
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(path.join(REPO_ROOT, 'apps/api/src/modules/cdisc/mapping/cosmos-concepts.json'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
