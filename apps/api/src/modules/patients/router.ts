// patients.*: procedures compose the services of this folder; permitted() checks the role, the
// services check study and site scope.
import { patientListInput, patientFilterInput, patientEnrollInput, patientStatusInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { listPatients } from './list.ts';
import { summarizePatients } from './summary.ts';
import { enrollPatient } from './enroll.ts';
import { updatePatientStatus } from './status.ts';
import { exportPatientsCsv, streamPatientsCsv } from './export.ts';

const read = permitted('patient.read');

export const patientsRouter = router({
  list: read.input(patientListInput).query(({ ctx, input }) => listPatients(ctx.db, ctx.scope, input)),
  summary: read
    .input(patientFilterInput.optional())
    .query(({ ctx, input }) => summarizePatients(ctx.db, ctx.scope, input ?? {})),
  enroll: permitted('patient.enroll')
    .input(patientEnrollInput)
    .mutation(({ ctx, input }) => enrollPatient(ctx, input)),
  updateStatus: permitted('patient.updateStatus')
    .input(patientStatusInput)
    .mutation(({ ctx, input }) => updatePatientStatus(ctx, input)),
  exportCsv: permitted('report.export')
    .input(patientFilterInput.optional())
    .query(({ ctx, input }) => exportPatientsCsv(ctx.db, ctx.scope, input ?? {})),
  /** The same CSV as a stream of chunks, for GET /api/patients/export.csv (useful to server-side callers only). */
  exportCsvStream: permitted('report.export')
    .input(patientFilterInput.optional())
    .query(({ ctx, input }) => streamPatientsCsv(ctx.db, ctx.scope, input ?? {})),
});
