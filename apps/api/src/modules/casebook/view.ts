// casebook.view: a subject's casebook in one read: its visits and every form entry with status,
// review flags (SDV, frozen, locked) and open queries, and its signatures with their validity.
import { sql } from '@ctp/db';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { visiblePatient } from '../submissions/lookup.ts';
import { casebookSignatures } from './signatures.ts';

export interface CasebookEntry {
  id: number;
  formId: number;
  formName: string;
  formVersion: number;
  visitName: string | null;
  visitCode: string | null;
  visitDate: string | null;
  status: string;
  version: number;
  sdvAt: string | null;
  sdvBy: string | null;
  frozenAt: string | null;
  lockedAt: string | null;
  lockedBy: string | null;
  openQueries: number;
  warningCount: number;
}

export async function casebookView(ctx: ProcedureCtx, patientId: number) {
  const patient = await visiblePatient(ctx, patientId);
  const { rows } = await sql<CasebookEntry>`
    select s.id, s.form_id, f.name as form_name, v.version_number as form_version, vd.name as visit_name, vd.code as visit_code,
           s.visit_date::text as visit_date, s.status, s.version, s.sdv_at, su.full_name as sdv_by, s.frozen_at, s.locked_at,
           lu.full_name as locked_by, s.warning_count,
           (select count(*) from queries q where q.submission_id = s.id and q.status in ('open', 'answered', 'reopened'))::int as open_queries
      from form_submissions s
      join forms f on f.id = s.form_id
      join form_versions v on v.id = s.form_version_id
      left join subject_visits sv on sv.id = s.subject_visit_id
      left join visit_definitions vd on vd.id = sv.visit_definition_id
      left join users su on su.id = s.sdv_by
      left join users lu on lu.id = s.locked_by
     where s.patient_id = ${patient.id}
     order by vd.sort_order nulls last, s.visit_date nulls last, s.id`.execute(ctx.db);
  const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
  return {
    patient: { id: patient.id, patientId: patient.subjectCode, studyId: patient.studyId, siteName: patient.siteName, status: patient.status },
    entries: rows.map((r) => ({ ...r, sdvAt: iso(r.sdvAt), frozenAt: iso(r.frozenAt), lockedAt: iso(r.lockedAt) })),
    signatures: await casebookSignatures(ctx.db, patient.id),
  };
}
