// One place maps errors to HTTP: TRPCError codes to their statuses, a lost database to 503,
// anything else to a bare 500. Bodies never carry SQL, stack traces or input values.
import type { Request, Response, NextFunction } from 'express';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { z } from 'zod';
import type { Logger } from '../logger.ts';

const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

/**
 * Field issues by their full path ("changes.title"), for tRPC and REST alike, so an update's issues
 * find their field (z.flattenError keeps only the first segment, "changes").
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) if (issue.path.length) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown; message?: string } | undefined;
  if (!e) return false;
  if (e.code && DB_UNAVAILABLE.has(e.code)) return true;
  if (e.message?.includes('Connection terminated')) return true;
  return e.cause ? isDatabaseUnavailable(e.cause) : false;
}

export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof TRPCError) {
      const status = getHTTPStatusCodeFromError(err);
      const cause = err.cause;
      const body: Record<string, unknown> = { error: err.message, code: err.code };
      if (cause instanceof z.ZodError) {
        body.error = 'Invalid input';
        body.fieldErrors = fieldErrorsOf(cause);
      }
      if (status >= 500) logger.error({ err: { code: err.code }, path: req.path }, 'procedure failed');
      return res.status(status).json(body);
    }
    if (isDatabaseUnavailable(err)) {
      logger.error({ err: { code: (err as any)?.code }, path: req.path }, 'database unavailable');
      return res.status(503).json({ error: 'Database unavailable, try again shortly' });
    }
    logger.error({ err: { name: (err as Error)?.name, code: (err as any)?.code }, path: req.path }, 'request failed');
    res.status(500).json({ error: 'Internal server error' });
  };
}
