// Validating an uploaded package as a background job, on the same queue as the SDTM generation and
// validation (pg-boss on PostgreSQL, in process on PGlite; run-jobs.ts): startPackageValidation stores
// the checked files in the blob store (by content hash), creates the validation 'running' and queues its
// job; the worker, under the validation's advisory lock, reads the package through the interpreter's
// readers, runs every shipped CORE rule (writing progress and step), and ends 'done' with each rule's
// outcome and every finding, or 'failed' with the step (never a clinical value). A file that cannot be
// read is a finding of the package (rule null), so one broken dataset never fails the validation.
import { sql, withActor, type BlobStore, type Db } from '@ctp/db';
import { JobRegistry } from '../../jobs.ts';
import { isTransient, type JobContext, type JobQueue } from '../../../../jobs/queue.ts';
import type { RunJobDeps } from '../../sdtm/generate.ts';
import { sdtmigRules } from '../core/load-rules.ts';
import { runRule } from '../core/run-rule.ts';
import { readPackageFiles, type PackageFile } from '../core/read-package.ts';
import type { Cell, CoreFinding } from '../core/types.ts';
import { severityOf } from './rule-info.ts';
import type { CheckedPackage } from './package-upload.ts';

export const CORE_PACKAGE_JOB = 'core-package-validate';

export interface StoredPackageFile {
  name: string;
  size: number;
  /** Null for a zip entry that is not part of a package (listed, not read). */
  sha256: string | null;
}

export interface CorePackageJobData {
  validationId: number;
  clientIp: string | null;
}

const runningHere = new JobRegistry();

/** Resolves when the validation's job in this process has ended (tests). */
export const awaitPackageValidation = (id: number) => runningHere.wait(id);

export const filesOf = (x: unknown): StoredPackageFile[] => (typeof x === 'string' ? JSON.parse(x) : x) as StoredPackageFile[];

export interface StartPackageOptions {
  db: Db;
  files: BlobStore;
  jobs: JobQueue;
  userId: number;
  clientIp: string | null;
  studyId: number;
}

export async function startPackageValidation(o: StartPackageOptions, pkg: CheckedPackage): Promise<number> {
  const stored: StoredPackageFile[] = [];
  for (const f of pkg.files) stored.push({ name: f.name, size: f.bytes.length, sha256: (await o.files.putBuffer(f.bytes)).sha256 });
  for (const f of pkg.ignored) stored.push({ name: f.name, size: f.size, sha256: null });
  const row = await withActor(o.db, { userId: o.userId, reason: `Validate the SDTM package ${pkg.packageName} with CDISC CORE rules`, clientIp: o.clientIp }, (tx) =>
    tx
      .insertInto('corePackageValidations')
      .values({ studyId: o.studyId, runBy: o.userId, packageName: pkg.packageName, files: JSON.stringify(stored), status: 'running', progress: 0, step: 'Waiting to start' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await o.jobs.send(CORE_PACKAGE_JOB, { validationId: row.id, clientIp: o.clientIp } satisfies CorePackageJobData, { key: `core-package-${row.id}` });
  return row.id;
}

/** The queue's worker: under the validation's lock, a validation still 'running' is (re)started. */
export function workPackageValidation(deps: RunJobDeps, data: CorePackageJobData, job: JobContext): Promise<void> {
  const id = data.validationId;
  return runningHere.track(id, async () => {
    const held = await deps.locks.hold('core-package', id);
    if (!held) return;
    try {
      const v = await deps.db.selectFrom('corePackageValidations').select(['status', 'runBy', 'files']).where('id', '=', id).executeTakeFirst();
      if (v?.status !== 'running') return;
      await packageJob(deps, { id, userId: v.runBy, clientIp: data.clientIp, files: filesOf(v.files) }, { signal: AbortSignal.any([job.signal, held.lost]), lastAttempt: job.lastAttempt });
    } finally {
      await held.release();
    }
  });
}

async function readStored(files: BlobStore, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of files.createReadStream(sha256)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const asText = (v: Cell): string | null => (v === null ? null : String(v));

interface FindingRow {
  validationId: number;
  coreId: string | null;
  severity: 'error' | 'warning';
  dataset: string;
  record: number | null;
  variable: string | null;
  value: string | null;
  message: string;
}

async function packageJob(deps: RunJobDeps, o: { id: number; userId: number; clientIp: string | null; files: StoredPackageFile[] }, job: JobContext): Promise<void> {
  const { db } = deps;
  let step = 'Reading the datasets';
  const setProgress = async (progress: number, text: string) => {
    job.signal.throwIfAborted();
    step = text;
    await db.updateTable('corePackageValidations').set({ progress: Math.round(Math.max(0, Math.min(99, progress))), step: text }).where('id', '=', o.id).execute();
  };
  try {
    await setProgress(1, step);
    const files: PackageFile[] = [];
    for (const f of o.files) if (f.sha256) files.push({ name: f.name, bytes: await readStored(deps.files, f.sha256) });
    const pkg = readPackageFiles(files);
    const study = { datasets: pkg.datasets, standard: pkg.standard, define: pkg.define };
    const findings: FindingRow[] = [
      ...pkg.problems.map((p) => ({ validationId: o.id, coreId: null, severity: 'error' as const, dataset: p.file, record: null, variable: null, value: null, message: `The file cannot be read: ${p.reason}`.slice(0, 2000) })),
      ...o.files.filter((f) => !f.sha256).map((f) => ({ validationId: o.id, coreId: null, severity: 'warning' as const, dataset: f.name, record: null, variable: null, value: null, message: 'Not read: not a dataset (XPT, Dataset-JSON or CSV) nor a define.xml' })),
    ];
    const rules = sdtmigRules();
    const outcomes: { validationId: number; coreId: string; status: 'run' | 'not run'; reason: string | null; severity: 'error' | 'warning'; findings: number }[] = [];
    for (const [k, rule] of rules.entries()) {
      if (k % 20 === 0) await setProgress(5 + (85 * k) / rules.length, `Running ${rule.core_id} (${k + 1} of ${rules.length})`);
      // a rule runs synchronously: let the server answer other requests between two rules
      else await new Promise((resolve) => setImmediate(resolve));
      const severity = severityOf(rule);
      let outcome: ReturnType<typeof runRule>;
      try {
        outcome = runRule(rule, study);
      } catch {
        // a defect of the interpreter on this package: the rule says so, the others still run
        outcome = { status: 'not run', reason: 'the interpreter failed on this rule with this package' };
      }
      if (outcome.status === 'not run') {
        outcomes.push({ validationId: o.id, coreId: rule.core_id, status: 'not run', reason: outcome.reason.slice(0, 1000), severity, findings: 0 });
        continue;
      }
      outcomes.push({ validationId: o.id, coreId: rule.core_id, status: 'run', reason: null, severity, findings: outcome.findings.length });
      for (const f of outcome.findings as CoreFinding[])
        findings.push({ validationId: o.id, coreId: f.coreId, severity, dataset: f.dataset, record: f.record, variable: f.variable, value: asText(f.value)?.slice(0, 2000) ?? null, message: f.message.slice(0, 2000) });
    }
    await setProgress(92, 'Storing the findings');
    const defineFile = pkg.define ? (files.find((f) => /^define.*\.xml$/i.test(f.name))?.name ?? null) : null;
    await withActor(db, { userId: o.userId, reason: 'CORE package validation finished', clientIp: o.clientIp }, async (tx) => {
      for (let k = 0; k < outcomes.length; k += 500) await tx.insertInto('corePackageRuleOutcomes').values(outcomes.slice(k, k + 500)).execute();
      for (let k = 0; k < findings.length; k += 1000) await tx.insertInto('corePackageFindings').values(findings.slice(k, k + 1000)).execute();
      await tx
        .updateTable('corePackageValidations')
        .set({
          status: 'done',
          progress: 100,
          step: 'Done',
          finishedAt: sql`now()` as never,
          defineFile,
          datasets: pkg.datasets.length,
          recordsChecked: pkg.datasets.reduce((n, d) => n + d.rows.length, 0),
          rulesRun: outcomes.filter((x) => x.status === 'run').length,
          rulesNotRun: outcomes.filter((x) => x.status === 'not run').length,
          findings: findings.length,
        })
        .where('id', '=', o.id)
        .execute();
    });
  } catch (err) {
    if (job.signal.aborted || (!job.lastAttempt && isTransient(err))) throw err;
    await withActor(db, { userId: o.userId, reason: 'CORE package validation failed', clientIp: o.clientIp }, (tx) =>
      tx.updateTable('corePackageValidations').set({ status: 'failed', step, error: `The validation failed while ${step.charAt(0).toLowerCase()}${step.slice(1)}`, finishedAt: sql`now()` as never }).where('id', '=', o.id).execute(),
    ).catch(() => undefined);
  }
}
