// What the ODM clinical data export reads, a page at a time: the study's metadata (forms at their
// latest version, visits), the subjects in keyset order, and a page's form entries. Nothing here reads
// more than one page of subjects.
import { sql, type Db } from '@ctp/db';
import type { FormCategory, FormDefinition } from '@ctp/contracts';
import { storedDefinition } from '../forms/detail.ts';
import type { InterchangeForm, InterchangeStudy, InterchangeVisit } from '../forms/interchange/odm.ts';

/** What to export: a study, narrowed to a site or a subject. */
export interface ExportTarget {
  studyId: number;
  siteId?: number;
  patientId?: number;
}

export const UNSCHEDULED_EVENT_OID = 'SE.UNSCHEDULED';

export interface StudyHead {
  id: number;
  code: string;
  title: string;
}

export interface StudyMetadata {
  interchange: InterchangeStudy;
  /** Form id -> its OID and the code its item OIDs carry (as the metadata writer plans them). */
  forms: Map<number, { oid: string; code: string }>;
}

/**
 * A form's fields for the metadata: its latest version's, then those only older versions have (entries
 * made in an older version still find an ItemDef for each of their values).
 */
export function mergedDefinition(newestFirst: FormDefinition[]): FormDefinition {
  const [latest, ...older] = newestFirst;
  const codes = new Set(latest!.fields.map((f) => f.code));
  const extra = older.flatMap((d) => d.fields).filter((f) => !codes.has(f.code) && codes.add(f.code));
  return extra.length ? { ...latest!, fields: [...latest!.fields, ...extra] } : latest!;
}

/** The study's forms (archived ones included: entries may use them; fields of every version) and visits. */
export async function studyMetadata(db: Db, study: StudyHead, planForms: (forms: InterchangeForm[]) => { oid: string; code: string }[]): Promise<StudyMetadata> {
  const { rows: forms } = await sql<{ id: number; code: string; name: string; category: string; description: string | null; versionNumber: number; definitions: unknown[] | string }>`
    select f.id, f.code, f.name, f.category, f.description, v.version_number, v.definitions
      from forms f
      join lateral (select max(version_number) as version_number, json_agg(definition order by version_number desc) as definitions
                      from form_versions where form_id = f.id) v on v.version_number is not null
     where f.study_id = ${study.id}
     order by f.id`.execute(db);
  const items: InterchangeForm[] = forms.map((f) => ({
    name: f.name,
    oid: `F.${f.code}`,
    category: f.category as FormCategory,
    description: f.description ?? undefined,
    version: f.versionNumber,
    definition: mergedDefinition((typeof f.definitions === 'string' ? (JSON.parse(f.definitions) as unknown[]) : f.definitions).map(storedDefinition)),
  }));
  const planned = planForms(items);
  const byId = new Map(forms.map((f, i) => [f.id, planned[i]!]));
  const { rows: visits } = await sql<{ code: string; name: string; sortOrder: number; formIds: number[] | string }>`
    select vd.code, vd.name, vd.sort_order,
           coalesce((select json_agg(vf.form_id order by vf.id) from visit_forms vf where vf.visit_definition_id = vd.id), '[]'::json) as form_ids
      from visit_definitions vd where vd.study_id = ${study.id} order by vd.sort_order, vd.id`.execute(db);
  const scheduled = new Set<number>();
  const events: InterchangeVisit[] = visits.map((v, i) => {
    const ids = (typeof v.formIds === 'string' ? JSON.parse(v.formIds) : v.formIds) as number[];
    ids.forEach((id) => scheduled.add(id));
    return { oid: eventOid(v.code), name: v.name, order: i + 1, formOids: ids.map((id) => byId.get(id)?.oid).filter((o): o is string => !!o) };
  });
  const logs = forms.filter((f) => !scheduled.has(f.id)).map((f) => byId.get(f.id)!.oid);
  events.push({ oid: UNSCHEDULED_EVENT_OID, name: 'Unscheduled forms and logs', order: events.length + 1, formOids: logs, unscheduled: true });
  return { interchange: { studyOid: studyOid(study.code), studyName: study.title, forms: items, visits: events }, forms: byId };
}

export const studyOid = (code: string) => `S.${code}`;
export const eventOid = (visitCode: string) => `SE.${visitCode}`;
export const locationOid = (siteNumber: string) => `LOC.${siteNumber}`;
export const userOid = (userId: number | null) => (userId === null ? 'USR.system' : `USR.${userId}`);

export interface SubjectRow {
  id: number;
  subjectCode: string;
  siteId: number;
  siteNumber: string;
}

function targetWhere(t: ExportTarget) {
  const parts = [sql<boolean>`p.study_id = ${t.studyId}`];
  if (t.siteId !== undefined) parts.push(sql<boolean>`p.site_id = ${t.siteId}`);
  if (t.patientId !== undefined) parts.push(sql<boolean>`p.id = ${t.patientId}`);
  return sql.join(parts, sql` and `);
}

/** The next page of subjects after `afterId` (keyset on the subject id). */
export async function subjectsPage(db: Db, t: ExportTarget, afterId: number, limit: number): Promise<SubjectRow[]> {
  const { rows } = await sql<SubjectRow>`
    select p.id, p.subject_code, p.site_id, s.site_number
      from patients p join sites s on s.id = p.site_id
     where ${targetWhere(t)} and p.id > ${afterId}
     order by p.id limit ${limit}`.execute(db);
  return rows;
}

/** The sites and the people (authors of changes, signers, query writers) the file's AdminData declares. */
export async function adminData(db: Db, t: ExportTarget) {
  const { rows: sites } = await sql<{ siteNumber: string; name: string }>`
    select distinct s.site_number, s.name from patients p join sites s on s.id = p.site_id where ${targetWhere(t)} order by s.site_number`.execute(db);
  const { rows: users } = await sql<{ id: number; fullName: string }>`
    with subjects as (select p.id from patients p where ${targetWhere(t)}),
    people as (
      select e.actor_user_id as id from form_submissions fs
        join audit_events e on e.table_name = 'form_submissions' and e.record_id = fs.id::text
       where fs.patient_id in (select id from subjects)
      union select signer_id from signatures where patient_id in (select id from subjects)
      union select raised_by from queries where patient_id in (select id from subjects)
      union select m.author_id from query_messages m join queries q on q.id = m.query_id where q.patient_id in (select id from subjects))
    select u.id, u.full_name from users u where u.id in (select id from people) order by u.id`.execute(db);
  return { sites, users };
}

export interface EntryRow {
  id: number;
  patientId: number;
  formId: number;
  formVersionId: number;
  visitCode: string | null;
  visitDate: string | null;
  status: string;
  data: unknown;
  siteNumber: string;
}

/** The form entries of a page of subjects (drafts left out), by subject, visit order, then entry. */
export async function entriesOf(db: Db, patientIds: number[]): Promise<EntryRow[]> {
  if (!patientIds.length) return [];
  const { rows } = await sql<EntryRow>`
    select fs.id, fs.patient_id, fs.form_id, fs.form_version_id, vd.code as visit_code, fs.visit_date::text as visit_date, fs.status, fs.data,
           st.site_number
      from form_submissions fs
      join sites st on st.id = fs.site_id
      left join subject_visits sv on sv.id = fs.subject_visit_id
      left join visit_definitions vd on vd.id = sv.visit_definition_id
     where fs.patient_id = any(string_to_array(${patientIds.join(',')}, ',')::int[]) and fs.status <> 'draft'
     order by fs.patient_id, vd.sort_order nulls last, fs.id`.execute(db);
  return rows;
}

/** Form definitions by version id, read once per version for the whole export. */
export class DefinitionCache {
  private readonly cache = new Map<number, FormDefinition>();
  constructor(private readonly db: Db) {}
  async load(versionIds: number[]): Promise<void> {
    const missing = [...new Set(versionIds)].filter((id) => !this.cache.has(id));
    if (!missing.length) return;
    const rows = await this.db.selectFrom('formVersions').select(['id', 'definition']).where('id', 'in', missing).execute();
    for (const r of rows) this.cache.set(r.id, storedDefinition(r.definition));
  }
  get(versionId: number): FormDefinition | undefined {
    return this.cache.get(versionId);
  }
}
