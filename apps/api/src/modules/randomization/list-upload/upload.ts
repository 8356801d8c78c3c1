// randomization.uploadList: a statistician's list takes the place of the generated one (issue 30 item 1,
// third method). The production scheme (stratified blocks, saved, not yet live) gives the factors, arms
// and ratio the file is checked against (list-upload/check.ts); a list that passes is sealed like a
// generated one (randomization_lists with source 'uploaded', the file's sha256, each slot's own
// randomization number) and the scheme goes live on it, so randomize takes its next slot per stratum.
// Study managers and administrators may manage schemes, but only those who see arms (administrators,
// the study's unblinded team) may upload: a list is all the arms.
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { withActor, type Db } from '@ctp/db';
import type { UploadListInput } from '@ctp/contracts';
import type { ProcedureCtx } from '../../../procedure-context.ts';
import { actorOf } from '../../../trpc.ts';
import { assertArmsVisible } from '../../design/blinding.ts';
import { assertStudyInScope } from '../../design/scope.ts';
import { markLive, readyToGoLive, storeList } from '../go-live.ts';
import { checkUploadedList, problemsMessage, type ListProblem } from './check.ts';

export async function uploadList(ctx: ProcedureCtx, input: UploadListInput) {
  await assertStudyInScope(ctx.db as Db, ctx.scope, input.studyId);
  await assertArmsVisible(ctx.db, ctx.user, ctx.scope, input.studyId);
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const { row, content, arms } = await readyToGoLive(tx, input);
    if (content.method !== 'blocks') {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'A list can be uploaded only for a stratified list scheme (method: blocks), not for minimization' });
    }
    const ratios = new Map(content.arms.map((a) => [a.armId, a.ratio]));
    const listArms = arms.filter((a) => ratios.has(a.id)).map((a) => ({ ...a, ratio: ratios.get(a.id)! }));
    const checked = checkUploadedList(input.csv, content.factors, listArms);
    if (!checked.ok) throw refused(checked.problems);
    const fileSha256 = createHash('sha256').update(input.csv, 'utf8').digest('hex');
    const strata = checked.strata.map((s) => ({
      stratum: s.stratum,
      entries: s.entries.map((e) => ({ position: e.position, block: e.block, blockSize: e.blockSize, arm: String(e.armId), number: e.number })),
    }));
    const list = await storeList(tx, { schemeId: row.id, studyId: row.studyId, schemeHash: row.contentHash, seed: null, fileSha256, strata, arms, createdBy: ctx.user.id });
    const scheme = await markLive(tx, row.id, list, arms);
    return { scheme, rows: checked.rows, strata: strata.length, fileSha256, listHash: list.listHash };
  });
}

/** BAD_REQUEST naming the rows; the problems ride along for the screen's table. */
function refused(problems: ListProblem[]) {
  return new TRPCError({ code: 'BAD_REQUEST', message: problemsMessage(problems) });
}
