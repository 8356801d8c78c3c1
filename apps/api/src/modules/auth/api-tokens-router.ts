import { createApiTokenInput, revokeApiTokenInput } from '@ctp/contracts';
import { authedProcedure, router } from '../../trpc.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';

/** A user's own personal access tokens (the profile page). */
export const apiTokensRouter = router({
  list: authedProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.user.id)),
  create: authedProcedure.input(createApiTokenInput).mutation(({ ctx, input }) => createApiToken(ctx, input)),
  revoke: authedProcedure.input(revokeApiTokenInput).mutation(({ ctx, input }) => revokeApiToken(ctx, input.id)),
});
