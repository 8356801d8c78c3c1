// audit.*: the audit trail for the roles that read values (audit.read).
import { auditListInput } from '@ctp/contracts';
import { sql } from '@ctp/db';
import { router, permitted } from '../../trpc.ts';
import { visibleStudyIds } from '../../access.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { auditTrail } from './trail.ts';

export const auditRouter = router({
  trail: permitted('audit.read').input(auditListInput).query(({ ctx, input }) => auditTrail(ctx.db, ctx.user, ctx.scope, input)),
  /** The people whose changes the user may filter by: admins and the members of the user's studies. */
  actors: permitted('audit.read').query(async ({ ctx }) => {
    const { rows } = await sql<{ id: number; fullName: string }>`
      select u.id, u.full_name from users u
       where u.role = 'admin' or exists (select 1 from study_memberships m where m.user_id = u.id and m.ended_at is null and ${inStudies('m.study_id', visibleStudyIds(ctx.scope))})
       order by u.full_name`.execute(ctx.db);
    return rows;
  }),
});
