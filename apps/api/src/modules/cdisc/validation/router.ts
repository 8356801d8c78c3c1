// validation.*: the Validation tab of /cdisc-standards. run starts validating the study's latest finished
// SDTM run as a background job (cdisc.export: admin, data manager); job reads the newest validation's
// status and progress; latest reads the newest finished validation with a page of its errors and of its
// warnings (cdisc.read within the user's studies). A reader who does not see the arms of a blinded study
// validates, and is shown the validations of, blinded SDTM runs only (sdtm/router.ts).
import { validationJobInput, validationLatestInput, validationRunInput, type ValidationFinding, type ValidationJob, type ValidationResult } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import { router, permitted } from '../../../trpc.ts';
import { assertStudyVisible, canSeeStudy, type StudyScope } from '../../../access.ts';
import { startValidation } from './run.ts';
import { SCORE_FORMULA } from './rules.ts';
import { refuse } from '../../../refusal.ts';
import { armsVisible } from '../../design/blinding.ts';
import type { SessionUser } from '../../auth/session.ts';

/** Whether the reader is limited to blinded SDTM runs of the study. */
const onlyBlindedRuns = async (ctx: { db: Db; user: SessionUser; scope: StudyScope }, studyId: number) => !(await armsVisible(ctx.db, ctx.user, ctx.scope, studyId));

const read = permitted('cdisc.read');
const exporter = permitted('cdisc.export');

async function assertStudy(db: Db, scope: StudyScope, studyId: number) {
  const study = await db.selectFrom('studies').select('id').where('id', '=', studyId).executeTakeFirst();
  if (!study || !canSeeStudy(scope, studyId)) throw refuse('NOT_FOUND', 'studyNotFound');
}

async function findingsPage(db: Db, runId: number, kind: 'error' | 'warning', total: number, offset: number, limit: number) {
  const rows = await db
    .selectFrom('sdtmValidationFindings')
    .select(['id', 'coreId', 'type', 'severity', 'message', 'dataset', 'variable', 'record', 'recommendation'])
    .where('validationRunId', '=', runId)
    .where('kind', '=', kind)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { items: rows as ValidationFinding[], total, offset, limit };
}

export const validationRouter = router({
  run: exporter.input(validationRunInput).mutation(async ({ ctx, input }) => {
    await assertStudy(ctx.db, ctx.scope, input.studyId);
    const blinded = await onlyBlindedRuns(ctx, input.studyId);
    const sdtm = await ctx.db
      .selectFrom('sdtmRuns')
      .select('id')
      .where('studyId', '=', input.studyId)
      .where('status', '=', 'done')
      .$if(blinded, (q) => q.where('blinded', '=', true))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!sdtm) throw refuse('PRECONDITION_FAILED', 'generateSdtmFirst');
    const { validationRunId, started } = await startValidation({ db: ctx.db, files: ctx.files, jobs: ctx.jobs, userId: ctx.user.id, clientIp: ctx.req.ip ?? null, studyId: input.studyId, sdtmRunId: sdtm.id });
    return { validationRunId, sdtmRunId: sdtm.id, started };
  }),
  job: read.input(validationJobInput).query(async ({ ctx, input }): Promise<ValidationJob | null> => {
    assertStudyVisible(ctx.scope, input.studyId);
    const blinded = await onlyBlindedRuns(ctx, input.studyId);
    const run = await ctx.db
      .selectFrom('sdtmValidationRuns')
      .select(['id', 'sdtmRunId', 'status', 'progress', 'step', 'error', 'runAt', 'finishedAt'])
      .where('studyId', '=', input.studyId)
      .$if(blinded, (q) => q.where('sdtmRunId', 'in', (eb) => eb.selectFrom('sdtmRuns').select('id').where('blinded', '=', true)))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!run) return null;
    const { runAt, finishedAt, ...rest } = run;
    return { ...rest, startedAt: new Date(runAt).toISOString(), finishedAt: finishedAt ? new Date(finishedAt).toISOString() : null };
  }),
  latest: read.input(validationLatestInput).query(async ({ ctx, input }): Promise<ValidationResult | null> => {
    assertStudyVisible(ctx.scope, input.studyId);
    const blinded = await onlyBlindedRuns(ctx, input.studyId);
    const run = await ctx.db
      .selectFrom('sdtmValidationRuns')
      .selectAll()
      .where('studyId', '=', input.studyId)
      .where('status', '=', 'done')
      .$if(blinded, (q) => q.where('sdtmRunId', 'in', (eb) => eb.selectFrom('sdtmRuns').select('id').where('blinded', '=', true)))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!run || run.isValid === null || run.score === null) return null;
    const datasets = await ctx.db
      .selectFrom('sdtmRunDatasets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('runId', '=', run.sdtmRunId)
      .executeTakeFirstOrThrow();
    return {
      id: run.id,
      sdtmRunId: run.sdtmRunId,
      isValid: run.isValid,
      ranAt: new Date(run.runAt).toISOString(),
      runBy: run.runBy,
      counts: { errors: run.errors, warnings: run.warnings, checkedRules: run.checkedRules, failedRules: run.failedRules, recordsChecked: run.recordsChecked, datasets: Number(datasets.n) },
      score: Number(run.score),
      formula: SCORE_FORMULA,
      errors: await findingsPage(ctx.db, run.id, 'error', run.errors, input.errorsOffset, input.limit),
      warnings: await findingsPage(ctx.db, run.id, 'warning', run.warnings, input.warningsOffset, input.limit),
    };
  }),
});
