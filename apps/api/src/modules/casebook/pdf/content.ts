// What a subject's casebook PDF prints, read with the casebook page's scope rule (visiblePatient): the
// subject, study and site; every form entry (drafts included, marked) grouped by visit in schedule order,
// each with its fields' labels and values as entered (units, partial dates as typed, choice labels), its
// review state (SDV, frozen, locked: when and by whom), its change history from the audit trail and its
// query threads; and the casebook signatures with their validity.
import { sql } from '@ctp/db';
import type { FormDefinition, FormField, ScalarField } from '@ctp/contracts';
import type { ProcedureCtx } from '../../../procedure-context.ts';
import { visiblePatient } from '../../submissions/lookup.ts';
import { storedDefinition } from '../../forms/detail.ts';
import { entryHistories, type EntryChange } from '../../clinical-data/entry-history.ts';
import { queryThreads, subjectSignatures, type QueryThread, type SubjectSignature } from '../../clinical-data/threads.ts';

export interface PrintedField {
  code: string;
  label: string;
  /** The value as text ('' when empty); a repeating group's rows are in `rows`. */
  value: string;
  rows?: PrintedField[][];
}

export interface ReviewMark {
  at: string;
  by: string | null;
}

export interface PrintedEntry {
  id: number;
  formName: string;
  formVersion: number;
  visitDate: string | null;
  status: string;
  sdv: ReviewMark | null;
  frozen: ReviewMark | null;
  locked: ReviewMark | null;
  fields: PrintedField[];
  /** Labels by field code, for the history lines. */
  labels: Record<string, string>;
  history: EntryChange[];
  queries: QueryThread[];
}

export interface PrintedVisit {
  title: string;
  entries: PrintedEntry[];
}

export interface CasebookContent {
  study: { code: string; title: string };
  site: { number: string; name: string };
  subject: { code: string; status: string; screeningDate: string | null; enrollmentDate: string | null };
  generatedAt: Date;
  generatedBy: string;
  visits: PrintedVisit[];
  /** Queries about the subject, not one form entry (a missing form, say). */
  subjectQueries: QueryThread[];
  signatures: SubjectSignature[];
}

/** A value as entered, as text: choices by their label (and code), yes/no as Yes/No, numbers with the unit. */
export function printedValue(f: ScalarField, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (f.type === 'singleChoice' || f.type === 'multipleChoice') {
    const label = (code: unknown) => {
      const item = f.codeList.find((i) => i.code === String(code));
      return item ? `${item.label} (${item.code})` : String(code);
    };
    return Array.isArray(v) ? v.map(label).join('; ') : label(v);
  }
  if (f.type === 'yesNo') return v === true || v === 'Y' ? 'Yes' : v === false || v === 'N' ? 'No' : String(v);
  const unit = (f.type === 'integer' || f.type === 'decimal' || f.type === 'calculated') && f.unit ? ` ${f.unit}` : '';
  if (Array.isArray(v)) return v.map(String).join('; ');
  return `${String(v)}${unit}`;
}

function printedFields(fields: FormField[], data: Record<string, unknown>): PrintedField[] {
  return fields.map((f) => {
    if (f.type === 'repeatingGroup') {
      const rows = Array.isArray(data[f.code]) ? (data[f.code] as Record<string, unknown>[]) : [];
      return { code: f.code, label: f.label, value: '', rows: rows.map((r) => f.fields.map((g) => ({ code: g.code, label: g.label, value: printedValue(g, r[g.code]) }))) };
    }
    return { code: f.code, label: f.label, value: printedValue(f, data[f.code]) };
  });
}

function labelsOf(def: FormDefinition): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of def.fields) {
    out[f.code] = f.label;
    if (f.type === 'repeatingGroup') for (const g of f.fields) out[g.code] = g.label;
  }
  return out;
}

interface EntryRow {
  id: number;
  formName: string;
  versionNumber: number;
  definition: unknown;
  visitName: string | null;
  visitCode: string | null;
  visitDate: string | null;
  status: string;
  data: unknown;
  sdvAt: Date | null;
  sdvBy: string | null;
  frozenAt: Date | null;
  frozenBy: string | null;
  lockedAt: Date | null;
  lockedBy: string | null;
}

const mark = (at: Date | string | null, by: string | null): ReviewMark | null => (at ? { at: new Date(at).toISOString(), by } : null);

export async function casebookContent(ctx: ProcedureCtx, patientId: number): Promise<CasebookContent> {
  const patient = await visiblePatient(ctx, patientId);
  const head = await sql<{ code: string; title: string; siteNumber: string; status: string; screeningDate: string | null; enrollmentDate: string | null; me: string }>`
    select st.code, st.title, si.site_number, p.status, p.screening_date::text as screening_date, p.enrollment_date::text as enrollment_date,
           (select full_name from users where id = ${ctx.user.id}) as me
      from patients p join studies st on st.id = p.study_id join sites si on si.id = p.site_id where p.id = ${patient.id}`.execute(ctx.db);
  const h = head.rows[0]!;
  const { rows } = await sql<EntryRow>`
    select s.id, f.name as form_name, v.version_number, v.definition, vd.name as visit_name, vd.code as visit_code, s.visit_date::text as visit_date,
           s.status, s.data, s.sdv_at, su.full_name as sdv_by, s.frozen_at, fu.full_name as frozen_by, s.locked_at, lu.full_name as locked_by
      from form_submissions s
      join forms f on f.id = s.form_id
      join form_versions v on v.id = s.form_version_id
      left join subject_visits sv on sv.id = s.subject_visit_id
      left join visit_definitions vd on vd.id = sv.visit_definition_id
      left join users su on su.id = s.sdv_by
      left join users fu on fu.id = s.frozen_by
      left join users lu on lu.id = s.locked_by
     where s.patient_id = ${patient.id}
     order by vd.sort_order nulls last, s.visit_date nulls last, s.id`.execute(ctx.db);
  const histories = await entryHistories(ctx.db, rows.map((r) => r.id));
  const queries = await queryThreads(ctx.db, [patient.id]);
  const visits: PrintedVisit[] = [];
  for (const r of rows) {
    const title = r.visitName ? `${r.visitName}${r.visitCode ? ` (${r.visitCode})` : ''}` : 'Unscheduled forms and logs';
    let visit = visits.at(-1);
    if (!visit || visit.title !== title) visits.push((visit = { title, entries: [] }));
    const def = storedDefinition(r.definition);
    const data = (typeof r.data === 'string' ? JSON.parse(r.data) : (r.data ?? {})) as Record<string, unknown>;
    visit.entries.push({
      id: r.id,
      formName: r.formName,
      formVersion: r.versionNumber,
      visitDate: r.visitDate,
      status: r.status,
      sdv: mark(r.sdvAt, r.sdvBy),
      frozen: mark(r.frozenAt, r.frozenBy),
      locked: mark(r.lockedAt, r.lockedBy),
      fields: printedFields(def.fields, data),
      labels: labelsOf(def),
      history: histories.get(r.id) ?? [],
      queries: queries.filter((q) => q.submissionId === r.id),
    });
  }
  return {
    study: { code: h.code, title: h.title },
    site: { number: h.siteNumber, name: patient.siteName },
    subject: { code: patient.subjectCode, status: h.status, screeningDate: h.screeningDate, enrollmentDate: h.enrollmentDate },
    generatedAt: new Date(),
    generatedBy: h.me,
    visits,
    subjectQueries: queries.filter((q) => q.submissionId === null),
    signatures: await subjectSignatures(ctx.db, [patient.id]),
  };
}
