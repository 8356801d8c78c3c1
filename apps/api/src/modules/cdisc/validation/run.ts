// Validating a finished SDTM run, as a background job like the generation: startValidation creates the
// validation run 'running' and queues its job; the worker (workValidation, under the run's advisory lock,
// see run-jobs.ts) reads each stored dataset's Dataset-JSON file from the blob
// store, one dataset at a time (DM first: its subjects, STUDYID and reference dates are what the other
// datasets are checked against; before it, the EX start dates DM's RFXSTDTC is checked against), applies the rules of rules.ts,
// then CDISC's SDTMIG 3.4 rules through the interpreter (core-in-run.ts; those rules.ts keeps are not run twice),
// writes its progress and step to the run, and ends 'done' with
// the counts, compliance score and every finding, or 'failed' with the step (never clinical values).
// The score: 100 × (1 − failed rule applications / rule applications).
import { sql, withActor, type BlobStore, type Db } from '@ctp/db';
import { JobRegistry } from '../jobs.ts';
import { isTransient, type JobContext, type JobQueue } from '../../../jobs/queue.ts';
import type { RunJobDeps } from '../sdtm/generate.ts';
import { sdtmigVariables } from '../standards/run-datasets.ts';
import { readDatasetJson } from '../formats/dataset-json.ts';
import { interpreterDataset, runCoreRules } from './core-in-run.ts';
import type { StudyDataset } from './core/types.ts';
import {
  CORE_RULES,
  complianceScore,
  dmRecordsOf,
  subjectMinimum,
  subjectMinimumsNeeded,
  validateDataset,
  validateDatasetList,
  type CatalogueDataset,
  type Finding,
  type RuleContext,
  type RuleDataset,
} from './rules.ts';

export interface ValidateOptions {
  db: Db;
  files: BlobStore;
  userId: number;
  clientIp: string | null;
  studyId: number;
  sdtmRunId: number;
  jobs: JobQueue;
}

/** The rules' view of an SDTMIG version (the one the validated run was generated against). */
export async function loadRuleCatalogue(db: Db, standardId: number): Promise<Map<string, CatalogueDataset>> {
  const out = new Map<string, CatalogueDataset>();
  for (const r of await sdtmigVariables(db, standardId)) {
    let d = out.get(r.dataset);
    if (!d) out.set(r.dataset, (d = { class: r.class, variables: new Map() }));
    d.variables.set(r.name, { core: r.core, type: r.type, codelistCode: r.codelist });
  }
  return out;
}

async function readStored(files: BlobStore, sha256: string): Promise<RuleDataset> {
  const chunks: Buffer[] = [];
  for await (const c of files.createReadStream(sha256)) chunks.push(c as Buffer);
  const json = readDatasetJson(Buffer.concat(chunks));
  return {
    name: json.name,
    variables: json.columns.map((c) => ({ name: c.name, label: c.label, type: c.dataType === 'string' ? 'Char' : 'Num', length: c.length ?? 8 })),
    rows: json.rows,
  };
}

export const VALIDATION_JOB = 'sdtm-validate';

/** Validations being worked on in this process, so tests can wait for them. */
const runningHere = new JobRegistry();

/** Resolves when the validation's job in this process has ended (at once when it does not run here). */
export const awaitValidation = (validationRunId: number) => runningHere.wait(validationRunId);

/** Creates the validation run (or returns the study's one still going) and queues it without waiting. */
export async function startValidation(o: ValidateOptions): Promise<{ validationRunId: number; started: boolean }> {
  // the same SDTM run's: a blinded reader is never handed the validation of an unblinded run
  const active = await o.db.selectFrom('sdtmValidationRuns').select('id').where('studyId', '=', o.studyId).where('sdtmRunId', '=', o.sdtmRunId).where('status', '=', 'running').orderBy('id', 'desc').executeTakeFirst();
  if (active) return { validationRunId: active.id, started: false };
  const run = await withActor(o.db, { userId: o.userId, reason: 'Validate SDTM datasets', clientIp: o.clientIp }, (tx) =>
    tx.insertInto('sdtmValidationRuns').values({ studyId: o.studyId, sdtmRunId: o.sdtmRunId, runBy: o.userId, status: 'running', progress: 0, step: 'Starting' }).returning('id').executeTakeFirstOrThrow(),
  );
  await o.jobs.send(VALIDATION_JOB, { validationRunId: run.id, clientIp: o.clientIp }, { key: `validation-${run.id}` });
  return { validationRunId: run.id, started: true };
}

export interface ValidationJobData {
  validationRunId: number;
  clientIp: string | null;
}

/** The queue's worker for a validation: under its lock, a validation still 'running' is (re)started. */
export function workValidation(deps: RunJobDeps, data: ValidationJobData, job: JobContext): Promise<void> {
  const id = data.validationRunId;
  return runningHere.track(id, async () => {
    const held = await deps.locks.hold('validation', id);
    if (!held) return;
    try {
      const run = await deps.db.selectFrom('sdtmValidationRuns').select(['status', 'studyId', 'sdtmRunId', 'runBy']).where('id', '=', id).executeTakeFirst();
      if (run?.status !== 'running') return;
      const o = { db: deps.db, files: deps.files, userId: run.runBy, clientIp: data.clientIp, studyId: run.studyId, sdtmRunId: run.sdtmRunId };
      await validationJob(o, id, { signal: AbortSignal.any([job.signal, held.lost]), lastAttempt: job.lastAttempt });
    } finally {
      await held.release();
    }
  });
}

/** Validates and waits for the result (tests, the benchmark); returns the validation run's id. */
export async function validateSdtmRun(o: ValidateOptions): Promise<number> {
  const { validationRunId } = await startValidation(o);
  await awaitValidation(validationRunId);
  return validationRunId;
}

async function validationJob(o: Omit<ValidateOptions, 'jobs'>, id: number, job: JobContext): Promise<void> {
  let step = 'Reading the datasets';
  const setProgress = async (progress: number, text: string) => {
    job.signal.throwIfAborted(); // stopping: hand the validation back
    step = text;
    await o.db.updateTable('sdtmValidationRuns').set({ progress: Math.round(Math.max(0, Math.min(99, progress))), step: text }).where('id', '=', id).execute();
  };
  try {
    const { standardId } = await o.db.selectFrom('sdtmRuns').select('standardId').where('id', '=', o.sdtmRunId).executeTakeFirstOrThrow();
    if (standardId === null) throw new Error('The SDTM run names no SDTMIG version');
    const catalogue = await loadRuleCatalogue(o.db, standardId);
    const stored = await o.db.selectFrom('sdtmRunDatasets').select(['domain', 'jsonSha256']).where('runId', '=', o.sdtmRunId).execute();
    stored.sort((a, b) => (a.domain === 'DM' ? -1 : b.domain === 'DM' ? 1 : a.domain.localeCompare(b.domain)));
    const ctx: RuleContext = { dmSubjects: null, dmStudyIds: new Set(), catalogue, dmRecords: null, subjectMin: new Map() };
    // the per-subject earliest values the DM rules compare against (CORE-000239: EX.EXSTDTC), read first
    for (const need of subjectMinimumsNeeded()) {
      const d = stored.find((x) => x.domain === need.dataset);
      if (d) ctx.subjectMin!.set(`${need.dataset}.${need.variable}`, subjectMinimum(await readStored(o.files, d.jsonSha256), need.variable));
    }
    const study = validateDatasetList(stored.map((d) => d.domain));
    const findings: Finding[] = [...study.findings];
    let applied = study.applied;
    let failed = study.failed;
    let records = 0;
    const forInterpreter: StudyDataset[] = [];
    for (const [k, d] of stored.entries()) {
      await setProgress((60 * k) / Math.max(stored.length, 1), `Checking ${d.domain}`);
      const ds = await readStored(o.files, d.jsonSha256);
      if (d.domain === 'DM') {
        const u = ds.variables.findIndex((v) => v.name === 'USUBJID');
        const s = ds.variables.findIndex((v) => v.name === 'STUDYID');
        ctx.dmSubjects = new Set(u >= 0 ? ds.rows.map((r) => String(r[u] ?? '')) : []);
        if (s >= 0) for (const r of ds.rows) ctx.dmStudyIds.add(String(r[s] ?? ''));
        ctx.dmRecords = dmRecordsOf(ds);
      }
      const result = validateDataset(ds, ctx);
      findings.push(...result.findings);
      applied += result.applied;
      failed += result.failed;
      records += ds.rows.length;
      forInterpreter.push(interpreterDataset(ds));
    }
    // CDISC's own rule definitions through the interpreter, but those a hand-written rule still checks.
    await setProgress(65, 'Checking the CORE rules');
    const core = runCoreRules(forInterpreter, new Set(CORE_RULES.map((r) => r.core_id)));
    findings.push(...core.findings);
    applied += core.applied;
    failed += core.failed;
    await setProgress(95, 'Storing the findings');
    const errors = findings.filter((f) => f.kind === 'error');
    const warnings = findings.filter((f) => f.kind === 'warning');
    await withActor(o.db, { userId: o.userId, reason: 'SDTM validation finished', clientIp: o.clientIp }, async (tx) => {
      const rows = [...errors, ...warnings].map((f) => ({
        validationRunId: id,
        kind: f.kind,
        coreId: f.coreId,
        type: f.type,
        severity: f.severity,
        message: f.message.slice(0, 2000),
        dataset: f.dataset,
        variable: f.variable,
        record: f.record,
        recommendation: f.recommendation,
      }));
      for (let k = 0; k < rows.length; k += 500) await tx.insertInto('sdtmValidationFindings').values(rows.slice(k, k + 500)).execute();
      await tx
        .updateTable('sdtmValidationRuns')
        .set({
          status: 'done',
          progress: 100,
          step: 'Done',
          finishedAt: sql`now()` as never,
          isValid: errors.length === 0,
          errors: errors.length,
          warnings: warnings.length,
          checkedRules: applied,
          failedRules: failed,
          recordsChecked: records,
          score: complianceScore(applied, failed),
        })
        .where('id', '=', id)
        .execute();
    });
  } catch (err) {
    // handed back, or a lost database the queue's retry may outlive: the run stays 'running' for it
    if (job.signal.aborted || (!job.lastAttempt && isTransient(err))) throw err;
    await withActor(o.db, { userId: o.userId, reason: 'SDTM validation failed', clientIp: o.clientIp }, (tx) =>
      tx.updateTable('sdtmValidationRuns').set({ status: 'failed', step, error: `The validation failed while ${step.charAt(0).toLowerCase()}${step.slice(1)}`, finishedAt: sql`now()` as never }).where('id', '=', id).execute(),
    ).catch(() => undefined);
  }
}
