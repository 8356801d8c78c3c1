// forms.import and forms.export: CDISC ODM 1.3.2 metadata and the CSV data dictionary, both ways,
// through the codecs in interchange/. Imported forms arrive as drafts of the chosen study (audited),
// with their ODM visits' due forms left for the study builder to confirm.
import { TRPCError } from '@trpc/server';
import { sql, withActor } from '@ctp/db';
import type { FormCategory } from '@ctp/contracts';
import { assertStudyVisible } from '../../access.ts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import type { FileOutput } from '../../csv.ts';
import { formsToOdm, odmToForms, OdmImportError, type InterchangeForm } from './interchange/odm.ts';
import { formsToDictionaryCsv, dictionaryCsvToForms, DictionaryImportError } from './interchange/dictionary-csv.ts';
import { storedDefinition, visibleForm } from './detail.ts';
import { insertForm } from './write.ts';
import { refuse } from '../../refusal.ts';

export async function importForms(ctx: ProcedureCtx, input: { studyId: number; format: 'odm' | 'csv'; content: string; reason: string }) {
  assertStudyVisible(ctx.scope, input.studyId);
  let forms: InterchangeForm[];
  try {
    forms = input.format === 'odm' ? odmToForms(input.content).forms : dictionaryCsvToForms(input.content);
  } catch (err) {
    if (err instanceof OdmImportError || err instanceof DictionaryImportError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message });
    throw refuse('BAD_REQUEST', 'formFileUnreadable');
  }
  if (!forms.length) throw refuse('BAD_REQUEST', 'formFileEmpty');
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const created: { id: number; name: string }[] = [];
    for (const f of forms) {
      const row = await insertForm(tx, ctx.user.id, {
        studyId: input.studyId,
        name: f.name.slice(0, 200),
        category: (f.category ?? 'Visit') as FormCategory,
        description: f.description ?? null,
        definition: f.definition,
        code: f.oid?.replace(/^F\./, ''),
      });
      created.push({ id: row.id, name: f.name });
    }
    return { created };
  });
}

export async function exportForm(ctx: ProcedureCtx, input: { id: number; format: 'odm' | 'csv' }): Promise<FileOutput> {
  const form = await visibleForm(ctx, input.id);
  const latest = await ctx.db
    .selectFrom('formVersions')
    .select(['versionNumber', 'definition'])
    .where('formId', '=', form.id)
    .orderBy('versionNumber', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ code: string; title: string }>`select code, title from studies where id = ${form.studyId}`.execute(ctx.db);
  const study = rows[0]!;
  const item: InterchangeForm = {
    name: form.name,
    oid: `F.${form.code}`,
    category: form.category as FormCategory,
    description: form.description ?? undefined,
    version: latest.versionNumber,
    definition: storedDefinition(latest.definition),
  };
  const base = `${study.code}-${form.code}-v${latest.versionNumber}`;
  if (input.format === 'csv') return { filename: `${base}-dictionary.csv`, contentType: 'text/csv', content: formsToDictionaryCsv([item]) };
  const xml = formsToOdm({ studyOid: `S.${study.code}`, studyName: study.title, forms: [item], visits: [] });
  return { filename: `${base}-odm.xml`, contentType: 'application/xml', content: xml };
}
