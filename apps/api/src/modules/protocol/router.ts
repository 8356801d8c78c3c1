// protocol.*: reading a protocol document (the file arrives on the REST path POST
// /api/studies/analyze-protocol, which hands it over through the context; over tRPC alone `analyze`
// answers that a file is needed) and creating the reviewed proposal's draft forms and visits.
import { protocolCreateInput, protocolTargetInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { analyseUpload } from './service.ts';
import { createFromProposal } from './create.ts';
import { protocolTarget } from './target.ts';

// Reading a protocol is part of building a study's forms: the roles that build them.
const build = permitted('form.build');

export const protocolRouter = router({
  analyze: build.mutation(({ ctx }) => analyseUpload(ctx.req.upload)),
  target: build.input(protocolTargetInput).query(({ ctx, input }) => protocolTarget(ctx, input.studyId)),
  createFromProposal: build.input(protocolCreateInput).mutation(({ ctx, input }) => createFromProposal(ctx, input)),
});
