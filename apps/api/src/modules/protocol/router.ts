// protocol.*: reading a protocol document (the file arrives on the REST path POST
// /api/studies/analyze-protocol, which hands it over through the context; over tRPC alone `analyze`
// answers that a file is needed) and creating the reviewed proposal's draft forms and visits.
import { protocolCreateInput, protocolTargetInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { analyseUpload } from './service.ts';
import { createFromProposal } from './create.ts';
import { protocolTarget } from './target.ts';
import { APP_VERSION } from '../../version.ts';
import { buildUsdm } from '../usdm/export/build.ts';
import { analysisAsExportStudy } from './usdm.ts';

// Reading a protocol is part of building a study's forms: the roles that build them.
const build = permitted('form.build');

export const protocolRouter = router({
  analyze: build.mutation(({ ctx }) => analyseUpload(ctx.req.upload)),
  // The same analysis written as a USDM 4.0 document (POST /api/studies/analyze-protocol/usdm).
  toUsdm: build.mutation(async ({ ctx }) => {
    const data = analysisAsExportStudy(await analyseUpload(ctx.req.upload));
    return { code: data.study.code, document: buildUsdm(data, APP_VERSION) };
  }),
  target: build.input(protocolTargetInput).query(({ ctx, input }) => protocolTarget(ctx, input.studyId)),
  createFromProposal: build.input(protocolCreateInput).mutation(({ ctx, input }) => createFromProposal(ctx, input)),
});
