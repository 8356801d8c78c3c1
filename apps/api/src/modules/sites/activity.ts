// sites.recentActivity: audit events of the site row and of its study_sites rows (in the studies the
// user may see), newest first. Each table's events are read with `table_name = ? and record_id = any(?)`,
// which the index audit_events (table_name, record_id, id) answers; each branch keeps its newest `limit`
// rows and the union is cut to `limit` again.
// Values: 'site.read' shows what changed (fields, who, when, why); old and new values only go to roles
// holding 'audit.read'.
import { sql } from '@ctp/db';
import type { ActivityEvent } from '@ctp/contracts';
import { canSomewhere } from '../../access.ts';
import { readActivity } from '../audit/activity-events.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { siteScope } from './scope.ts';
import { findVisibleSite } from './detail.ts';

export async function siteActivity(
  ctx: ProcedureCtx,
  input: { siteId: number; limit: number },
): Promise<ActivityEvent[]> {
  const scope = siteScope(ctx.scope, ctx.user.role);
  await findVisibleSite(ctx.db, scope, input.siteId);
  const { siteId, limit } = input;
  const branch = (table: string, recordIds: ReturnType<typeof sql<unknown>>) =>
    sql`(select id, occurred_at, actor_user_id, action, table_name, record_id, changes, reason from audit_events
         where table_name = ${table} and record_id = any(${recordIds}) order by id desc limit ${limit})`;
  const assignments = sql`array(select ss.id::text from study_sites ss
                                where ss.site_id = ${siteId} and ${scope.studyCounts('ss.study_id')})`;
  const source = sql`(${branch('sites', sql`array[${String(siteId)}]::text[]`)} union all ${branch('study_sites', assignments)})`;
  return readActivity(ctx.db, source, limit, canSomewhere(ctx.user, ctx.scope, 'audit.read'));
}
