// notifications.*: the signed-in user's own notifications (nobody reads another's).
import { sql, withActor } from '@ctp/db';
import { notificationListInput, notificationMarkInput, type NotificationItem } from '@ctp/contracts';
import { router, authedProcedure, actorOf } from '../../trpc.ts';

export const notificationsRouter = router({
  list: authedProcedure.input(notificationListInput).query(async ({ ctx, input }) => {
    const { rows } = await sql<Omit<NotificationItem, 'createdAt'> & { createdAt: Date; total: number; unread: number }>`
      select n.id, n.kind, n.title, n.body, n.title_key, n.title_params, n.body_key, n.body_params, n.link, n.created_at, n.read_at is not null as read,
             count(*) over ()::int as total,
             (select count(*)::int from notifications u where u.user_id = ${ctx.user.id} and u.read_at is null) as unread
        from notifications n
       where n.user_id = ${ctx.user.id} ${input.unreadOnly ? sql`and n.read_at is null` : sql``} ${input.kind ? sql`and n.kind = ${input.kind}` : sql``}
       order by n.id desc limit ${input.limit} offset ${input.offset}`.execute(ctx.db);
    const unread =
      rows[0]?.unread ?? Number((await sql<{ n: number }>`select count(*)::int as n from notifications where user_id = ${ctx.user.id} and read_at is null`.execute(ctx.db)).rows[0]!.n);
    return {
      items: rows.map(({ total: _t, unread: _u, createdAt, ...r }) => ({ ...r, createdAt: new Date(createdAt).toISOString() })),
      total: rows[0]?.total ?? 0,
      unread,
      limit: input.limit,
      offset: input.offset,
    };
  }),
  unreadCount: authedProcedure.query(async ({ ctx }) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from notifications where user_id = ${ctx.user.id} and read_at is null`.execute(ctx.db);
    return rows[0]!.n;
  }),
  markRead: authedProcedure.input(notificationMarkInput).mutation(async ({ ctx, input }) => {
    const r = await withActor(ctx.db, actorOf(ctx, 'Notifications read'), (tx) =>
      tx.updateTable('notifications').set({ readAt: sql`now()` }).where('userId', '=', ctx.user.id).where('id', 'in', input.ids).where('readAt', 'is', null).executeTakeFirst(),
    );
    return { marked: Number(r.numUpdatedRows) };
  }),
  markAllRead: authedProcedure.mutation(async ({ ctx }) => {
    const r = await withActor(ctx.db, actorOf(ctx, 'Notifications read'), (tx) =>
      tx.updateTable('notifications').set({ readAt: sql`now()` }).where('userId', '=', ctx.user.id).where('readAt', 'is', null).executeTakeFirst(),
    );
    return { marked: Number(r.numUpdatedRows) };
  }),
});
