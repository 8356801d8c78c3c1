// corePackage.*: validating an uploaded SDTM package with CDISC's CORE rules (the Validation tab's
// "Validate a package"). upload receives the package through POST /api/cdisc/core-validations (the context
// carries the files; cdisc.export: admin, data manager, within their studies) and starts the job; latest
// reads the study's newest package validation with its progress; rules and findings page the report on
// the server, filtered by severity, dataset (domain) and rule; report gives the whole report for the CSV
// and Excel downloads (cdisc.read within the user's studies).
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  corePackageFindingsInput,
  corePackageRulesInput,
  corePackageStudyInput,
  corePackageValidationInput,
  type CorePackageFinding,
  type CorePackageValidation,
  type CorePage,
  type CoreRuleOutcome,
} from '@ctp/contracts';
import type { Db } from '@ctp/db';
import { router, permitted, fieldError } from '../../../../trpc.ts';
import { assertInScope, assertStudyVisible } from '../../../../access.ts';
import type { StudyScope } from '../../../../access.ts';
import { sdtmigRules } from '../core/load-rules.ts';
import { checkPackageUpload, PackageRefusal } from './package-upload.ts';
import { filesOf, startPackageValidation } from './job.ts';
import { ruleInfo } from './rule-info.ts';

const read = permitted('cdisc.read');
const exporter = permitted('cdisc.export');

/** A zip may expand to at most this many times the upload limit, and hold at most this many entries. */
export const ZIP_EXPANSION = 10;
export const ZIP_MAX_ENTRIES = 500;

const NOT_FOUND = 'Package validation not found';

async function validationRow(db: Db, scope: StudyScope, id: number) {
  const row = await db.selectFrom('corePackageValidations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  assertInScope(scope, row.studyId, NOT_FOUND);
  return row;
}

type Row = Awaited<ReturnType<typeof validationRow>>;

async function describe(db: Db, row: Row): Promise<CorePackageValidation> {
  const [datasets, rules] = await Promise.all([
    db.selectFrom('corePackageFindings').select('dataset').distinct().where('validationId', '=', row.id).orderBy('dataset').execute(),
    db.selectFrom('corePackageRuleOutcomes').select('coreId').where('validationId', '=', row.id).where('findings', '>', 0).orderBy('coreId').execute(),
  ]);
  return {
    id: row.id,
    studyId: row.studyId,
    packageName: row.packageName,
    files: filesOf(row.files).map((f) => ({ name: f.name, size: f.size })),
    defineFile: row.defineFile,
    status: row.status,
    progress: row.progress,
    step: row.step,
    error: row.error,
    startedAt: new Date(row.runAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    runBy: row.runBy,
    counts: { datasets: row.datasets, recordsChecked: row.recordsChecked, rulesRun: row.rulesRun, rulesNotRun: row.rulesNotRun, findings: row.findings },
    datasets: datasets.map((d) => d.dataset),
    rulesWithFindings: rules.map((r) => r.coreId),
  };
}

let infoById: Map<string, ReturnType<typeof ruleInfo>> | undefined;
const infoOf = (coreId: string) => {
  infoById ??= new Map(sdtmigRules().map((r) => [r.core_id, ruleInfo(r)]));
  return infoById.get(coreId) ?? { description: '', message: '', ruleType: '', executability: '', authorityIds: [], citations: [] };
};

const outcomeOf = (o: { coreId: string; status: 'run' | 'not run'; reason: string | null; severity: 'error' | 'warning'; findings: number }): CoreRuleOutcome => ({ ...o, ...infoOf(o.coreId) });

function findingsQuery(db: Db, input: z.output<typeof corePackageFindingsInput>) {
  let q = db.selectFrom('corePackageFindings').where('validationId', '=', input.validationId);
  if (input.severity) q = q.where('severity', '=', input.severity);
  if (input.dataset) q = q.where('dataset', '=', input.dataset);
  if (input.coreId) q = q.where('coreId', '=', input.coreId);
  return q;
}

const FINDING_COLUMNS = ['id', 'coreId', 'severity', 'dataset', 'record', 'variable', 'value', 'message'] as const;

export const corePackageRouter = router({
  upload: exporter.input(corePackageStudyInput).mutation(async ({ ctx, input }) => {
    assertStudyVisible(ctx.scope, input.studyId);
    const study = await ctx.db.selectFrom('studies').select('id').where('id', '=', input.studyId).executeTakeFirst();
    if (!study) throw new TRPCError({ code: 'NOT_FOUND', message: 'Study not found' });
    const uploads = ctx.req.uploads ?? [];
    if (!uploads.length) throw fieldError('files', 'Choose the package: a zip, or XPT, Dataset-JSON or CSV files with an optional define.xml');
    let pkg;
    try {
      pkg = await checkPackageUpload(uploads, { maxEntries: ZIP_MAX_ENTRIES, maxTotalBytes: ctx.config.UPLOAD_MAX_MB * ZIP_EXPANSION * 1024 * 1024 });
    } catch (err) {
      if (err instanceof PackageRefusal) throw fieldError('files', err.message);
      throw err;
    }
    const validationId = await startPackageValidation({ db: ctx.db, files: ctx.files, jobs: ctx.jobs, userId: ctx.user.id, clientIp: ctx.req.ip ?? null, studyId: input.studyId }, pkg);
    return { validationId };
  }),
  latest: read.input(corePackageStudyInput).query(async ({ ctx, input }): Promise<CorePackageValidation | null> => {
    assertStudyVisible(ctx.scope, input.studyId);
    const row = await ctx.db.selectFrom('corePackageValidations').selectAll().where('studyId', '=', input.studyId).orderBy('id', 'desc').executeTakeFirst();
    return row ? describe(ctx.db, row) : null;
  }),
  byId: read.input(corePackageValidationInput).query(async ({ ctx, input }) => describe(ctx.db, await validationRow(ctx.db, ctx.scope, input.validationId))),
  rules: read.input(corePackageRulesInput).query(async ({ ctx, input }): Promise<CorePage<CoreRuleOutcome>> => {
    await validationRow(ctx.db, ctx.scope, input.validationId);
    let q = ctx.db.selectFrom('corePackageRuleOutcomes').where('validationId', '=', input.validationId);
    if (input.severity) q = q.where('severity', '=', input.severity);
    if (input.coreId) q = q.where('coreId', '=', input.coreId);
    if (input.status) q = q.where('status', '=', input.status);
    if (input.withFindings) q = q.where('findings', '>', 0);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select(['coreId', 'status', 'reason', 'severity', 'findings']).orderBy('findings', 'desc').orderBy('coreId').limit(input.limit).offset(input.offset).execute(),
    ]);
    return { items: rows.map(outcomeOf), total: Number(n), offset: input.offset, limit: input.limit };
  }),
  findings: read.input(corePackageFindingsInput).query(async ({ ctx, input }): Promise<CorePage<CorePackageFinding>> => {
    await validationRow(ctx.db, ctx.scope, input.validationId);
    const [{ n }, rows] = await Promise.all([
      findingsQuery(ctx.db, input).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      findingsQuery(ctx.db, input).select(FINDING_COLUMNS).orderBy('id').limit(input.limit).offset(input.offset).execute(),
    ]);
    return { items: rows, total: Number(n), offset: input.offset, limit: input.limit };
  }),
  /** The whole report, for the downloads (REST only: the CSV and Excel writers read it). */
  report: read.input(corePackageValidationInput).query(async ({ ctx, input }) => {
    const row = await validationRow(ctx.db, ctx.scope, input.validationId);
    if (row.status !== 'done') throw new TRPCError({ code: 'CONFLICT', message: 'The validation has not finished' });
    const [outcomes, findings] = await Promise.all([
      ctx.db.selectFrom('corePackageRuleOutcomes').select(['coreId', 'status', 'reason', 'severity', 'findings']).where('validationId', '=', row.id).orderBy('coreId').execute(),
      ctx.db.selectFrom('corePackageFindings').select(FINDING_COLUMNS).where('validationId', '=', row.id).orderBy('id').execute(),
    ]);
    return { validation: await describe(ctx.db, row), rules: outcomes.map(outcomeOf), findings };
  }),
});
