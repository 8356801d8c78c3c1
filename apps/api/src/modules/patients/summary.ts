// patients.summary: the Patients screen's tiles, with the list's filters, in one aggregate:
//   total = matching subjects; screening / enrolled / completed / withdrawn = those in each status.
import type { Db } from '@ctp/db';
import type { PatientFilterInput, PatientsOverview } from '@ctp/contracts';
import type { StudyScope } from '../../access.ts';
import { patientFilter } from './filters.ts';
import { countByStatus } from './plan.ts';

export async function summarizePatients(
  db: Db,
  scope: StudyScope,
  input: PatientFilterInput,
): Promise<PatientsOverview> {
  return countByStatus(db, patientFilter(scope, input));
}
