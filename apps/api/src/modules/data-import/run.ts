// Running an import: every entry of the file is mapped to a subject, a visit and a form and written
// through data entry's own write (the same validation, edit checks and automatic queries), each in a
// savepoint so a refused entry is reported without undoing the others. The dry run is the same run,
// rolled back at the end: what it reports is exactly what the import would do. The import is one
// audited transaction with the reason; each entry it writes names the import (form_submissions.import_id).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Tx } from '@ctp/db';
import { evaluateForm, MAX_IMPORT_REPORT_ROWS, type DataImportInput, type ScalarField, type SubmissionSaveInput, type ImportOutcome, type ImportReport, type ImportReportRow } from '@ctp/contracts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { assertActsForSite, assertStudyVisible } from '../../access.ts';
import { refuse } from '../../refusal.ts';
import { storedDefinition } from '../forms/detail.ts';
import { writeSubmission } from '../submissions/save.ts';
import { ImportFileError, readImportFile, type ImportEntry } from './read.ts';
import { keyOf, lastSegment, studyMap, type MappedForm, type StudyMap } from './study-map.ts';
import { UNSCHEDULED_EVENT_OID } from '../clinical-data/load.ts';

class DryRunDone extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/** A refusal's words: the message and each field's own message. */
function reasonsOf(err: unknown): string[] {
  if (!(err instanceof TRPCError)) throw err;
  const fields = (err.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues ?? [];
  return fields.length ? fields.map((i) => `${i.path.join('.')}: ${i.message}`) : [err.message];
}

/** A REDCap yes/no exports 1/0: the form stores Y/N; a multiple choice arrives as codes joined by ','. */
function asEntered(field: ScalarField, value: string | string[]): unknown {
  if (field.type === 'yesNo' && typeof value === 'string') return value === '1' ? 'Y' : value === '0' ? 'N' : value;
  if (field.type === 'multipleChoice' && typeof value === 'string') return value.split(',').map((v) => v.trim());
  return value;
}

interface Planned {
  form: MappedForm;
  values: Record<string, unknown>;
}

/** The forms an entry's values go to, or why it cannot go anywhere. */
function planEntry(map: StudyMap, entry: ImportEntry, visitId: number | null): { planned: Planned[]; refused: string[] } {
  const refused: string[] = [];
  const byForm = new Map<number, Planned>();
  const named = entry.form ? map.form(entry.form) : undefined;
  if (entry.form && !named) return { planned: [], refused: [`Unknown form ${entry.form}`] };
  const valuesOf = (form: MappedForm) => {
    const target = byForm.get(form.id) ?? { form, values: {} };
    byForm.set(form.id, target);
    return target.values;
  };
  const addScalar = (name: string, value: string | string[]) => {
    const candidates = named ? [named] : map.formsWithField(name, visitId ?? 0);
    const form = candidates[0];
    const field = form && map.field(form, name);
    if (!form || !field) return void refused.push(`Unknown field ${name}`);
    if (!named && candidates.length > 1) return void refused.push(`Field ${name} is in several forms (${candidates.map((f) => f.code).join(', ')})`);
    valuesOf(form)[field.code] = asEntered(field, value);
  };
  for (const [name, value] of Object.entries(entry.values)) addScalar(name, value);
  for (const [groupOid, rows] of Object.entries(entry.groups)) {
    const group = named && (named.groups.get(keyOf(groupOid)) ?? named.groups.get(lastSegment(groupOid)));
    if (!named || !group) {
      // Some systems key every item group, repeating or not: a single row of a group the form does not
      // repeat reads as the form's own fields.
      if (rows.length === 1) for (const [name, value] of Object.entries(rows[0]!)) addScalar(name, value);
      else refused.push(`Unknown repeating group ${groupOid}`);
      continue;
    }
    valuesOf(named)[group.group.code] = rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(row)) {
        const field = group.fields.get(keyOf(name)) ?? group.fields.get(lastSegment(name));
        if (field) out[field.code] = asEntered(field, value);
        else refused.push(`Unknown field ${name} in group ${group.group.code}`);
      }
      return out;
    });
  }
  return { planned: [...byForm.values()], refused };
}

interface ExistingEntry {
  id: number;
  version: number;
  data: unknown;
  formVersionId: number;
}

const dataOf = (e: ExistingEntry) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as Record<string, unknown>;

/** Whether writing these values over an entry would leave it as it is (compared as values: stored JSON does not keep key order). */
async function sameValues(tx: Tx, e: ExistingEntry, values: Record<string, unknown>): Promise<boolean> {
  const v = await tx.selectFrom('formVersions').select('definition').where('id', '=', e.formVersionId).executeTakeFirstOrThrow();
  const before = dataOf(e);
  return isDeepStrictEqual(evaluateForm(storedDefinition(v.definition), { ...before, ...values } as SubmissionSaveInput['formData']).values, before);
}

/**
 * The entry a row of a log form (no visit) is about: the one whose id is the file's FormRepeatKey (this
 * product's export writes it there), else one already holding the same values; none means a new entry.
 */
async function logEntry(tx: Tx, patientId: number, formId: number, repeatKey: string | null, values: Record<string, unknown>): Promise<ExistingEntry | undefined> {
  const entries = await tx.selectFrom('formSubmissions').select(['id', 'version', 'data', 'formVersionId']).where('patientId', '=', patientId).where('formId', '=', formId).where('subjectVisitId', 'is', null).orderBy('id').execute();
  const byKey = repeatKey !== null && /^\d+$/.test(repeatKey) ? entries.find((e) => e.id === Number(repeatKey)) : undefined;
  if (byKey) return byKey;
  for (const e of entries) if (await sameValues(tx, e, values)) return e;
  return undefined;
}

async function applyEntry(tx: Tx, ctx: ProcedureCtx, map: StudyMap, entry: ImportEntry, reason: string, importId: number | null, now: Date): Promise<{ outcome: ImportOutcome; reasons: string[]; queries: number }[]> {
  const patient = map.subject(entry.subject);
  if (!patient) return [{ outcome: 'refused', reasons: [`Unknown subject ${entry.subject || '(empty)'}`], queries: 0 }];
  if (patient.archivedAt) return [{ outcome: 'refused', reasons: ['The subject is archived'], queries: 0 }];
  // Log forms (adverse events, medications) belong to no visit: this product's export lists them under SE.UNSCHEDULED.
  const log = entry.visit === UNSCHEDULED_EVENT_OID;
  const visit = entry.visit && !log ? map.visit(entry.visit) : undefined;
  if (!visit && !log) return [{ outcome: 'refused', reasons: [entry.visit ? `Unknown visit ${entry.visit}` : 'The row names no visit (event)'], queries: 0 }];
  const subjectVisitId = visit ? map.subjectVisit(patient.id, visit.id) : undefined;
  if (visit && !subjectVisitId) return [{ outcome: 'refused', reasons: [`Visit ${visit.code} is not scheduled for this subject`], queries: 0 }];
  const { planned, refused } = planEntry(map, entry, visit?.id ?? null);
  const out: { outcome: ImportOutcome; reasons: string[]; queries: number }[] = [];
  if (refused.length) out.push({ outcome: 'refused', reasons: refused, queries: 0 });
  for (const { form, values } of planned) {
    const existing = subjectVisitId
      ? await tx
          .selectFrom('formSubmissions')
          .select(['id', 'version', 'data', 'formVersionId'])
          .where('patientId', '=', patient.id)
          .where('formId', '=', form.id)
          .where('subjectVisitId', '=', subjectVisitId)
          .executeTakeFirst()
      : await logEntry(tx, patient.id, form.id, entry.repeatKey, values);
    if (existing && (await sameValues(tx, existing, values))) {
      out.push({ outcome: 'unchanged', reasons: [], queries: 0 });
      continue;
    }
    const merged = { ...(existing ? dataOf(existing) : {}), ...values } as SubmissionSaveInput['formData'];
    await sql`savepoint import_entry`.execute(tx);
    try {
      assertActsForSite(ctx.scope, patient.studyId, patient.siteId);
      const input: SubmissionSaveInput = { formId: form.id, patientId: patient.id, subjectVisitId, submissionId: existing?.id, version: existing?.version, mode: 'submit', formData: merged, reason };
      const saved = await writeSubmission(tx, ctx, form.row, patient, input, now);
      if (importId) await tx.updateTable('formSubmissions').set({ importId }).where('id', '=', saved.id).execute();
      await sql`release savepoint import_entry`.execute(tx);
      out.push({ outcome: existing ? 'changed' : 'created', reasons: saved.warnings.map((w) => `${w.path}: ${w.message}`), queries: saved.queriesRaised });
    } catch (err) {
      await sql`rollback to savepoint import_entry`.execute(tx);
      out.push({ outcome: 'refused', reasons: reasonsOf(err).map((r) => `${form.code}: ${r}`), queries: 0 });
    }
  }
  return out;
}

export async function runDataImport(ctx: ProcedureCtx, input: DataImportInput, now = new Date()): Promise<ImportReport> {
  assertStudyVisible(ctx.scope, input.studyId);
  const upload = ctx.req.upload;
  if (!upload) throw refuse('BAD_REQUEST', 'importFileMissing');
  const bytes = await readFile(upload.path);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let file;
  try {
    file = readImportFile(bytes.toString('utf8'));
  } catch (err) {
    if (err instanceof ImportFileError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message });
    throw err;
  }
  const study = await ctx.db.selectFrom('studies').select(['id', 'code']).where('id', '=', input.studyId).executeTakeFirstOrThrow();
  if (file.studyOid && ![study.code, `S.${study.code}`].map((s) => s.toLowerCase()).includes(file.studyOid.toLowerCase())) {
    throw refuse('BAD_REQUEST', 'importWrongStudy', { oid: file.studyOid.slice(0, 80), code: study.code });
  }
  const dryRun = input.mode === 'dry-run';
  const reason = input.reason ?? 'Data import (dry run)';
  const run = async (tx: Tx): Promise<ImportReport> => {
    const map = await studyMap(tx, study.id);
    let importId: number | null = null;
    if (!dryRun) {
      const row = await tx
        .insertInto('dataImports')
        .values({ studyId: study.id, format: file.format, fileName: upload.originalName, sha256, report: '{}', importedBy: ctx.user.id, reason })
        .returning('id')
        .executeTakeFirstOrThrow();
      importId = row.id;
    }
    const counts: Record<ImportOutcome, number> = { created: 0, changed: 0, unchanged: 0, refused: 0 };
    const rows: ImportReportRow[] = [];
    const subjects = new Set<string>();
    let queriesRaised = 0;
    for (const entry of file.entries) {
      const results = await applyEntry(tx, ctx, map, entry, reason, importId, now);
      if (map.subject(entry.subject)) subjects.add(entry.subject);
      for (const r of results) {
        counts[r.outcome]++;
        queriesRaised += r.queries;
        if (rows.length < MAX_IMPORT_REPORT_ROWS) rows.push({ origin: entry.origin, subject: entry.subject, visit: entry.visit, form: entry.form, outcome: r.outcome, reasons: r.reasons });
      }
    }
    const report: ImportReport = { dryRun, importId, format: file.format, fileName: upload.originalName, sha256, subjects: subjects.size, counts, queriesRaised, rows, truncated: rows.length < counts.created + counts.changed + counts.unchanged + counts.refused };
    if (dryRun) throw new DryRunDone(report);
    await tx
      .updateTable('dataImports')
      .set({ createdEntries: counts.created, changedEntries: counts.changed, unchangedEntries: counts.unchanged, refusedEntries: counts.refused, report: JSON.stringify({ counts, queriesRaised, refused: rows.filter((r) => r.outcome === 'refused') }) })
      .where('id', '=', importId!)
      .execute();
    return report;
  };
  try {
    return await withActor(ctx.db, actorOf(ctx, reason), run);
  } catch (err) {
    if (err instanceof DryRunDone) return err.report;
    throw err;
  }
}
