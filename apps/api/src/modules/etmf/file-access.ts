// Which stored file a download may read: the document must be visible to the user (checked before any
// byte is read), the version one of its own.
import type { ProcedureCtx } from '../../procedure-context.ts';
import { documentVisible } from './write.ts';
import { refuse } from '../../refusal.ts';

export async function fileForDownload(ctx: ProcedureCtx, input: { id: number; version?: number }) {
  const d = await ctx.db.selectFrom('documents').select(['id', 'studyId', 'siteId', 'currentVersionId']).where('id', '=', input.id).executeTakeFirst();
  if (!d || !documentVisible(ctx, d.studyId, d.siteId)) throw refuse('NOT_FOUND', 'documentNotFound');
  let q = ctx.db.selectFrom('documentVersions').select(['sha256', 'fileName', 'contentType', 'sizeBytes']).where('documentId', '=', d.id);
  q = input.version ? q.where('seq', '=', input.version) : q.where('id', '=', d.currentVersionId!);
  const v = await q.executeTakeFirst();
  if (!v) throw refuse('NOT_FOUND', 'documentVersionNotFound');
  return v;
}
