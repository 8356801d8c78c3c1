// queries.list, summary, reports and the CSV export. Rows come in the queries screen's shape (spec Data
// query) with the stored lifecycle and kind, which every screen names through one vocabulary (contracts
// queries.ts); only the REST path maps them to the spec's API values. Overdue = still live and past its due date.
import { sql, type Db } from '@ctp/db';
import {
  QUERY_KINDS,
  QUERY_PROGRESS,
  type QueryFilterInput,
  type QueryKind,
  type QueryLifecycle,
  type QueryListInput,
  type QueryRow,
} from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { pageWindow, todayIso } from '../../sql-helpers.ts';
import { queryWhere } from './scope.ts';

interface RawRow {
  id: number;
  queryId: string;
  raisedAt: Date;
  investigator: string | null;
  lifecycle: QueryLifecycle;
  updatedBy: string | null;
  updatedAt: Date;
  studyCode: string;
  studyId: number;
  center: string;
  kind: QueryKind;
  priority: 'high' | 'medium' | 'low';
  field: string | null;
  description: string;
  descriptionKey: string | null;
  descriptionParams: Record<string, string | number> | null;
  patientId: string;
  patientDbId: number;
  formName: string | null;
  origin: QueryRow['origin'];
  raisedBy: string | null;
  assignedTo: string | null;
  dueDate: string | null;
  resolvedAt: Date | null;
  version: number;
  total: number;
}

export function toQueryRow(r: RawRow, today: string): QueryRow {
  return {
    id: r.id,
    queryId: r.queryId,
    startDate: new Date(r.raisedAt).toISOString(),
    investigator: r.investigator,
    progress: QUERY_PROGRESS[r.lifecycle],
    lifecycle: r.lifecycle,
    updatedBy: r.updatedBy,
    lastUpdated: new Date(r.updatedAt).toISOString(),
    studyId: r.studyCode,
    center: r.center,
    kind: r.kind,
    priority: r.priority,
    field: r.field,
    description: r.description,
    descriptionKey: r.descriptionKey,
    descriptionParams: r.descriptionParams,
    patientId: r.patientId,
    patientDbId: r.patientDbId,
    formName: r.formName,
    origin: r.origin,
    raisedBy: r.raisedBy,
    assignedTo: r.assignedTo,
    dueDate: r.dueDate,
    overdue: ['open', 'answered', 'reopened'].includes(r.lifecycle) && !!r.dueDate && r.dueDate < today,
    resolvedAt: r.resolvedAt ? new Date(r.resolvedAt).toISOString() : null,
    version: r.version,
  };
}

/**
 * The rows of the filter, newest first. `before` (null for the first page) reads the page after a keyset
 * (ids below it) rather than an offset, and leaves out the total: the streamed export's pages (export.ts).
 */
export async function queryRows(db: Db, scope: StudyScope, f: QueryFilterInput, page: { limit: number; offset: number; before?: number | null }) {
  const w = pageWindow(page);
  const keyset = page.before !== undefined;
  const { rows } = await sql<RawRow>`
    with page as materialized (
      select q.id from queries q where ${queryWhere(scope, f)} ${typeof page.before === 'number' ? sql`and q.id < ${page.before}` : sql``}
       order by q.id desc limit ${w.limit} offset ${w.offset})
    select q.id, q.code as "queryId", q.raised_at as "raisedAt", si.principal_investigator as investigator, q.status as lifecycle,
           (select u.full_name from query_messages m join users u on u.id = m.author_id where m.query_id = q.id order by m.id desc limit 1) as "updatedBy",
           q.updated_at as "updatedAt", st.code as "studyCode", q.study_id as "studyId", si.name as center, q.type as kind, q.priority,
           q.field_path as field, q.description, q.description_key as "descriptionKey", q.description_params as "descriptionParams", p.subject_code as "patientId", p.id as "patientDbId", f.name as "formName", q.origin,
           ru.full_name as "raisedBy", au.full_name as "assignedTo", q.due_date::text as "dueDate", q.resolved_at as "resolvedAt", q.version,
           ${keyset ? sql`null` : sql`(select count(*) from queries q where ${queryWhere(scope, f)})`}::int as total
      from page join queries q on q.id = page.id
      join studies st on st.id = q.study_id
      join sites si on si.id = q.site_id
      join patients p on p.id = q.patient_id
      left join forms f on f.id = q.form_id
      left join users ru on ru.id = q.raised_by
      left join users au on au.id = q.assigned_to
     order by q.id desc`.execute(db.withoutPlugins());
  return rows;
}

export async function listQueries(db: Db, scope: StudyScope, input: QueryListInput, now = new Date()) {
  const rows = await queryRows(db, scope, input, input);
  const today = todayIso(now);
  let total = rows[0]?.total;
  if (total === undefined) {
    total = input.offset > 0 ? (await sql<{ n: number }>`select count(*)::int as n from queries q where ${queryWhere(scope, input)}`.execute(db)).rows[0]!.n : 0;
  }
  return { items: rows.map((r) => toQueryRow(r, today)), total, limit: input.limit, offset: input.offset };
}

/**
 * The four cards of the queries screen over the filter (not its status): Queries = all; Validations =
 * Open or Re-opened; Inclusions = Closed; Pending Review = Answered (by the site, awaiting review).
 * Overdue = live and past the due date; and the monitoring tiles (Open Queries = Open or Re-opened,
 * In Progress = Answered, Resolved = Closed or Cancelled).
 */
export async function querySummary(db: Db, scope: StudyScope, f: QueryFilterInput, now = new Date()) {
  // Over a large scope (an admin's: every study) the planner picks a parallel scan, which starts worker
  // processes per call and loses when ten calls share two cores; one process counting the covering index
  // (queries_counts_idx) serves concurrent calls better. SET LOCAL: this statement's transaction only.
  return db.transaction().execute(async (tx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(tx);
    return countQueries(tx, scope, f, now);
  });
}

async function countQueries(db: Db, scope: StudyScope, f: QueryFilterInput, now: Date) {
  const { rows } = await sql<{ total: number; validations: number; inclusions: number; pendingReview: number; overdue: number; inProgress: number; resolved: number; open: number; highPriority: number }>`
    select count(*)::int as total,
           count(*) filter (where q.status in ('open', 'reopened'))::int as validations,
           count(*) filter (where q.status = 'closed')::int as inclusions,
           count(*) filter (where q.status = 'answered')::int as pending_review,
           count(*) filter (where q.status in ('open', 'answered', 'reopened') and q.due_date < ${todayIso(now)}::date)::int as overdue,
           count(*) filter (where q.status in ('open', 'reopened'))::int as open,
           count(*) filter (where q.status = 'answered')::int as in_progress,
           count(*) filter (where q.status in ('closed', 'cancelled'))::int as resolved,
           count(*) filter (where q.priority = 'high' and q.status in ('open', 'answered', 'reopened'))::int as high_priority
      from queries q where ${queryWhere(scope, f, { ignoreStatus: true })}`.execute(db);
  return rows[0]!;
}

/**
 * The Reports tab, over the filter:
 *   resolutionDays      = mean days from raised to closed, over closed queries
 *   responseRate        = queries the site answered at least once / queries raised, in percent
 *   firstTimeResolution = closed queries never re-opened / closed queries, in percent
 *   typeDistribution    = share of each type (kind) among all queries, in percent
 */
export async function queryReports(db: Db, scope: StudyScope, f: QueryFilterInput) {
  const where = queryWhere(scope, f, { ignoreStatus: true });
  const { rows } = await sql<{ resolutionDays: number | null; answered: number; total: number; closed: number; closedFirstTime: number }>`
    select avg(extract(epoch from (q.resolved_at - q.raised_at)) / 86400) filter (where q.status = 'closed') as resolution_days,
           count(*) filter (where exists (select 1 from query_messages m where m.query_id = q.id and m.kind = 'response'))::int as answered,
           count(*)::int as total,
           count(*) filter (where q.status = 'closed')::int as closed,
           count(*) filter (where q.status = 'closed' and q.reopen_count = 0)::int as closed_first_time
      from queries q where ${where}`.execute(db);
  const types = await sql<{ kind: QueryKind; n: number }>`select q.type as kind, count(*)::int as n from queries q where ${where} group by 1`.execute(db);
  const r = rows[0]!;
  const pct = (a: number, b: number) => (b ? Math.round((1000 * a) / b) / 10 : null);
  const byKind = new Map(types.rows.map((t) => [t.kind, t.n]));
  return {
    resolutionDays: r.resolutionDays === null ? null : Math.round(Number(r.resolutionDays) * 10) / 10,
    responseRate: pct(r.answered, r.total),
    firstTimeResolution: pct(r.closedFirstTime, r.closed),
    typeDistribution: QUERY_KINDS.map((kind) => ({ kind, count: byKind.get(kind) ?? 0, percent: pct(byKind.get(kind) ?? 0, r.total) })),
    total: r.total,
  };
}
