// Where each form field goes in SDTM: the field's own sdtmTarget (the CDASH library's), overridden by the
// study's approved mapping for (form, field path) when the mappings table is there (migration 0020).
import { sql, type Db } from '@ctp/db';
import type { FormDefinition } from '@ctp/contracts';
import { parseTarget, type SdtmTarget } from './derive.ts';

export interface FieldTarget {
  /** The field's code, or group.code inside a repeating group (the mappings' field_path). */
  path: string;
  group: string | null;
  code: string;
  label: string;
  type: string;
  unit?: string;
  /** A choice field's options (code and label), for recoding to CT. */
  choices?: { code: string; label: string }[];
  target: SdtmTarget;
}

interface ApprovedMapping {
  formId: number;
  fieldPath: string;
  targetDomain: string;
  targetVariable: string;
  testCode: string | null;
  qnam: string | null;
}

/** The study's approved mappings by form id and field path; empty when the table does not exist. */
export async function approvedMappings(db: Db, studyId: number): Promise<Map<string, SdtmTarget>> {
  const out = new Map<string, SdtmTarget>();
  const exists = await sql<{ t: string | null }>`select to_regclass('cdisc_mappings')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return out;
  const rows = await sql<ApprovedMapping>`
    select form_id as "formId", field_path as "fieldPath", target_domain as "targetDomain",
           target_variable as "targetVariable", test_code as "testCode", qnam
      from cdisc_mappings where study_id = ${studyId} and status = 'approved'`.execute(db);
  for (const m of rows.rows) {
    const supp = /^SUPP/.test(m.targetDomain);
    const domain = supp ? m.targetDomain.slice(4) : m.targetDomain;
    const target: SdtmTarget = { domain, variable: m.targetVariable };
    if (m.testCode) target.testCodes = [m.testCode];
    if (m.targetVariable === 'QVAL' && m.qnam) target.qnam = m.qnam;
    out.set(`${m.formId}:${m.fieldPath}`, target);
  }
  return out;
}

/** A form version's fields with an SDTM target (mapping first, then the field's own target). */
export function fieldTargets(formId: number, definition: FormDefinition, approved: Map<string, SdtmTarget>): FieldTarget[] {
  const out: FieldTarget[] = [];
  const add = (f: { code: string; label: string; type: string; sdtmTarget?: string; unit?: string; codeList?: { code: string; label: string }[] }, group: string | null) => {
    const path = group ? `${group}.${f.code}` : f.code;
    const target = approved.get(`${formId}:${path}`) ?? parseTarget(f.sdtmTarget);
    if (!target) return;
    out.push({ path, group, code: f.code, label: f.label, type: f.type, ...(f.unit && { unit: f.unit }), ...(f.codeList?.length && { choices: f.codeList }), target });
  };
  for (const f of definition.fields) {
    if (f.type === 'repeatingGroup') for (const sub of f.fields) add(sub as never, f.code);
    else add(f as never, null);
  }
  return out;
}
