// Personal access tokens for the REST paths (/api): `Authorization: Bearer ctp_…`. A token acts with
// exactly its owner's role and study scope; read-only tokens may only read. Only the sha256 is stored;
// the token is shown once at creation. Creation and revocation are audited; the last use is kept
// apart (api_token_uses, written at most once a minute per token) so reads do not fill the trail.
import { sql, withActor, type Db } from '@ctp/db';
import { IDENTITY, type CreateApiTokenInput } from '@ctp/contracts';
import { actorOf, type Context } from '../../trpc.ts';
import { hashToken, newToken, toSessionUser, type SessionUser } from './session.ts';
import { isoOrNull as iso } from '../../sql-helpers.ts';
import { refuse } from '../../refusal.ts';

type OwnerCtx = Pick<Context, 'db' | 'req'> & { user: SessionUser };

export async function listApiTokens(db: Db, userId: number) {
  const rows = await db
    .selectFrom('apiTokens as k')
    .leftJoin('apiTokenUses as u', 'u.tokenId', 'k.id')
    .select(['k.id', 'k.name', 'k.tokenPrefix', 'k.access', 'k.expiresAt', 'k.revokedAt', 'k.createdAt', 'u.lastUsedAt'])
    .where('k.userId', '=', userId)
    .orderBy('k.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((k) => ({ ...k, expiresAt: iso(k.expiresAt)!, revokedAt: iso(k.revokedAt), createdAt: iso(k.createdAt)!, lastUsedAt: iso(k.lastUsedAt) }));
}

export async function createApiToken(ctx: OwnerCtx, input: CreateApiTokenInput) {
  const token = IDENTITY.apiTokenPrefix + newToken();
  const created = await withActor(ctx.db, actorOf(ctx, `API token "${input.name}" created`), (tx) =>
    tx
      .insertInto('apiTokens')
      .values({
        userId: ctx.user.id,
        name: input.name,
        tokenHash: hashToken(token),
        tokenPrefix: token.slice(0, IDENTITY.apiTokenPrefix.length + 6),
        access: input.access,
        expiresAt: sql<Date>`now() + make_interval(days => ${input.expiresInDays})`,
      })
      .returning(['id', 'name', 'access', 'expiresAt'])
      .executeTakeFirstOrThrow(),
  );
  return { ...created, expiresAt: iso(created.expiresAt)!, token };
}

export async function revokeApiToken(ctx: OwnerCtx, tokenId: number) {
  await withActor(ctx.db, actorOf(ctx, 'API token revoked by its owner'), async (tx) => {
    const result = await tx
      .updateTable('apiTokens')
      .set({ revokedAt: sql`now()` })
      .where('id', '=', tokenId)
      .where('userId', '=', ctx.user.id)
      .where('revokedAt', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw refuse('NOT_FOUND', 'apiTokenNotFound');
  });
  return { ok: true };
}

export interface ResolvedApiToken {
  tokenId: number;
  name: string;
  access: 'read' | 'read-write';
  user: SessionUser;
}

/** The live token's owner (active account, token neither revoked nor expired), or null. */
export async function resolveApiToken(db: Db, token: string, ip: string | null): Promise<ResolvedApiToken | null> {
  if (!token.startsWith(IDENTITY.apiTokenPrefix) || token.length > 200) return null;
  const row = await db
    .selectFrom('apiTokens as k')
    .innerJoin('users as u', 'u.id', 'k.userId')
    .leftJoin('apiTokenUses as use', 'use.tokenId', 'k.id')
    .select(['k.id as tokenId', 'k.name', 'k.access', 'use.lastUsedAt', 'u.id', 'u.email', 'u.fullName', 'u.role'])
    .where('k.tokenHash', '=', hashToken(token))
    .where('k.revokedAt', 'is', null)
    .where('k.expiresAt', '>', sql<Date>`now()`)
    .where('u.isActive', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - new Date(row.lastUsedAt).getTime() > 60_000) {
    await db
      .insertInto('apiTokenUses')
      .values({ tokenId: row.tokenId, lastUsedAt: sql`now()`, lastIp: ip })
      .onConflict((oc) => oc.column('tokenId').doUpdateSet({ lastUsedAt: sql`now()`, lastIp: ip }))
      .execute();
  }
  return { tokenId: row.tokenId, name: row.name, access: row.access, user: toSessionUser(row) };
}
