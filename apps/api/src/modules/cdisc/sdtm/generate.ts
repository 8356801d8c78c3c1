// The SDTM generation job. startSdtmRun creates the run row and sends a job to the queue (src/jobs);
// whichever instance's worker takes it runs workSdtmRun (the request does not wait), holding the run's
// advisory lock so that it runs once at a time, and a run whose process died is restarted from scratch by
// another (see run-jobs.ts). The work: subjects in batches of 500 by subject code, each batch's visits,
// submitted entries and coded terms read together, every subject's records written as NDJSON to one temp
// file per dataset while each variable's longest value is tracked (pass 1); then each dataset's NDJSON is
// read line by line into the XPT, CSV and Dataset-JSON 1.1 writers, to temp files stored in the blob store
// (pass 2). Memory stays flat: a batch of subjects at a time, and streams with backpressure throughout.
// Progress and the step are written to the run as it goes; the run ends done or failed (the error message
// names the step, never clinical values). Runs are kept with their datasets and record counts.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { sql, withActor, type BlobStore, type Db } from '@ctp/db';
import type { FormDefinition, SdtmEncoding, SdtmVariable } from '@ctp/contracts';
import { createXptWriter, type XptVariable } from '../formats/xpt.ts';
import { createCsvWriter } from '../formats/csv.ts';
import { createDatasetJsonWriter, type DatasetJsonColumn } from '../formats/dataset-json.ts';
import { approvedMappings, fieldTargets, type FieldTarget } from './targets.ts';
import {
  countryAlpha3,
  subjectRecords,
  trialVisits,
  type Catalogue,
  type CatalogueVariable,
  type CodedTerm,
  type StudyInfo,
  type SubjectRow,
  type SubjectVisitRow,
  type SubmissionRow,
  type VisitDef,
} from './domains.ts';
import type { SdtmRecord, SdtmValue } from './derive.ts';
import { trialArms, trialElements } from './trial-design.ts';
import { trialSummary } from './trial-summary.ts';
import { defineMetaDataVersionOid, defineStudyOid } from './define.ts';
import { RunTextEncoder, byteLengthIn, xptEncodingOf } from './text-encoding.ts';
import { blindedDesign, epochDesign } from './epochs.ts';
import { loadDesign } from '../../design/read.ts';
import { RecodeLog } from '../terminology/recode.ts';
import { JobRegistry } from '../jobs.ts';
import { isTransient, type JobContext, type JobQueue } from '../../../jobs/queue.ts';
import type { RunLocks } from '../../../jobs/run-locks.ts';
import { ValueMetadataCollector } from './value-metadata.ts';
import { currentStandard } from '../standards/current.ts';
import { sdtmigVariables } from '../standards/run-datasets.ts';

export const SUBJECT_BATCH = 500;
const MAX_CHAR = 200;
export const SDTM_JOB = 'sdtm-generate';
/** The run's note (and define.xml comment) when it was generated for a reader who does not see arms. */
export const BLINDED_RUN_NOTE = 'Blinded run: ARM, ARMCD, ACTARM, ACTARMCD written blank';

/** Runs being worked on in this process, so tests can wait for them. */
const runningHere = new JobRegistry();

/** Resolves when the run's job in this process has ended (at once when it does not run here). */
export const awaitSdtmRun = (runId: number): Promise<void> => runningHere.wait(runId);

export interface RunJobDeps {
  db: Db;
  files: BlobStore;
  locks: RunLocks;
}

export interface StartOptions {
  db: Db;
  files: BlobStore;
  jobs: JobQueue;
  userId: number;
  clientIp: string | null;
  studyId: number;
  /** How the XPT files encode text; ASCII (transliterated) unless asked otherwise. */
  encoding?: SdtmEncoding;
  /** For a reader who does not see arms: DM's arm variables blank, EPOCH the same for every arm. */
  blinded?: boolean;
}

/** Creates the run (or returns the study's run still going) and queues its job without waiting for it. */
export async function startSdtmRun(o: StartOptions): Promise<{ runId: number; started: boolean }> {
  // one run per study at a time; a run never stays 'running' after its process died (run-jobs.ts)
  // (of the same kind: a blinded reader is never handed an unblinded run)
  const active = await o.db
    .selectFrom('sdtmRuns')
    .select('id')
    .where('studyId', '=', o.studyId)
    .where('status', '=', 'running')
    .where('blinded', '=', o.blinded ?? false)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (active) return { runId: active.id, started: false };
  const run = await withActor(o.db, { userId: o.userId, reason: 'Generate SDTM datasets', clientIp: o.clientIp }, async (tx) => {
    // the run keeps the SDTMIG it is generated against (the newest loaded), for its validation and define.xml
    const standard = await currentStandard(tx, 'SDTMIG');
    return tx
      .insertInto('sdtmRuns')
      .values({ studyId: o.studyId, status: 'running', progress: 0, step: 'Starting', startedBy: o.userId, standardId: standard?.id ?? null, encoding: o.encoding ?? 'ascii', blinded: o.blinded ?? false })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  await o.jobs.send(SDTM_JOB, { runId: run.id, clientIp: o.clientIp }, { key: `sdtm-${run.id}` });
  return { runId: run.id, started: true };
}

export interface SdtmJobData {
  runId: number;
  clientIp: string | null;
}

/** The queue's worker for a run: under the run's lock, a run still 'running' is (re)started from scratch. */
export function workSdtmRun(deps: RunJobDeps, data: SdtmJobData, job: JobContext): Promise<void> {
  return runningHere.track(data.runId, async () => {
    const held = await deps.locks.hold('sdtm', data.runId);
    if (!held) return; // another worker runs it
    try {
      const run = await deps.db.selectFrom('sdtmRuns').select(['status', 'studyId', 'startedBy', 'standardId', 'encoding', 'blinded']).where('id', '=', data.runId).executeTakeFirst();
      if (run?.status !== 'running') return;
      // what an earlier attempt (a process that died) stored is dropped: the run starts again
      await deps.db.deleteFrom('sdtmRunDatasets').where('runId', '=', data.runId).execute();
      const o = { db: deps.db, files: deps.files, userId: run.startedBy, clientIp: data.clientIp, studyId: run.studyId, encoding: run.encoding, blinded: run.blinded };
      await runJob(o, data.runId, run.standardId, { signal: AbortSignal.any([job.signal, held.lost]), lastAttempt: job.lastAttempt });
    } finally {
      await held.release();
    }
  });
}

interface DatasetFile {
  domain: string;
  file: string;
  out: fs.WriteStream;
  records: number;
  maxLen: Map<string, number>;
  numeric: Set<string>;
  values: ValueMetadataCollector;
}

type RunInput = Omit<StartOptions, 'jobs'>;

async function runJob(o: RunInput, runId: number, standardId: number | null, job: JobContext): Promise<void> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), `sdtm-${runId}-`));
  let step = 'Reading the study';
  const setProgress = async (progress: number, text: string) => {
    job.signal.throwIfAborted(); // stopping: hand the run back
    step = text;
    await o.db.updateTable('sdtmRuns').set({ progress: Math.max(0, Math.min(100, Math.round(progress))), step: text }).where('id', '=', runId).execute();
  };
  const notes = new Set<string>();
  const terminology = new RecodeLog();
  const encoder = new RunTextEncoder(o.encoding ?? 'ascii');
  try {
    const { db } = o;
    const study = await db
      .selectFrom('studies')
      .select(['id', 'code', 'title', 'phase', 'startDate', 'plannedEndDate', 'actualEndDate', 'targetEnrollment', 'sponsorName', 'therapeuticArea', 'blinding'])
      .where('id', '=', o.studyId)
      .executeTakeFirstOrThrow();
    const { actualEndDate, therapeuticArea, blinding, ...info } = study;
    const studyInfo: StudyInfo = { ...info, startDate: study.startDate ? String(study.startDate) : null, plannedEndDate: study.plannedEndDate ? String(study.plannedEndDate) : null };
    if (standardId === null) throw new Error('No SDTMIG is loaded');
    const standardVersion = (await db.selectFrom('cdiscStandards').select('version').where('id', '=', standardId).executeTakeFirst())?.version ?? null;
    const catalogue = await loadCatalogue(db, standardId);
    const design = await loadDesign(db, o.studyId);
    const armEpochs = epochDesign(design.arms, design.elements);
    const blinded = o.blinded ? blindedDesign(armEpochs) : null;
    const epochs = blinded?.design ?? armEpochs;
    if (blinded) {
      notes.add(BLINDED_RUN_NOTE);
      if (!blinded.shared && design.arms.length) notes.add('Blinded run: the arms pass through different epochs or durations, so EPOCH follows screening, treatment and follow-up by the exposure dates');
    }
    const defs = (await db.selectFrom('visitDefinitions').select(['id', 'code', 'name', 'dayOffset', 'sortOrder']).where('studyId', '=', o.studyId).execute()) as VisitDef[];
    const visitDefs = new Map(defs.map((d) => [d.id, d]));
    const approved = await approvedMappings(db, o.studyId);
    const versions = await db
      .selectFrom('formVersions as fv')
      .innerJoin('forms as f', 'f.id', 'fv.formId')
      .select(['fv.id', 'fv.formId', 'fv.definition'])
      .where('f.studyId', '=', o.studyId)
      .execute();
    const targetsByVersion = new Map<number, FieldTarget[]>();
    for (const v of versions) {
      const def = (typeof v.definition === 'string' ? JSON.parse(v.definition) : v.definition) as FormDefinition;
      targetsByVersion.set(v.id, fieldTargets(v.formId, def, approved));
    }
    const total = Number((await db.selectFrom('patients').select((eb) => eb.fn.countAll<number>().as('n')).where('studyId', '=', o.studyId).executeTakeFirstOrThrow()).n);

    const datasets = new Map<string, DatasetFile>();
    const write = async (domain: string, derived: SdtmRecord) => {
      let d = datasets.get(domain);
      if (!d) {
        const file = path.join(dir, `${domain}.ndjson`);
        const spec = catalogue.get(domain);
        const coded = new Set([...(spec?.values() ?? [])].filter((v) => v.codelist).map((v) => v.name));
        d = { domain, file, out: fs.createWriteStream(file), records: 0, maxLen: new Map(), numeric: new Set(), values: new ValueMetadataCollector(domain, coded, spec?.has(`${domain}TESTCD`) ?? false) };
        datasets.set(domain, d);
      }
      // the run's encoding first: lengths, value metadata and every file see the text as the XPT holds it
      const record = encoder.convertRecord(domain, d.records + 1, derived);
      for (const [k, v] of Object.entries(record)) {
        if (typeof v === 'number') d.numeric.add(k);
        const len = v === null || v === undefined ? 0 : byteLengthIn(encoder.encoding, String(v));
        if (len > (d.maxLen.get(k) ?? -1)) d.maxLen.set(k, len);
      }
      d.records += 1;
      d.values.add(record);
      if (!d.out.write(`${JSON.stringify(record)}\n`)) await once(d.out, 'drain');
    };

    // Pass 1: subjects in batches
    await setProgress(1, 'Deriving subject records');
    let last = '';
    let done = 0;
    let enrolled = 0;
    for (;;) {
      const subjects = (await db
        .selectFrom('patients as p')
        .innerJoin('sites as s', 's.id', 'p.siteId')
        .leftJoin('trialArms as pa', 'pa.id', 'p.plannedArmId')
        .leftJoin('trialArms as aa', 'aa.id', 'p.actualArmId')
        .select(['p.id', 'p.subjectCode', 's.siteNumber', 's.country', 'p.yearOfBirth', 'p.sex', 'p.ethnicity', 'p.status', 'p.screeningDate', 'p.enrollmentDate', 'p.completionDate', 'p.withdrawalDate'])
        .select(['pa.code as plannedArmCode', 'pa.name as plannedArm', 'aa.code as actualArmCode', 'aa.name as actualArm'])
        .where('p.studyId', '=', o.studyId)
        .where('p.subjectCode', '>', last)
        .orderBy('p.subjectCode')
        .limit(SUBJECT_BATCH)
        .execute()) as SubjectRow[];
      if (!subjects.length) break;
      last = subjects[subjects.length - 1]!.subjectCode;
      enrolled += subjects.filter((s) => s.enrollmentDate).length;
      const ids = subjects.map((s) => s.id);
      const visits = await db.selectFrom('subjectVisits').select(['id', 'patientId', 'visitDefinitionId', 'status', 'actualDate']).where('patientId', 'in', ids).execute();
      const subs = await db
        .selectFrom('formSubmissions')
        .select(['id', 'patientId', 'formId', 'formVersionId', 'subjectVisitId', 'visitDate', 'data'])
        .where('patientId', 'in', ids)
        .where('status', '<>', 'draft')
        .orderBy('id')
        .execute();
      const coded = await db
        .selectFrom('codingDecisions as c')
        .innerJoin('formSubmissions as s', 's.id', 'c.submissionId')
        .select(['c.submissionId', 'c.fieldPath', 'c.lltCode', 'c.lltName', 'c.ptCode', 'c.ptName', 'c.hltCode', 'c.hltName', 'c.hlgtCode', 'c.hlgtName', 'c.socCode', 'c.socName'])
        .where('s.patientId', 'in', ids)
        .where('c.status', '=', 'coded')
        .execute();
      const coding = new Map<string, CodedTerm>(coded.map((c) => [`${c.submissionId}:${c.fieldPath}`, c]));
      const visitsOf = group(visits, (v) => v.patientId);
      const subsOf = group(subs, (s) => s.patientId);
      const ctx = { study: studyInfo, catalogue, visitDefs, targets: (id: number) => targetsByVersion.get(id) ?? [], coding, terminology, note: (t: string) => notes.add(t), design: epochs, blinded: !!o.blinded };
      for (const subject of subjects) {
        const records = subjectRecords(ctx, {
          subject: { ...subject, screeningDate: String(subject.screeningDate) },
          visits: (visitsOf.get(subject.id) ?? []).map((v) => ({ ...v, actualDate: v.actualDate ? String(v.actualDate) : null })) as SubjectVisitRow[],
          submissions: (subsOf.get(subject.id) ?? []).map((s) => ({
            ...s,
            visitDate: s.visitDate ? String(s.visitDate) : null,
            data: (typeof s.data === 'string' ? JSON.parse(s.data) : s.data) as Record<string, unknown>,
          })) as SubmissionRow[],
        });
        for (const [domain, list] of records) for (const r of list) await write(domain, r);
      }
      done += subjects.length;
      await setProgress(1 + (59 * done) / Math.max(total, 1), `Deriving subject records (${done} of ${total} subjects)`);
    }
    const siteCountries = await db.selectFrom('studySites as ss').innerJoin('sites as s', 's.id', 'ss.siteId').select('s.country').distinct().where('ss.studyId', '=', o.studyId).execute();
    const countries = siteCountries.map((c) => countryAlpha3(c.country)).filter(Boolean);
    if (countries.length < siteCountries.length) notes.add('TS: a site country has no ISO 3166-1 alpha-3 code here and is left out of FCNTRY');
    const ts = trialSummary({
      study: { ...studyInfo, actualEndDate: actualEndDate ? String(actualEndDate) : null, therapeuticArea, blinding },
      enrolledSubjects: enrolled,
      sdtmigVersion: standardVersion,
      arms: design.arms,
      elements: design.elements,
      countries,
    });
    for (const n of ts.notes) notes.add(n);
    for (const r of ts.records) await write('TS', r);
    for (const r of trialVisits(studyInfo, defs)) await write('TV', r);
    const ta = trialArms(studyInfo.code, design.arms);
    const te = trialElements(studyInfo.code, design.elements);
    for (const r of ta) await write('TA', r);
    for (const r of te) await write('TE', r);
    if (!ta.length && !te.length) notes.add('TA and TE not generated: the study defines no arms or elements');
    else if (!ta.length) notes.add('TA not generated: no arm of the study has elements in sequence');
    else if (!te.length) notes.add('TE not generated: the study defines no elements');
    for (const n of terminology.notes()) notes.add(n);
    await Promise.all([...datasets.values()].map((d) => new Promise<void>((resolve, reject) => d.out.end((err?: Error | null) => (err ? reject(err) : resolve())))));

    // Pass 2: each dataset into XPT, CSV and Dataset-JSON
    const order = [...datasets.keys()].sort(datasetOrder);
    let k = 0;
    for (const domain of order) {
      const d = datasets.get(domain)!;
      await setProgress(60 + (40 * k) / order.length, `Writing ${domain}`);
      await writeDataset(o, runId, studyInfo, catalogue, d, dir, notes, encoder.encoding);
      k += 1;
    }
    notes.add(encoder.note());
    await withActor(db, { userId: o.userId, reason: 'SDTM generation finished', clientIp: o.clientIp }, async (tx) => {
      await tx.insertInto('sdtmRunEncodingReports').values({ runId, changes: JSON.stringify(encoder.report()) }).execute();
      await tx
        .updateTable('sdtmRuns')
        .set({ status: 'done', progress: 100, step: 'Done', finishedAt: sql`now()` as never, notes: JSON.stringify([...notes]), encodingChanges: encoder.changes })
        .where('id', '=', runId)
        .execute();
    });
  } catch (err) {
    // handed back, or a lost database the queue's retry may outlive: the run stays 'running' for it
    if (job.signal.aborted || (!job.lastAttempt && isTransient(err))) throw err;
    const detail = err instanceof Error && /^(XptError|DatasetJsonError)$/.test(err.name) ? `: ${err.name}` : '';
    await withActor(o.db, { userId: o.userId, reason: 'SDTM generation failed', clientIp: o.clientIp }, (tx) =>
      tx.updateTable('sdtmRuns').set({ status: 'failed', step, error: `The run failed while ${step.toLowerCase()}${detail}`, finishedAt: sql`now()` as never, notes: JSON.stringify([...notes]) }).where('id', '=', runId).execute(),
    ).catch(() => undefined);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function group<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

const FIRST = ['TS', 'TV', 'DM', 'SV'];
function datasetOrder(a: string, b: string): number {
  const base = (x: string) => (x.startsWith('SUPP') ? x.slice(4) : x);
  const rank = (x: string) => (FIRST.includes(base(x)) ? FIRST.indexOf(base(x)) : FIRST.length);
  return rank(a) - rank(b) || base(a).localeCompare(base(b)) || (a.startsWith('SUPP') ? 1 : -1);
}

async function loadCatalogue(db: Db, standardId: number): Promise<Catalogue & { labels?: Map<string, string> }> {
  const cat: Catalogue & { labels?: Map<string, string> } = new Map();
  const labels = new Map<string, string>();
  for (const r of await sdtmigVariables(db, standardId)) {
    let vars = cat.get(r.dataset);
    if (!vars) cat.set(r.dataset, (vars = new Map()));
    vars.set(r.name, { name: r.name, label: r.label, type: r.type, ordinal: r.ordinal, core: r.core, codelist: r.codelist });
    labels.set(r.dataset, r.datasetName);
  }
  cat.labels = labels;
  return cat;
}

/** The dataset's variables: the catalogue's in its order (required and expected ones always, permissible
 *  ones when they hold a value, and a study day --DY/--STDY/--ENDY whenever its date --DTC/--STDTC/--ENDTC
 *  is in the dataset, empty where the date is partial or missing: CORE-000328 and CORE-000776), then any
 *  others. */
export function datasetVariables(catalogue: Catalogue, domain: string, maxLen: Map<string, number>, numeric: Set<string>): SdtmVariable[] {
  const spec = catalogue.get(domain.startsWith('SUPP') ? 'SUPPQUAL' : domain);
  const vars: SdtmVariable[] = [];
  const used = (n: string) => (maxLen.get(n) ?? 0) > 0;
  const length = (n: string, type: 'Char' | 'Num') => (type === 'Num' ? 8 : Math.min(MAX_CHAR, Math.max(1, maxLen.get(n) ?? 1)));
  const listed = new Set<string>();
  const kept = (v: CatalogueVariable | undefined) => !!v && (v.core === 'Req' || v.core === 'Exp' || used(v.name));
  for (const v of [...(spec?.values() ?? [])].sort((a: CatalogueVariable, b: CatalogueVariable) => a.ordinal - b.ordinal)) {
    listed.add(v.name);
    const dayOfDate = v.name.endsWith('DY') && kept(spec?.get(v.name.replace(/DY$/, 'DTC')));
    if (!(kept(v) || dayOfDate)) continue;
    vars.push({ name: v.name, label: v.label.slice(0, 40), type: v.type, length: length(v.name, v.type) });
  }
  for (const n of maxLen.keys()) {
    if (listed.has(n) || !used(n)) continue;
    const type = numeric.has(n) ? 'Num' : 'Char';
    vars.push({ name: n, label: n, type, length: length(n, type) });
  }
  return vars;
}

async function writeDataset(o: RunInput, runId: number, study: StudyInfo, catalogue: Catalogue & { labels?: Map<string, string> }, d: DatasetFile, dir: string, notes: Set<string>, encoding: SdtmEncoding) {
  const variables = datasetVariables(catalogue, d.domain, d.maxLen, d.numeric);
  const label = (d.domain.startsWith('SUPP') ? `Supplemental Qualifiers for ${d.domain.slice(4)}` : (catalogue.labels?.get(d.domain) ?? d.domain)).slice(0, 40);
  const name = d.domain.toLowerCase();
  const xptFile = path.join(dir, `${name}.xpt`);
  const csvFile = path.join(dir, `${name}.csv`);
  const jsonFile = path.join(dir, `${name}.json`);
  const xptVars: XptVariable[] = variables.map((v) => ({ name: v.name, label: v.label, type: v.type === 'Num' ? 'num' : 'char', length: v.length }));
  const columns: DatasetJsonColumn[] = variables.map((v) => ({
    itemOID: `IT.${d.domain}.${v.name}`,
    name: v.name,
    label: v.label,
    dataType: v.type === 'Num' ? (/(SEQ|DY)$/.test(v.name) ? 'integer' : 'double') : 'string',
    ...(v.type === 'Char' && { length: v.length }),
  }));
  const xpt = createXptWriter(fs.createWriteStream(xptFile), { name: d.domain, label, variables: xptVars }, { encoding: xptEncodingOf(encoding) });
  const csv = createCsvWriter(fs.createWriteStream(csvFile), variables, { formulaGuard: false });
  const json = createDatasetJsonWriter(fs.createWriteStream(jsonFile), {
    itemGroupOID: `IG.${d.domain}`,
    name: d.domain,
    label,
    records: d.records,
    columns,
    // the define.xml's Study and MetaDataVersion OIDs, so a reader can join the two
    studyOID: defineStudyOid(study.code),
    metaDataVersionOID: defineMetaDataVersionOid(study.code),
    metaDataRef: 'define.xml',
    originator: 'Clinical Trials Platform',
    sourceSystem: { name: 'Clinical Trials Platform', version: '1.0' },
    fileOID: `SDTM.${study.code}.${d.domain}.RUN${runId}`,
  });
  let truncated = false;
  const lines = readline.createInterface({ input: fs.createReadStream(d.file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const record = JSON.parse(line) as SdtmRecord;
    const row: SdtmValue[] = variables.map((v) => {
      const x = record[v.name];
      if (x === undefined || x === null || x === '') return v.type === 'Num' ? null : '';
      if (v.type === 'Num') {
        const n = typeof x === 'number' ? x : Number(x);
        return Number.isFinite(n) ? n : null;
      }
      let text = String(x);
      if (byteLengthIn(encoding, text) > MAX_CHAR) {
        truncated = true;
        while (byteLengthIn(encoding, text) > MAX_CHAR) text = text.slice(0, -1);
      }
      return text;
    });
    await Promise.all([xpt.writeRow(row), csv.writeRow(row), json.writeRow(row.map((x) => (x === '' ? null : x)))]);
  }
  await Promise.all([xpt.end(), csv.end(), json.end()]);
  if (truncated) notes.add(`${d.domain}: values longer than 200 bytes were cut to 200 in the files`);
  const [x, c, j] = [await o.files.putFile(xptFile), await o.files.putFile(csvFile), await o.files.putFile(jsonFile)];
  await o.db
    .insertInto('sdtmRunDatasets')
    .values({ runId, domain: d.domain, label, records: d.records, variables: JSON.stringify(variables), valueMetadata: JSON.stringify(d.values.toJSON()), xptSha256: x.sha256, csvSha256: c.sha256, jsonSha256: j.sha256 })
    .execute();
}
