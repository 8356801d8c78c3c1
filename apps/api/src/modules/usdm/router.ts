// usdm.*: CDISC USDM 4.0 import (the document arrives on POST /api/studies/import-usdm, which hands it
// over through the context; over tRPC alone `propose` answers that a file is needed), accepting a
// reviewed import into a new study, a study's objectives, and the export (GET /api/studies/{id}/usdm).
import { z } from 'zod';
import { id, studyObjectivesInput, usdmAcceptInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { proposeFromUpload } from './propose.ts';
import { acceptImport } from './accept.ts';
import { studyObjectives } from './objectives.ts';
import { exportStudy } from './export/service.ts';

const importer = permitted('study.importUsdm');

export const usdmRouter = router({
  propose: importer.mutation(({ ctx }) => proposeFromUpload(ctx, ctx.req.upload)),
  accept: importer.input(usdmAcceptInput).mutation(async ({ ctx, input }) => {
    const result = await acceptImport(ctx, input);
    ctx.identity.forgetScope(ctx.user.id); // the importer is now a member of the new study
    return result;
  }),
  objectives: permitted('study.read').input(studyObjectivesInput).query(({ ctx, input }) => studyObjectives(ctx, input.studyId)),
  export: permitted('study.read').input(z.object({ studyId: id })).query(({ ctx, input }) => exportStudy(ctx, input.studyId)),
});
