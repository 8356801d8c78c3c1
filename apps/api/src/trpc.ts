// The one tRPC setup: context, transformer, error formatter, and the procedure builders whose
// middleware narrows the context (signed-in user, permission, study scope).
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z } from 'zod';
import { can, type Permission } from '@ctp/contracts';
import type { Db } from '@ctp/db';
import type { Config } from './config.ts';
import type { SessionUser } from './modules/auth/session.ts';
import { loadScope, type StudyScope } from './access.ts';
import type { IdentityCache } from './modules/auth/identity-cache.ts';

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /** Sets or clears the session cookie; REST callers and tests may pass a no-op. */
  setSessionCookie(token: string | null, expiresAt?: Date): void;
}

export interface Context {
  db: Db;
  config: Config;
  /** Recently resolved sessions and study scopes (one per app). */
  identity: IdentityCache;
  user: SessionUser | null;
  sessionId: number | null;
  req: RequestInfo;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      // Field-level issues for bad input; never a stack trace or SQL in a response.
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: cause instanceof z.ZodError ? z.flattenError(cause).fieldErrors : undefined,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in' });
  return next({ ctx: { ...ctx, user: ctx.user, sessionId: ctx.sessionId! } });
});

/** Signed in, holding a role that grants the permission, with the user's study scope loaded. */
export function permitted(permission: Permission) {
  return authedProcedure.use(async ({ ctx, next }) => {
    if (!can(ctx.user.role, permission)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Your role does not allow this action' });
    }
    const user = ctx.user;
    const scope: StudyScope = await ctx.identity.scope(user.id, () => loadScope(ctx.db, user));
    return next({ ctx: { ...ctx, scope } });
  });
}

/** The acting user, reason and address for withActor, from a procedure's context. */
export function actorOf(ctx: { user: SessionUser; req: RequestInfo }, reason: string) {
  return { userId: ctx.user.id, reason, clientIp: ctx.req.ip };
}
