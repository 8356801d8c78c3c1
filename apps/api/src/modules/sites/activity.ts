// sites.recentActivity: audit events of the site row and of its study_sites rows (in the studies the
// user may see), newest first. Each table's events are read with `table_name = ? and record_id = any(?)`,
// which the index audit_events (table_name, record_id, id) answers; each branch keeps its newest `limit`
// rows and the union is cut to `limit` again.
// Values: 'site.read' shows what changed (fields, who, when, why); old and new values only go to roles
// holding 'audit.read'.
import { sql } from '@ctp/db';
import { can, type SiteActivityEvent } from '@ctp/contracts';
import type { ProcedureCtx } from './context.ts';
import { siteScope } from './scope.ts';
import { findVisibleSite } from './detail.ts';

export async function siteActivity(
  ctx: ProcedureCtx,
  input: { siteId: number; limit: number },
): Promise<SiteActivityEvent[]> {
  const scope = siteScope(ctx.scope, ctx.user.role);
  await findVisibleSite(ctx.db, scope, input.siteId);
  const { siteId, limit } = input;
  const branch = (table: string, recordIds: ReturnType<typeof sql<unknown>>) =>
    sql`(select id, occurred_at, actor_user_id, action, table_name, record_id, changes, reason from audit_events
         where table_name = ${table} and record_id = any(${recordIds}) order by id desc limit ${limit})`;
  const assignments = sql`array(select ss.id::text from study_sites ss
                                where ss.site_id = ${siteId} and ${scope.studyCounts('ss.study_id')})`;
  const { rows } = await sql<{
    id: number;
    occurredAt: Date;
    userName: string;
    action: SiteActivityEvent['action'];
    tableName: string;
    recordId: string;
    changes: Record<string, { old: unknown; new: unknown }>;
    reason: string;
  }>`
    select e.id, e.occurred_at, coalesce(u.full_name, 'System') as user_name, e.action, e.table_name, e.record_id,
           e.changes, e.reason
    from (${branch('sites', sql`array[${String(siteId)}]::text[]`)} union all ${branch('study_sites', assignments)}) e
    left join users u on u.id = e.actor_user_id
    order by e.id desc
    limit ${limit}`.execute(ctx.db);

  const showValues = can(ctx.user.role, 'audit.read');
  return rows.map((e) => ({
    id: Number(e.id),
    timestamp: e.occurredAt,
    userName: e.userName,
    action: e.action,
    table: e.tableName,
    recordId: e.recordId,
    reason: e.reason,
    fields: Object.entries(e.changes).map(([field, change]) =>
      showValues ? { field, oldValue: change.old, newValue: change.new } : { field },
    ),
    valuesHidden: !showValues,
  }));
}
