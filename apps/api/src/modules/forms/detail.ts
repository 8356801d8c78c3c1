// forms.byId: a form with the definition being edited (its draft, else the latest published one),
// its version history with what changed, and whether the user may edit it.
import { TRPCError } from '@trpc/server';
import { sql } from '@ctp/db';
import type { Db } from '@ctp/db';
import { formDefinition, type FormDefinition, type FormDetail } from '@ctp/contracts';
import { assertInScope, canInStudy } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';

export const FORM_NOT_FOUND = 'Form not found';

export interface FormRow {
  id: number;
  studyId: number;
  code: string;
  name: string;
  category: string;
  status: 'draft' | 'active' | 'archived';
  description: string | null;
  libraryDomain: string | null;
  publishedVersion: number | null;
  version: number;
}

/** The form, when it exists and its study is visible to the user; NOT_FOUND otherwise. */
export async function visibleForm(ctx: Pick<ProcedureCtx, 'db' | 'scope'>, id: number, db: Db = ctx.db): Promise<FormRow> {
  const form = await db
    .selectFrom('forms')
    .select(['id', 'studyId', 'code', 'name', 'category', 'status', 'description', 'libraryDomain', 'publishedVersion', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!form) throw new TRPCError({ code: 'NOT_FOUND', message: FORM_NOT_FOUND });
  assertInScope(ctx.scope, form.studyId, FORM_NOT_FOUND);
  return form;
}

/** A stored definition, read back through the schema (defaults filled). */
export function storedDefinition(json: unknown): FormDefinition {
  return formDefinition.parse(typeof json === 'string' ? JSON.parse(json) : json);
}

export async function formDetail(ctx: ProcedureCtx, id: number): Promise<FormDetail> {
  const form = await visibleForm(ctx, id);
  const { rows } = await sql<{
    id: number;
    versionNumber: number;
    fieldCount: number;
    publishedAt: Date | null;
    publishedBy: string | null;
    changes: unknown;
    definition: unknown;
    updatedAt: Date;
  }>`select v.id, v.version_number, v.field_count, v.published_at, u.full_name as published_by, v.changes, v.definition, v.updated_at
       from form_versions v left join users u on u.id = v.published_by
      where v.form_id = ${id} order by v.version_number desc`.execute(ctx.db);
  const latest = rows[0]!;
  const meta = await sql<{ studyCode: string; createdBy: string; submissions: number; updatedAt: Date }>`
    select st.code as study_code, u.full_name as created_by, f.updated_at,
           (select count(*) from form_submissions s where s.form_id = f.id and s.status <> 'draft')::int as submissions
      from forms f join studies st on st.id = f.study_id join users u on u.id = f.created_by where f.id = ${id}`.execute(ctx.db);
  const m = meta.rows[0]!;
  const lastModified = new Date(Math.max(m.updatedAt.getTime(), latest.updatedAt.getTime())).toISOString();
  return {
    id: form.id,
    studyId: form.studyId,
    studyCode: m.studyCode,
    formName: form.name,
    formVersion: String(form.publishedVersion ?? latest.versionNumber),
    isActive: form.status === 'active',
    category: form.category as FormDetail['category'],
    status: form.status,
    fieldsCount: latest.fieldCount,
    submissionsCount: m.submissions,
    lastModified,
    createdBy: m.createdBy,
    description: form.description,
    hasDraft: latest.publishedAt === null,
    version: form.version,
    code: form.code,
    libraryDomain: form.libraryDomain,
    definition: storedDefinition(latest.definition),
    definitionVersionId: latest.id,
    editable: form.status !== 'archived' && canInStudy(ctx.user, ctx.scope, form.studyId, 'form.build'),
    versions: rows.map((v) => ({
      id: v.id,
      versionNumber: v.versionNumber,
      fieldCount: v.fieldCount,
      publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
      publishedBy: v.publishedBy,
      changes: (typeof v.changes === 'string' ? JSON.parse(v.changes) : v.changes) as string[],
    })),
  };
}

/** The published version a new submission is entered in, with its definition. */
export async function currentPublishedVersion(db: Db, formId: number) {
  const row = await db
    .selectFrom('formVersions')
    .select(['id', 'versionNumber', 'definition'])
    .where('formId', '=', formId)
    .where('publishedAt', 'is not', null)
    .orderBy('versionNumber', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, versionNumber: row.versionNumber, definition: storedDefinition(row.definition) } : null;
}
