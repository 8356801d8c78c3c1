// audit.*: the audit trail for the roles that read values (audit.read).
import { auditListInput } from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { auditTrail } from './trail.ts';

export const auditRouter = router({
  trail: permitted('audit.read').input(auditListInput).query(({ ctx, input }) => auditTrail(ctx.db, ctx.scope, input)),
});
