// A user's status is derived from the row, in SQL, so lists filter and sort on it without a column
// that could disagree with the facts: invited (no password yet), inactive (deactivated), locked
// (after failed log-ins, until lockedUntil), else active.
import { sql } from '@ctp/db';
import type { UserStatus } from '@ctp/contracts';

export const userStatusSql = sql<UserStatus>`case
  when u.deactivated_at is not null or (not u.is_active and u.password_hash is not null) then 'inactive'
  when u.password_hash is null then 'invited'
  when u.locked_until > now() then 'locked'
  else 'active' end`;
