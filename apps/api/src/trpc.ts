// The one tRPC setup: context, error formatter, and the procedure builders whose
// middleware narrows the context (signed-in user, permission, study scope).
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import { englishIssueMessage, isKnownPlainMessage, type MessageParams, type Permission } from '@ctp/contracts';
import type { BlobStore, Db } from '@ctp/db';
import type { UploadedFile } from './http/uploads.ts';
import type { Config } from './config.ts';
import type { SessionUser } from './modules/auth/session.ts';
import { holdsPermission, loadMemberships, scopeFor, type StudyScope } from './access.ts';
import { fieldErrorsOf } from './http/errors.ts';
import { Refusal, refuse } from './refusal.ts';
import { correlationIdOf, DATABASE_UNAVAILABLE_MESSAGE, internalErrorMessage, isDatabaseUnavailable } from './http/error-boundary.ts';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { IdentityCache } from './modules/auth/identity-cache.ts';
import type { LoginThrottle } from './modules/auth/login-throttle.ts';
import type { JobQueue } from './jobs/queue.ts';

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /** Sets or clears the session cookie; REST callers and tests may pass a no-op. */
  setSessionCookie(token: string | null, expiresAt?: Date): void;
  /** The file of a multipart REST upload (POST /api/etmf-documents); absent on every other call. */
  upload?: UploadedFile;
  /** The files of a multipart REST upload of several (POST /api/coding/dictionaries). */
  uploads?: UploadedFile[];
  /** The personal API token a REST call came with (its owner is the user); absent for browser sessions. */
  apiToken?: { id: number; name: string };
}

export interface Context {
  db: Db;
  config: Config;
  /** Recently resolved sessions and study scopes (one per app). */
  identity: IdentityCache;
  /** Log-in attempts per client address (one per app). */
  loginThrottle: LoginThrottle;
  user: SessionUser | null;
  sessionId: number | null;
  req: RequestInfo;
  /** Trial master file storage (files by content hash). */
  files: BlobStore;
  /** The background job queue (SDTM generation and validation are jobs on it). */
  jobs: JobQueue;
}

// Messages: the server's stay plain English, values included, since REST clients and the tests read
// them. Beside it a refusal sends its key (its English template, a key of the web's `validation`
// namespace) and values as data.messageKey and data.params (refusal.ts; a message naming no value is
// its own key), and the browser writes it in the reader's language. A message without a key is still
// recognised there by its English text or template, as zod's limits ("Enter at most {{maximum}}
// characters") are.
// zod's issues without a message of their own read as a person would write them ("Enter at least 2
// characters", not "Too small: expected string to have >=2 characters").
z.config({ customError: englishIssueMessage });

// No transformer: inputs and outputs are plain JSON. A timestamp travels as an ISO string (the
// contracts' `timestamp`), a calendar date as YYYY-MM-DD. superjson cost about a sixth of the API's
// CPU on a list of 24 trials (it walks every value of every response) for the few Date fields.
const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    // An unexpected failure: the generic message and the correlation id the log line carries (onError
    // in app.ts logs the same error under the same id); a lost database is 503, not 500.
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      const unavailable = isDatabaseUnavailable(cause);
      const correlationId = correlationIdOf(error);
      return {
        message: unavailable ? DATABASE_UNAVAILABLE_MESSAGE : internalErrorMessage(correlationId),
        code: unavailable ? TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE : shape.code,
        data: {
          code: unavailable ? ('SERVICE_UNAVAILABLE' as const) : shape.data.code,
          httpStatus: unavailable ? 503 : 500,
          path: shape.data.path,
          correlationId,
          fieldErrors: undefined,
        },
      };
    }
    const zodError = cause instanceof z.ZodError ? cause : null;
    const message = zodError?.issues[0]?.message ?? shape.message;
    const keyed: { messageKey?: string; params?: MessageParams } =
      error instanceof Refusal
        ? { messageKey: error.messageKey, params: error.params }
        : isKnownPlainMessage(message)
          ? { messageKey: message, params: {} }
          : {};
    return {
      ...shape,
      // Bad input says what is wrong with it (the first issue), not zod's JSON dump of every issue.
      message,
      // Field-level issues for bad input; never a stack trace or SQL in a response.
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        correlationId: undefined as string | undefined,
        fieldErrors: zodError ? fieldErrorsOf(zodError) : undefined,
        ...keyed,
      },
    };
  },
});

/** A refusal about one input field (BAD_REQUEST): the web shows it on that field. */
export function fieldError(field: string, message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    // ZodRealError: the ZodError that is an Error, so tRPC keeps it as the cause (the formatter reads it).
    cause: new z.ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]),
  });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw refuse('UNAUTHORIZED', 'signIn');
  return next({ ctx: { ...ctx, user: ctx.user, sessionId: ctx.sessionId! } });
});

/**
 * Signed in and holding the permission somewhere: by the global role, or by the role of a study
 * membership. The scope then holds the studies where the membership role grants it (access.ts).
 */
export function permitted(permission: Permission) {
  return authedProcedure.use(async ({ ctx, next }) => {
    const user = ctx.user;
    const memberships = await ctx.identity.memberships(user.id, () => loadMemberships(ctx.db, user));
    if (!holdsPermission(user, memberships, permission)) {
      throw refuse('FORBIDDEN', 'roleForbids');
    }
    const scope: StudyScope = scopeFor(memberships, permission);
    return next({ ctx: { ...ctx, scope } });
  });
}

/** The acting user, reason and address for withActor, from a procedure's context. */
export function actorOf(ctx: { user: SessionUser; req: RequestInfo }, reason: string) {
  // A write through an API token is its owner's, and the trail names the token it came through.
  const via = ctx.req.apiToken ? ` [API token "${ctx.req.apiToken.name}"]` : '';
  return { userId: ctx.user.id, reason: reason + via, clientIp: ctx.req.ip };
}
