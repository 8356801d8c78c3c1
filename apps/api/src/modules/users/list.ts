// The administrators' user list: searched, filtered and paged in SQL.
import { sql, type Db } from '@ctp/db';
import type { ListUsersInput } from '@ctp/contracts';
import { containsPattern } from '../../sql-helpers.ts';
import { userStatusSql } from './status.ts';

export async function listUsers(db: Db, input: ListUsersInput) {
  let query = db.selectFrom('users as u');
  if (input.search) {
    const pattern = containsPattern(input.search.toLowerCase());
    query = query.where(sql<boolean>`lower(u.full_name || ' ' || u.email) like ${pattern}`);
  }
  if (input.role) query = query.where('u.role', '=', input.role);
  if (input.status) query = query.where(userStatusSql, '=', input.status);
  const [rows, count] = await Promise.all([
    query
      .select(['u.id', 'u.email', 'u.fullName', 'u.role', 'u.lastLoginAt', 'u.createdAt', 'u.version', userStatusSql.as('status')])
      .orderBy('u.fullName')
      .orderBy('u.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : null, createdAt: new Date(r.createdAt).toISOString() })),
    total: Number(count.n),
    limit: input.limit,
    offset: input.offset,
  };
}
