// search.*: the top bar's global search. study.read is every role's; each group narrows itself to
// what the user may see (global.ts).
import { globalSearchInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { globalSearch } from './global.ts';

export const searchRouter = router({
  global: permitted('study.read')
    .input(globalSearchInput)
    .query(({ ctx, input }) => globalSearch(ctx.db, ctx.scope, ctx.user.role, input)),
});
