// What an import maps a file's names onto: the study's subjects (by subject code), visits (by code, name or
// an OID or REDCap event name built from them) and active forms with their published fields (by code or an
// OID ending in it). Names are compared without case, punctuation or a conventional prefix (SE., F., I.).
import type { Tx } from '@ctp/db';
import type { FormDefinition, RepeatingGroupField, ScalarField } from '@ctp/contracts';
import { currentPublishedVersion, type visibleForm } from '../forms/detail.ts';

export const keyOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The last segment of an OID ('I.VS.SYSBP' -> 'sysbp'), else the name itself. */
export const lastSegment = (name: string) => keyOf(name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name);
/** 'SE.BASELINE' -> 'baseline'; REDCap's 'baseline_arm_1' -> 'baseline'. */
const visitKeys = (name: string) => [keyOf(name), lastSegment(name), keyOf(name.replace(/_arm_\d+$/i, ''))];

export type FormRow = Awaited<ReturnType<typeof visibleForm>>;

export interface MappedForm {
  id: number;
  code: string;
  name: string;
  row: FormRow;
  definition: FormDefinition;
  fields: Map<string, ScalarField>;
  /** Repeating groups by key of their code, each with its fields by key. */
  groups: Map<string, { group: RepeatingGroupField; fields: Map<string, ScalarField> }>;
}

export interface StudyMap {
  subject(code: string): { id: number; studyId: number; siteId: number; archivedAt: Date | null } | undefined;
  visit(name: string): { id: number; code: string } | undefined;
  form(name: string): MappedForm | undefined;
  /** The forms holding a field of this name, those due at the visit first. */
  formsWithField(field: string, visitDefinitionId: number): MappedForm[];
  field(form: MappedForm, name: string): ScalarField | undefined;
  subjectVisit(patientId: number, visitDefinitionId: number): number | undefined;
}

export async function studyMap(tx: Tx, studyId: number): Promise<StudyMap> {
  const [patients, visits, forms, due, subjectVisits] = await Promise.all([
    tx.selectFrom('patients').select(['id', 'subjectCode', 'studyId', 'siteId', 'archivedAt']).where('studyId', '=', studyId).execute(),
    tx.selectFrom('visitDefinitions').select(['id', 'code', 'name']).where('studyId', '=', studyId).execute(),
    tx.selectFrom('forms').select(['id', 'studyId', 'code', 'name', 'category', 'status', 'description', 'libraryDomain', 'publishedVersion', 'version']).where('studyId', '=', studyId).where('status', '!=', 'archived').execute(),
    tx.selectFrom('visitForms as vf').innerJoin('visitDefinitions as v', 'v.id', 'vf.visitDefinitionId').select(['vf.visitDefinitionId', 'vf.formId']).where('v.studyId', '=', studyId).execute(),
    tx.selectFrom('subjectVisits as sv').innerJoin('patients as p', 'p.id', 'sv.patientId').select(['sv.id', 'sv.patientId', 'sv.visitDefinitionId']).where('p.studyId', '=', studyId).execute(),
  ]);
  const mapped: MappedForm[] = [];
  for (const f of forms) {
    const published = await currentPublishedVersion(tx, f.id);
    if (!published) continue;
    const fields = new Map<string, ScalarField>();
    const groups: MappedForm['groups'] = new Map();
    for (const field of published.definition.fields) {
      if (field.type === 'repeatingGroup') groups.set(keyOf(field.code), { group: field, fields: new Map(field.fields.map((x) => [keyOf(x.code), x as ScalarField])) });
      else fields.set(keyOf(field.code), field as ScalarField);
    }
    mapped.push({ id: f.id, code: f.code, name: f.name, row: f, definition: published.definition, fields, groups });
  }
  const bySubject = new Map(patients.map((p) => [p.subjectCode, p]));
  const dueAt = new Set(due.map((d) => `${d.visitDefinitionId}:${d.formId}`));
  const sv = new Map(subjectVisits.map((s) => [`${s.patientId}:${s.visitDefinitionId}`, s.id]));
  const visitIndex = new Map<string, { id: number; code: string }>();
  for (const v of visits) for (const k of [keyOf(v.code), keyOf(v.name)]) if (!visitIndex.has(k)) visitIndex.set(k, { id: v.id, code: v.code });
  const formIndex = new Map<string, MappedForm>();
  for (const f of mapped) for (const k of [keyOf(f.code), keyOf(f.name)]) if (!formIndex.has(k)) formIndex.set(k, f);

  return {
    subject: (code) => bySubject.get(code),
    visit: (name) => visitKeys(name).map((k) => visitIndex.get(k)).find(Boolean),
    form: (name) => formIndex.get(keyOf(name)) ?? formIndex.get(lastSegment(name)),
    formsWithField: (field, visitId) => {
      const holding = mapped.filter((f) => f.fields.has(keyOf(field)) || f.fields.has(lastSegment(field)));
      const dueHere = holding.filter((f) => dueAt.has(`${visitId}:${f.id}`));
      return dueHere.length ? dueHere : holding;
    },
    field: (form, name) => form.fields.get(keyOf(name)) ?? form.fields.get(lastSegment(name)),
    subjectVisit: (patientId, visitId) => sv.get(`${patientId}:${visitId}`),
  };
}
