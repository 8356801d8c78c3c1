// sites.create and sites.update. A new site starts 'pending'; its number is unique (CONFLICT, not 500).
// Updates are optimistic-locked on the site's version and run through withActor (audited).
import { sql, withActor } from '@ctp/db';
import type { SiteCreateInput, SiteUpdateInput } from '@ctp/contracts';
import { actorOf } from '../../trpc.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { siteScope } from './scope.ts';
import { findVisibleSite } from './detail.ts';
import { isUniqueViolation, staleVersion } from '../../sql-helpers.ts';
import { refuse } from '../../refusal.ts';

const returned = [
  'id',
  'siteNumber',
  'name as siteName',
  'principalInvestigator',
  'address',
  'city',
  'country',
  'phone',
  'email',
  'status',
  'createdAt',
  'updatedAt',
  'version',
] as const;

/** An empty e-mail field clears the address. */
const emailOrNull = (email: string | null | undefined) => (email === '' ? null : email);

export async function createSite(ctx: ProcedureCtx, input: SiteCreateInput) {
  const { reason, siteName, email, ...fields } = input;
  try {
    return await withActor(ctx.db, actorOf(ctx, reason), (tx) =>
      tx
        .insertInto('sites')
        .values({ ...fields, name: siteName, email: emailOrNull(email), status: 'pending' })
        .returning(returned)
        .executeTakeFirstOrThrow(),
    );
  } catch (err) {
    if (isUniqueViolation(err))
      throw refuse('CONFLICT', 'siteNumberTaken', { siteNumber: input.siteNumber });
    throw err;
  }
}

export async function updateSite(ctx: ProcedureCtx, input: SiteUpdateInput) {
  await findVisibleSite(ctx.db, siteScope(ctx.scope, ctx.user.role), input.id);
  const { siteName, email, ...rest } = input.changes;
  const changes = Object.fromEntries(
    Object.entries({
      ...rest,
      name: siteName,
      email: email === undefined ? undefined : emailOrNull(email),
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(changes).length === 0)
    throw refuse('BAD_REQUEST', 'nothingToChange');
  const row = await withActor(ctx.db, actorOf(ctx, input.reason), (tx) =>
    tx
      .updateTable('sites')
      .set({ ...changes, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
      .where('id', '=', input.id)
      .where('version', '=', input.version)
      .returning(returned)
      .executeTakeFirst(),
  );
  if (!row) throw staleVersion();
  return row;
}
