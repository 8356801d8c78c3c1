// forms.create, saveDraft, publish and archive. Versions: publishing the draft makes it version N and
// read-only (the database refuses to change it: migration 0010); saving a published form opens version
// N+1 as the draft; submissions keep the version they were entered in.
import { sql, withActor, type Tx } from '@ctp/db';
import {
  type FormCreateInput,
  type FormDefinition,
  type FormSaveDraftInput,
  formDefinition,
  countFields,
} from '@ctp/contracts';
import { libraryForm } from '@ctp/contracts/cdash-library';
import { assertStudyVisible } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { staleVersion } from '../../sql-helpers.ts';
import { storedDefinition, visibleForm, type FormRow } from './detail.ts';
import { describeChanges } from './changes.ts';
import { refuse, refuseField } from '../../refusal.ts';


/** A form code from its name or library domain, unique in the study ('VITAL_SIGNS', 'VITAL_SIGNS_2'). */
async function uniqueCode(tx: Tx, studyId: number, wanted: string): Promise<string> {
  const base = (wanted.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^[^A-Z]+/, '').replace(/_+$/, '') || 'FORM').slice(0, 30);
  const taken = new Set((await tx.selectFrom('forms').select('code').where('studyId', '=', studyId).where('code', 'like', `${base}%`).execute()).map((r) => r.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

export interface NewForm {
  studyId: number;
  name: string;
  category: string;
  description?: string | null;
  libraryDomain?: string | null;
  definition: FormDefinition;
  code?: string;
}

/** Inserts a form and its first (draft) version inside the caller's transaction. */
export async function insertForm(tx: Tx, userId: number, form: NewForm) {
  const code = await uniqueCode(tx, form.studyId, form.code ?? form.libraryDomain ?? form.name);
  const row = await tx
    .insertInto('forms')
    .values({
      studyId: form.studyId,
      code,
      name: form.name,
      category: form.category,
      description: form.description ?? null,
      libraryDomain: form.libraryDomain ?? null,
      createdBy: userId,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('formVersions')
    .values({ formId: row.id, versionNumber: 1, definition: JSON.stringify(form.definition), fieldCount: countFields(form.definition) })
    .execute();
  return row;
}

export async function createForm(ctx: ProcedureCtx, input: FormCreateInput) {
  assertStudyVisible(ctx.scope, input.studyId);
  let definition: FormDefinition = formDefinition.parse({ fields: [], checks: [] });
  if (input.libraryDomain) {
    const library = libraryForm(input.libraryDomain);
    if (!library) throw refuseField('libraryDomain', 'noLibraryForm');
    definition = library.definition;
  }
  return withActor(ctx.db, actorOf(ctx, input.reason), (tx) =>
    insertForm(tx, ctx.user.id, { ...input, definition, libraryDomain: input.libraryDomain ?? null }),
  );
}

/** Locks the form row and checks the version the user read; archived forms cannot change. */
async function lockForm(tx: Tx, ctx: ProcedureCtx, id: number, version: number): Promise<FormRow> {
  const form = await visibleForm(ctx, id, tx);
  await tx.selectFrom('forms').select('id').where('id', '=', id).forUpdate().execute();
  const current = await tx.selectFrom('forms').select('version').where('id', '=', id).executeTakeFirstOrThrow();
  if (current.version !== version) throw staleVersion();
  if (form.status === 'archived') throw refuse('PRECONDITION_FAILED', 'archivedFormNoChange');
  return form;
}

async function draftOf(tx: Tx, formId: number) {
  return tx.selectFrom('formVersions').select(['id', 'versionNumber', 'definition']).where('formId', '=', formId).where('publishedAt', 'is', null).executeTakeFirst();
}

export async function saveDraft(ctx: ProcedureCtx, input: FormSaveDraftInput) {
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const form = await lockForm(tx, ctx, input.id, input.version);
    const draft = await draftOf(tx, form.id);
    const definition = JSON.stringify(input.definition);
    let versionNumber: number;
    if (draft) {
      versionNumber = draft.versionNumber;
      await tx.updateTable('formVersions').set({ definition, fieldCount: countFields(input.definition), updatedAt: sql`now()`, version: sql`version + 1` }).where('id', '=', draft.id).execute();
    } else {
      // Editing a published form opens the next version as its draft.
      versionNumber = (form.publishedVersion ?? 0) + 1;
      await tx.insertInto('formVersions').values({ formId: form.id, versionNumber, definition, fieldCount: countFields(input.definition) }).execute();
    }
    const row = await tx
      .updateTable('forms')
      .set({
        name: input.name ?? form.name,
        category: input.category ?? form.category,
        description: input.description === undefined ? form.description : input.description,
        updatedAt: sql`now()`,
        version: sql`version + 1`,
      })
      .where('id', '=', form.id)
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    return { ...row, draftVersion: versionNumber };
  });
}

export async function publishForm(ctx: ProcedureCtx, input: { id: number; version: number; reason: string }) {
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const form = await lockForm(tx, ctx, input.id, input.version);
    const draft = await draftOf(tx, form.id);
    if (!draft) throw refuse('PRECONDITION_FAILED', 'noDraftToPublish');
    const next = storedDefinition(draft.definition);
    if (!next.fields.length) throw refuse('PRECONDITION_FAILED', 'addFieldBeforePublish');
    const previous = form.publishedVersion
      ? await tx.selectFrom('formVersions').select('definition').where('formId', '=', form.id).where('versionNumber', '=', form.publishedVersion).executeTakeFirst()
      : undefined;
    const changes = describeChanges(previous ? storedDefinition(previous.definition) : null, next);
    await tx
      .updateTable('formVersions')
      .set({ publishedAt: sql`now()`, publishedBy: ctx.user.id, changes: JSON.stringify(changes), updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', draft.id)
      .execute();
    return tx
      .updateTable('forms')
      .set({ status: 'active', publishedVersion: draft.versionNumber, updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', form.id)
      .returning(['id', 'version', 'publishedVersion'])
      .executeTakeFirstOrThrow();
  });
}

export async function archiveForm(ctx: ProcedureCtx, input: { id: number; version: number; reason: string }) {
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    await lockForm(tx, ctx, input.id, input.version);
    return tx
      .updateTable('forms')
      .set({ status: 'archived', updatedAt: sql`now()`, version: sql`version + 1` })
      .where('id', '=', input.id)
      .returning(['id', 'version', 'status'])
      .executeTakeFirstOrThrow();
  });
}
