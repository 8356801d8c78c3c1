// patients.exportCsv: the filtered list as CSV, every matching subject (up to MAX_PATIENT_EXPORT_ROWS),
// read from SQL in pages of 1000 rows (by id, so late pages cost the same as early ones) and streamed
// through csv-stringify. The rows are the list's rows: same filters, same order, same figures.
import { stringify } from 'csv-stringify';
import { safeCell } from '../../csv.ts';
import { joinChunks } from '../../http/streamed-file.ts';
import { sql, type Db } from '@ctp/db';
import {
  MAX_PATIENT_EXPORT_ROWS,
  type PatientCsvExport,
  type PatientFilterInput,
  type PatientSummary,
} from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { intArrayLiteral, todayIso } from '../../sql-helpers.ts';
import { patientFilter } from './filters.ts';
import { patientPage } from './list.ts';
import { matchingIds } from './plan.ts';

const PAGE = 1000;

export const CSV_COLUMNS = [
  'Patient ID',
  'Study',
  'Study Title',
  'Site',
  'Status',
  'Age',
  'Gender',
  'Ethnicity',
  'Screening Date',
  'Enrollment Date',
  'Visits Completed',
  'Visits Total',
  'Last Visit',
  'Next Visit',
  'Adverse Events',
] as const;

function csvRecord(p: PatientSummary) {
  return [
    p.patientId,
    p.studyCode,
    p.studyTitle,
    p.siteName,
    p.status,
    p.demographics.age,
    p.demographics.gender,
    p.demographics.ethnicity,
    p.screeningDate,
    p.enrollmentDate,
    p.visitProgress.completed,
    p.visitProgress.total,
    p.lastVisit,
    p.nextVisit,
    p.adverseEvents,
  ].map(safeCell);
}

export interface PatientCsvStream {
  filename: string;
  /** The CSV text, a page of subjects at a time (csv-stringify's stream API). */
  chunks: AsyncGenerator<string>;
}

/** The export streamed: GET /api/patients/export.csv writes each page to the response as it comes. */
export async function streamPatientsCsv(db: Db, scope: StudyScope, input: PatientFilterInput, now = new Date()): Promise<PatientCsvStream & { rows: number }> {
  const filter = patientFilter(scope, input);
  const today = todayIso(now);
  // The matching ids (at most MAX_PATIENT_EXPORT_ROWS integers), then their rows 1000 at a time.
  const { ids } = await matchingIds(db, filter, { limit: MAX_PATIENT_EXPORT_ROWS, offset: 0 });
  async function* chunks(): AsyncGenerator<string> {
    const stringifier = stringify({ header: true, columns: [...CSV_COLUMNS] });
    const ready: string[] = [];
    stringifier.on('data', (chunk: Buffer | string) => ready.push(chunk.toString()));
    const finished = new Promise<void>((resolve, reject) => {
      stringifier.on('end', resolve);
      stringifier.on('error', reject);
    });
    for (let i = 0; i < ids.length; i += PAGE) {
      const chunk = sql`with total as (select 0 as n), page as (select unnest(${intArrayLiteral(ids.slice(i, i + PAGE))}::int[]) as id)`;
      for (const patient of (await patientPage(db, chunk, today, now.getUTCFullYear())).items) stringifier.write(csvRecord(patient));
      // the stringifier emits synchronously as it is written: hand this page on before reading the next
      await new Promise((resolve) => setImmediate(resolve));
      if (ready.length) yield ready.splice(0).join('');
    }
    stringifier.end();
    await finished;
    if (ready.length) yield ready.splice(0).join('');
  }
  return { filename: `patients-${today}.csv`, chunks: chunks(), rows: ids.length };
}

/** The whole export as one text (the web's download through tRPC), the same bytes as the stream. */
export async function exportPatientsCsv(db: Db, scope: StudyScope, input: PatientFilterInput, now = new Date()): Promise<PatientCsvExport> {
  const stream = await streamPatientsCsv(db, scope, input, now);
  const content = await joinChunks(stream.chunks);
  return { filename: stream.filename, contentType: 'text/csv', content, rows: stream.rows };
}
