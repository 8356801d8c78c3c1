// coding.*: suggestions while typing, the coding queue and decisions, the dictionaries (MedDRA imports
// arrive as multipart on the REST path, rest.ts) and each study's dictionary.
import { codingDecideInput, codingQueueInput, codingStudyDictionaryInput, codingSuggestInput } from '@ctp/contracts';
import { withActor } from '@ctp/db';
import { router, permitted, actorOf } from '../../trpc.ts';
import { assertStudyVisible } from '../../access.ts';
import { suggestCoding } from './suggest.ts';
import { codingCounts, codingQueue } from './queue.ts';
import { decideCoding } from './decisions.ts';
import { activeDictionary, listDictionaries } from './dictionary.ts';
import { importUploadedMeddra } from './import.ts';
import { refuse } from '../../refusal.ts';

const read = permitted('coding.read');

export const codingRouter = router({
  suggest: permitted('coding.suggest')
    .input(codingSuggestInput)
    .query(({ ctx, input }) => {
      if (input.studyId) assertStudyVisible(ctx.scope, input.studyId);
      return suggestCoding(ctx.db, input);
    }),
  queue: read.input(codingQueueInput).query(({ ctx, input }) => codingQueue(ctx.db, ctx.scope, input)),
  counts: read.input(codingQueueInput.pick({ studyId: true }).optional()).query(({ ctx, input }) => codingCounts(ctx.db, ctx.scope, input ?? {})),
  decide: permitted('coding.decide').input(codingDecideInput).mutation(({ ctx, input }) => decideCoding(ctx, input)),
  dictionaries: read.query(({ ctx }) => listDictionaries(ctx.db)),
  /** The dictionary a study codes with, and whether it was chosen for the study (null: the automatic choice). */
  studyDictionary: read.input(codingStudyDictionaryInput.pick({ studyId: true })).query(async ({ ctx, input }) => {
    assertStudyVisible(ctx.scope, input.studyId);
    const study = await ctx.db.selectFrom('studies').select('codingDictionaryId').where('id', '=', input.studyId).executeTakeFirstOrThrow();
    return { ...(await activeDictionary(ctx.db, input.studyId)), chosenId: study.codingDictionaryId };
  }),
  setStudyDictionary: permitted('coding.decide')
    .input(codingStudyDictionaryInput)
    .mutation(async ({ ctx, input }) => {
      assertStudyVisible(ctx.scope, input.studyId);
      if (input.dictionaryId !== null && !(await ctx.db.selectFrom('codingDictionaries').select('id').where('id', '=', input.dictionaryId).executeTakeFirst())) {
        throw refuse('NOT_FOUND', 'dictionaryNotFound');
      }
      return withActor(ctx.db, actorOf(ctx, 'Coding dictionary of the study changed'), (tx) =>
        tx.updateTable('studies').set({ codingDictionaryId: input.dictionaryId }).where('id', '=', input.studyId).returning(['id', 'codingDictionaryId']).executeTakeFirstOrThrow(),
      );
    }),
  /** The MedAscii files of a multipart REST upload (POST /api/coding/dictionaries). */
  importMeddra: permitted('coding.import').mutation(({ ctx }) => importUploadedMeddra(ctx)),
});
