// sdtm.*: SDTM generation for the SDTM Export tab of /cdisc-standards. exportSdtm starts a run (cdisc.export:
// admin, data manager) and returns at once; latestRun reads the study's newest run with its progress and
// datasets, preview a page of a dataset's rows, fileInfo where a stored file is (for the REST download);
// these read with cdisc.read within the user's studies. In a blinded study (design/blinding.ts) a reader
// who does not see arms generates a blinded run (DM's ARM, ARMCD, ACTARM, ACTARMCD blank, EPOCH the same
// for every arm; sdtm_runs.blinded), is shown only blinded runs, and reading an unblinded run's datasets
// (preview, files, archive, define.xml) is FORBIDDEN to them; those who see arms read both kinds.
import { parse } from 'csv-parse';
import {
  sdtmEncodingReportInput,
  sdtmExportInput,
  sdtmPreviewInput,
  sdtmRunInput,
  SDTM_FILE_FORMATS,
  sdtmDomainCode,
  id,
  type SdtmEncodingChange,
  type SdtmEncodingReport,
  type SdtmPreviewPage,
  type SdtmRun,
  type SdtmVariable,
} from '@ctp/contracts';
import { z } from 'zod';
import type { Db } from '@ctp/db';
import { router, permitted } from '../../../trpc.ts';
import { assertStudyVisible, canSeeStudy, type StudyScope, assertInScope } from '../../../access.ts';
import { startSdtmRun } from './generate.ts';
import { ARMS_BLINDED, armsVisible } from '../../design/blinding.ts';
import { TRPCError } from '@trpc/server';
import type { SessionUser } from '../../auth/session.ts';
import { runDefineXml, studyCodingDictionaries } from './define.ts';
import type { ValueMetadata } from './value-metadata.ts';
import { refuse } from '../../../refusal.ts';

const read = permitted('cdisc.read');
const exporter = permitted('cdisc.export');

async function assertStudy(db: Db, scope: StudyScope, studyId: number) {
  const study = await db.selectFrom('studies').select('id').where('id', '=', studyId).executeTakeFirst();
  if (!study || !canSeeStudy(scope, studyId)) throw refuse('NOT_FOUND', 'studyNotFound');
}

/** An unblinded run (it shows arms) only for those who see arms; a blinded run for every reader. */
async function assertRunReadable(db: Db, user: SessionUser, scope: StudyScope, studyId: number, blinded: boolean) {
  if (!blinded && !(await armsVisible(db, user, scope, studyId))) throw new TRPCError({ code: 'FORBIDDEN', message: ARMS_BLINDED });
}

const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function runById(db: Db, runId: number): Promise<SdtmRun | null> {
  const run = await db
    .selectFrom('sdtmRuns as r')
    .leftJoin('cdiscStandards as std', 'std.id', 'r.standardId')
    .selectAll('r')
    .select(['std.code as standardCode', 'std.version as standardVersion'])
    .where('r.id', '=', runId)
    .executeTakeFirst();
  if (!run) return null;
  const datasets = await db.selectFrom('sdtmRunDatasets').select(['domain', 'label', 'records', 'variables', 'generatedAt']).where('runId', '=', runId).orderBy('generatedAt').execute();
  return {
    id: run.id,
    studyId: run.studyId,
    status: run.status,
    progress: run.progress,
    step: run.step,
    startedBy: run.startedBy,
    startedAt: iso(run.startedAt)!,
    finishedAt: iso(run.finishedAt),
    error: run.error,
    notes: (typeof run.notes === 'string' ? JSON.parse(run.notes) : run.notes) as string[],
    standard: run.standardCode ? `${run.standardCode} ${run.standardVersion}` : null,
    encoding: run.encoding,
    encodingChanges: run.encodingChanges,
    blinded: run.blinded,
    datasets: datasets.map((d) => ({
      domain: d.domain,
      label: d.label,
      records: d.records,
      variables: (typeof d.variables === 'string' ? JSON.parse(d.variables) : d.variables) as SdtmVariable[],
      generatedAt: iso(d.generatedAt)!,
    })),
  };
}

/** The stored dataset of a run the user may see; NOT_FOUND otherwise. */
export async function datasetOf(db: Db, scope: StudyScope, runId: number, domain: string) {
  const row = await db
    .selectFrom('sdtmRunDatasets as d')
    .innerJoin('sdtmRuns as r', 'r.id', 'd.runId')
    .select(['r.studyId', 'r.blinded', 'd.domain', 'd.records', 'd.variables', 'd.xptSha256', 'd.csvSha256', 'd.jsonSha256'])
    .where('d.runId', '=', runId)
    .where('d.domain', '=', domain)
    .executeTakeFirst();
  if (!row) throw refuse('NOT_FOUND', 'datasetNotFound');
  assertInScope(scope, row.studyId, 'Dataset not found');
  return { ...row, variables: (typeof row.variables === 'string' ? JSON.parse(row.variables) : row.variables) as SdtmVariable[] };
}

export const sdtmRouter = router({
  exportSdtm: exporter.input(sdtmExportInput).mutation(async ({ ctx, input }) => {
    await assertStudy(ctx.db, ctx.scope, input.studyId);
    const blinded = !(await armsVisible(ctx.db, ctx.user, ctx.scope, input.studyId));
    const { runId } = await startSdtmRun({ db: ctx.db, files: ctx.files, jobs: ctx.jobs, userId: ctx.user.id, clientIp: ctx.req.ip, studyId: input.studyId, encoding: input.encoding, blinded });
    const run = await runById(ctx.db, runId);
    return { runId, status: run!.status, progress: run!.progress };
  }),
  latestRun: read.input(sdtmRunInput).query(async ({ ctx, input }) => {
    assertStudyVisible(ctx.scope, input.studyId);
    // a reader who does not see arms is shown the blinded runs only
    const onlyBlinded = !(await armsVisible(ctx.db, ctx.user, ctx.scope, input.studyId));
    const runs = ctx.db.selectFrom('sdtmRuns').select('id').where('studyId', '=', input.studyId).$if(onlyBlinded, (q) => q.where('blinded', '=', true));
    const last = await runs.orderBy('id', 'desc').executeTakeFirst();
    if (!last) return null;
    const run = await runById(ctx.db, last.id);
    if (run && run.status !== 'done') {
      // while running (or after a failure) the cards show the last finished run's datasets
      const prev = await runs.where('status', '=', 'done').orderBy('id', 'desc').executeTakeFirst();
      const shown = prev ? (await runById(ctx.db, prev.id))! : null;
      return { ...run, datasets: shown?.datasets ?? [], datasetsStandard: shown?.standard ?? run.standard, datasetsRunId: prev?.id ?? run.id };
    }
    return run ? { ...run, datasetsStandard: run.standard, datasetsRunId: run.id } : null;
  }),
  preview: read.input(sdtmPreviewInput).query(async ({ ctx, input }): Promise<SdtmPreviewPage> => {
    const d = await datasetOf(ctx.db, ctx.scope, input.runId, input.domain);
    await assertRunReadable(ctx.db, ctx.user, ctx.scope, d.studyId, d.blinded);
    const offset = input.offset ?? 0;
    const limit = input.limit ?? 25;
    const rows: (string | number | null)[][] = [];
    if (offset < d.records) {
      // the stored CSV, streamed: skip to the page, stop after it
      const parser = ctx.files.createReadStream(d.csvSha256).pipe(parse({ from: 2 + offset, to: 1 + offset + limit, relax_column_count: false }));
      for await (const rec of parser as AsyncIterable<string[]>) {
        rows.push(rec.map((cell, k) => (d.variables[k]?.type === 'Num' ? (cell === '' ? null : Number(cell)) : cell)));
      }
    }
    return { domain: d.domain, columns: d.variables, rows, total: d.records, offset, limit };
  }),
  /** Export All Domains: every dataset's XPT of a finished run and its define.xml (for the zip). */
  archive: read.input(z.object({ runId: id })).query(async ({ ctx, input }) => {
    const run = await ctx.db
      .selectFrom('sdtmRuns as r')
      .innerJoin('studies as s', 's.id', 'r.studyId')
      .select(['r.studyId', 'r.status', 'r.standardId', 'r.encoding', 'r.encodingChanges', 'r.blinded', 's.code', 's.title'])
      .where('r.id', '=', input.runId)
      .executeTakeFirst();
    if (!run) throw refuse('NOT_FOUND', 'runNotFound');
  assertInScope(ctx.scope, run.studyId, 'Run not found');
    await assertRunReadable(ctx.db, ctx.user, ctx.scope, run.studyId, run.blinded);
    if (run.status !== 'done') throw refuse('CONFLICT', 'runNotFinished');
    const rows = await ctx.db.selectFrom('sdtmRunDatasets').select(['domain', 'label', 'variables', 'valueMetadata', 'xptSha256']).where('runId', '=', input.runId).orderBy('generatedAt').execute();
    const json = <T>(x: unknown) => (typeof x === 'string' ? JSON.parse(x) : x) as T;
    const datasets = rows.map((d) => ({ ...d, variables: json<SdtmVariable[]>(d.variables), valueMetadata: json<ValueMetadata | null>(d.valueMetadata) }));
    if (run.standardId === null) throw refuse('CONFLICT', 'runNoVersion');
    const defineXml = await runDefineXml(ctx.db, { code: run.code, title: run.title }, run.standardId, datasets, {
      encoding: run.encoding,
      encodingChanges: run.encodingChanges,
      dictionaries: await studyCodingDictionaries(ctx.db, run.studyId),
      blinded: run.blinded,
    });
    return {
      fileName: `${run.code}-sdtm-run-${input.runId}.zip`,
      files: datasets.map((d) => ({ name: `${d.domain.toLowerCase()}.xpt`, sha256: d.xptSha256 })),
      defineXml,
    };
  }),
  /** Where the run's encoding changed values (dataset, variable, record, USUBJID; never the values). */
  encodingReport: read.input(sdtmEncodingReportInput).query(async ({ ctx, input }): Promise<SdtmEncodingReport> => {
    const run = await ctx.db
      .selectFrom('sdtmRuns as r')
      .leftJoin('sdtmRunEncodingReports as e', 'e.runId', 'r.id')
      .select(['r.studyId', 'r.encoding', 'r.encodingChanges', 'r.blinded', 'e.changes'])
      .where('r.id', '=', input.runId)
      .executeTakeFirst();
    if (!run) throw refuse('NOT_FOUND', 'runNotFound');
    assertInScope(ctx.scope, run.studyId, 'Run not found');
    // where an arm's name was transliterated, the records named would tell who is on that arm
    await assertRunReadable(ctx.db, ctx.user, ctx.scope, run.studyId, run.blinded);
    const changes = (typeof run.changes === 'string' ? JSON.parse(run.changes) : (run.changes ?? [])) as SdtmEncodingChange[];
    return { runId: input.runId, encoding: run.encoding, total: run.encodingChanges, changes };
  }),
  fileInfo: read
    .input(z.object({ runId: id, domain: sdtmDomainCode, format: z.enum(SDTM_FILE_FORMATS) }))
    .query(async ({ ctx, input }) => {
      const d = await datasetOf(ctx.db, ctx.scope, input.runId, input.domain);
      await assertRunReadable(ctx.db, ctx.user, ctx.scope, d.studyId, d.blinded);
      const sha256 = input.format === 'xpt' ? d.xptSha256 : input.format === 'csv' ? d.csvSha256 : d.jsonSha256;
      if (!(await ctx.files.has(sha256))) throw refuse('NOT_FOUND', 'storedFileMissing');
      return { sha256, fileName: `${d.domain.toLowerCase()}.${input.format}` };
    }),
});
