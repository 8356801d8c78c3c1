// clinicalData.formEntriesCsv and GET /api/studies/{id}/form-entries.csv: every submitted form entry of a
// study (or one site) as CSV in long form, one row per field value, so forms with different fields share
// one file: Study, Site, Subject, Visit, Visit date, Form, Form version, Entry, Status, Field, Value.
// Entries are read by keyset pages (id > last) and each page is written before the next is read, so the
// export holds one page whatever the study's size. Who may: clinicalData.export (data managers, monitors,
// administrators), within their scope, as for the ODM export.
import { sql, type Db } from '@ctp/db';
import { assertStudyVisible, canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { refuse } from '../../refusal.ts';
import { csvRows, type Cell } from '../../csv.ts';

export const FORM_ENTRY_CSV_HEADER = ['Study', 'Site', 'Subject', 'Visit', 'Visit date', 'Form', 'Form version', 'Entry', 'Status', 'Field', 'Value'];
const PAGE = 500;

interface EntryRow {
  id: number;
  siteNumber: string;
  subjectCode: string;
  visitCode: string | null;
  visitDate: string | null;
  formCode: string;
  versionNumber: number;
  status: string;
  data: unknown;
}

const valueText = (v: unknown): Cell => (v === null || v === undefined ? '' : typeof v === 'string' || typeof v === 'number' ? v : JSON.stringify(v));

/** The CSV text of a study's (or a site's) submitted entries: the header, then one chunk per page. */
export async function* formEntriesCsvChunks(db: Db, study: { id: number; code: string }, siteId?: number): AsyncGenerator<string> {
  yield csvRows([FORM_ENTRY_CSV_HEADER]);
  let last = 0;
  for (;;) {
    const { rows } = await sql<EntryRow>`
      select s.id, si.site_number as "siteNumber", p.subject_code as "subjectCode", vd.code as "visitCode", s.visit_date::text as "visitDate",
             f.code as "formCode", v.version_number as "versionNumber", s.status, s.data
        from form_submissions s
        join patients p on p.id = s.patient_id
        join sites si on si.id = s.site_id
        join forms f on f.id = s.form_id
        join form_versions v on v.id = s.form_version_id
        left join subject_visits sv on sv.id = s.subject_visit_id
        left join visit_definitions vd on vd.id = sv.visit_definition_id
       where s.study_id = ${study.id} and s.status <> 'draft' and s.id > ${last} ${siteId ? sql`and s.site_id = ${siteId}` : sql``}
       order by s.id limit ${PAGE}`.execute(db.withoutPlugins());
    if (!rows.length) return;
    last = rows[rows.length - 1]!.id;
    const out: Cell[][] = [];
    for (const r of rows) {
      const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>;
      for (const [field, value] of Object.entries(data ?? {})) {
        out.push([study.code, r.siteNumber, r.subjectCode, r.visitCode, r.visitDate, r.formCode, r.versionNumber, r.id, r.status, field, valueText(value)]);
      }
    }
    yield csvRows(out);
  }
}

export async function formEntriesCsv(ctx: ProcedureCtx, input: { studyId: number; siteId?: number }): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  assertStudyVisible(ctx.scope, input.studyId);
  const study = await ctx.db.selectFrom('studies').select(['id', 'code']).where('id', '=', input.studyId).executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  let suffix = '';
  if (input.siteId !== undefined) {
    const site = await ctx.db
      .selectFrom('studySites')
      .innerJoin('sites', 'sites.id', 'studySites.siteId')
      .select(['sites.id', 'sites.siteNumber'])
      .where('studySites.studyId', '=', study.id)
      .where('studySites.siteId', '=', input.siteId)
      .executeTakeFirst();
    if (!site || !canSeeStudySite(ctx.scope, study.id, site.id)) throw refuse('NOT_FOUND', 'siteNotFound');
    suffix = `-site-${site.siteNumber}`;
  } else if (ctx.scope.sites.get(study.id)) {
    throw refuse('FORBIDDEN', 'ownSiteOnly');
  }
  const name = `${study.code}${suffix}-form-entries`.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { filename: `${name}.csv`, chunks: formEntriesCsvChunks(ctx.db, study, input.siteId) };
}
