// ertms.list, byId (documents and steps), timeline, byAgency and reports. Rows carry the spec's
// regulatory submission fields plus the clocks:
//   daysToDue         due date - today, while not decided (negative = overdue)
//   daysUnderReview   from submitted to the response date, or to today while still with the agency
//   overdue           not decided and past its due date
// Reports: success rate = approved / (approved + rejected); median review time per agency = median of
// (response date - submitted date) over decided submissions.
import { sql, type Db } from '@ctp/db';
import { AGENCIES, SUBMISSION_STEP, type Agency, type SubmissionFilterInput, type SubmissionStatus } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { daysBetween, pageWindow, todayIso } from '../../sql-helpers.ts';
import { submissionWhere } from './scope.ts';
import { refuse } from '../../refusal.ts';

interface RawRow {
  id: number;
  submissionNumber: string;
  submissionType: string;
  typeCode: string;
  title: string;
  studyId: string;
  studyDbId: number;
  agency: Agency;
  agencyReference: string | null;
  status: SubmissionStatus;
  priority: 'urgent' | 'expedited' | 'standard';
  submittedDate: string | null;
  acknowledgedDate: string | null;
  dueDate: string | null;
  responseDate: string | null;
  documents: number;
  reviewer: string | null;
  reviewerId: number | null;
  createdAt: Date;
  version: number;
  total: number;
}

export function withClocks(r: Omit<RawRow, 'total'>, today: string) {
  const decided = r.status === 'approved' || r.status === 'rejected';
  return {
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    currentStep: SUBMISSION_STEP[r.status],
    daysToDue: !decided && r.dueDate ? daysBetween(today, r.dueDate) : null,
    daysUnderReview: r.submittedDate ? daysBetween(r.submittedDate, r.responseDate ?? today) : null,
    overdue: !decided && !!r.dueDate && r.dueDate < today,
  };
}
export type SubmissionRow = ReturnType<typeof withClocks>;

export async function listSubmissions(db: Db, scope: StudyScope, f: SubmissionFilterInput & { limit: number; offset: number; submissionId?: number }) {
  const today = todayIso();
  const w = pageWindow(f);
  const { rows } = await sql<RawRow>`
    select r.id, r.submission_number as "submissionNumber", t.name as "submissionType", r.type_code as "typeCode", r.title,
           st.code as "studyId", r.study_id as "studyDbId", r.agency, r.agency_reference as "agencyReference", r.status, r.priority,
           r.submitted_date as "submittedDate", r.acknowledged_date as "acknowledgedDate", r.due_date as "dueDate", r.response_date as "responseDate",
           (select count(*)::int from submission_documents sd where sd.submission_id = r.id) as documents,
           u.full_name as reviewer, r.reviewer_id as "reviewerId", r.created_at as "createdAt", r.version,
           count(*) over ()::int as total
      from regulatory_submissions r
      join submission_types t on t.code = r.type_code
      join studies st on st.id = r.study_id
      left join users u on u.id = r.reviewer_id
     where ${submissionWhere(scope, f, today)}
     order by (r.status not in ('approved', 'rejected') and r.due_date < ${today}::date) desc, r.created_at desc, r.id desc
     limit ${w.limit} offset ${w.offset}`.execute(db);
  return { items: rows.map(({ total: _, ...r }) => withClocks(r, today)), total: rows[0]?.total ?? 0, limit: f.limit, offset: f.offset };
}

export async function submissionDetail(db: Db, scope: StudyScope, id: number) {
  const row = (await listSubmissions(db, scope, { limit: 1, offset: 0, submissionId: id })).items[0];
  if (!row) throw refuse('NOT_FOUND', 'submissionNotFound');
  const type = await db.selectFrom('submissionTypes').select(['requiredArtifacts']).where('code', '=', row.typeCode).executeTakeFirstOrThrow();
  const { rows: documents } = await sql<{ id: number; code: string; title: string; artifactNumber: string; artifactName: string; status: string; reviewStatus: string; version: string; submittedVersion: string | null }>`
    select d.id, d.code, d.title, d.artifact_number as "artifactNumber", a.name as "artifactName", d.status, d.review_status as "reviewStatus",
           v.version_label as version, sv.version_label as "submittedVersion"
      from submission_documents sd
      join documents d on d.id = sd.document_id
      join tmf_artifacts a on a.number = d.artifact_number
      join document_versions v on v.id = d.current_version_id
      left join document_versions sv on sv.id = sd.submitted_version_id
     where sd.submission_id = ${id} order by d.artifact_number, d.code`.execute(db);
  const { rows: steps } = await sql<{ id: number; fromStatus: string | null; toStatus: string; stepDate: string; actor: string | null; note: string | null; at: Date }>`
    select s.id, s.from_status as "fromStatus", s.to_status as "toStatus", s.step_date as "stepDate", u.full_name as actor, s.note, s.created_at as at
      from submission_steps s left join users u on u.id = s.actor_id where s.submission_id = ${id} order by s.id`.execute(db);
  const { rows: required } = await sql<{ number: string; name: string }>`
    select number, name from tmf_artifacts where number = any(${`{${type.requiredArtifacts.join(',')}}`}::text[]) order by number`.execute(db);
  const requirements = required.map((a) => {
    const linked = documents.filter((d) => d.artifactNumber === a.number);
    return { artifactNumber: a.number, artifactName: a.name, linked: linked.length > 0, approved: linked.some((d) => d.status === 'approved') };
  });
  return { ...row, documentsLinked: documents, steps: steps.map((s) => ({ ...s, at: new Date(s.at).toISOString() })), requirements };
}

/** Every submission in scope with its steps, for the time axis (capped at the 200 most recent). */
export async function submissionTimeline(db: Db, scope: StudyScope, f: SubmissionFilterInput) {
  const today = todayIso();
  const page = await listSubmissions(db, scope, { ...f, limit: 200, offset: 0 });
  const ids = page.items.map((r) => r.id);
  const { rows: steps } = ids.length
    ? await sql<{ submissionId: number; toStatus: string; stepDate: string }>`
        select submission_id as "submissionId", to_status as "toStatus", step_date as "stepDate" from submission_steps
         where submission_id = any(${`{${ids.join(',')}}`}::int[]) order by step_date, id`.execute(db)
    : { rows: [] };
  return {
    today,
    total: page.total,
    items: page.items.map((r) => ({ ...r, steps: steps.filter((s) => s.submissionId === r.id).map(({ submissionId: _, ...s }) => s) })),
  };
}

/** Per agency: counts by status, overdue, success rate and median review days. */
export async function submissionsByAgency(db: Db, scope: StudyScope, f: SubmissionFilterInput) {
  const today = todayIso();
  const { rows } = await sql<{ agency: Agency; total: number; draft: number; submitted: number; pending: number; approved: number; rejected: number; overdue: number; medianReviewDays: number | null }>`
    select r.agency, count(*)::int as total,
           count(*) filter (where r.status = 'draft')::int as draft,
           count(*) filter (where r.status = 'submitted')::int as submitted,
           count(*) filter (where r.status = 'pending')::int as pending,
           count(*) filter (where r.status = 'approved')::int as approved,
           count(*) filter (where r.status = 'rejected')::int as rejected,
           count(*) filter (where r.status not in ('approved', 'rejected') and r.due_date < ${today}::date)::int as overdue,
           percentile_cont(0.5) within group (order by (r.response_date - r.submitted_date)) filter (where r.status in ('approved', 'rejected')) as "medianReviewDays"
      from regulatory_submissions r
     where ${submissionWhere(scope, { ...f, agency: undefined }, today)}
     group by r.agency`.execute(db);
  return AGENCIES.map((agency) => {
    const r = rows.find((x) => x.agency === agency);
    const decided = (r?.approved ?? 0) + (r?.rejected ?? 0);
    return {
      agency,
      total: r?.total ?? 0,
      byStatus: { draft: r?.draft ?? 0, submitted: r?.submitted ?? 0, pending: r?.pending ?? 0, approved: r?.approved ?? 0, rejected: r?.rejected ?? 0 },
      overdue: r?.overdue ?? 0,
      successRate: decided ? Math.round(((r?.approved ?? 0) / decided) * 1000) / 10 : null,
      medianReviewDays: r?.medianReviewDays === null || r?.medianReviewDays === undefined ? null : Number(r.medianReviewDays),
    };
  });
}

export async function submissionReports(db: Db, scope: StudyScope, f: SubmissionFilterInput) {
  const agencies = await submissionsByAgency(db, scope, f);
  const approved = agencies.reduce((n, a) => n + a.byStatus.approved, 0);
  const rejected = agencies.reduce((n, a) => n + a.byStatus.rejected, 0);
  const today = todayIso();
  const { rows } = await sql<{ open: number; overdue: number; dueSoon: number; median: number | null }>`
    select count(*) filter (where r.status not in ('approved', 'rejected'))::int as open,
           count(*) filter (where r.status not in ('approved', 'rejected') and r.due_date < ${today}::date)::int as overdue,
           count(*) filter (where r.status not in ('approved', 'rejected') and r.due_date between ${today}::date and ${today}::date + 30)::int as "dueSoon",
           percentile_cont(0.5) within group (order by (r.response_date - r.submitted_date)) filter (where r.status in ('approved', 'rejected')) as median
      from regulatory_submissions r where ${submissionWhere(scope, f, today)}`.execute(db);
  const totals = rows[0]!;
  return {
    successRate: approved + rejected ? Math.round((approved / (approved + rejected)) * 1000) / 10 : null,
    successFormula: 'success rate = approved / (approved + rejected), over decided submissions',
    approved,
    rejected,
    decided: approved + rejected,
    open: totals.open,
    overdue: totals.overdue,
    dueWithin30Days: totals.dueSoon,
    medianReviewDays: totals.median === null ? null : Number(totals.median),
    medianFormula: 'median review time = median of (response date - submitted date) in days, over decided submissions',
    agencies,
  };
}
