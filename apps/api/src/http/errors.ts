// One place maps errors to HTTP for the REST paths: TRPCError codes to their statuses; a lost database
// (503) and anything unexpected (500) through the error boundary (error-boundary.ts). Bodies never
// carry SQL, stack traces or input values.
import type { Request, Response, NextFunction } from 'express';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { requestIdOf } from './request-id.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, internalErrorMessage, isDatabaseUnavailable, reportFailure } from './error-boundary.ts';

/**
 * Field issues by their full path ("changes.title"), for tRPC and REST alike, so an update's issues
 * find their field (z.flattenError keeps only the first segment, "changes").
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) if (issue.path.length) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return fields;
}

function clientErrorMessage(err: unknown, status: number): string {
  if (status === 413) return 'The request body is too large';
  if ((err as { type?: string }).type === 'entity.parse.failed') return 'The request body is not valid JSON';
  if (err instanceof URIError) return 'The address is not valid';
  return 'The request is not valid';
}

export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    // Express's and body-parser's own refusals (broken JSON, a body over the limit, an undecodable
    // path parameter) carry a 4xx status: they are the client's, answered with a plain message.
    const status = (err as { status?: number } | null)?.status;
    if (!(err instanceof TRPCError) && typeof status === 'number' && status >= 400 && status < 500) {
      return res.status(status).json({ error: clientErrorMessage(err, status) });
    }
    if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') {
      const httpStatus = getHTTPStatusCodeFromError(err);
      const cause = err.cause;
      const body: Record<string, unknown> = { error: err.message, code: err.code };
      if (cause instanceof z.ZodError) {
        body.error = 'Invalid input';
        body.fieldErrors = fieldErrorsOf(cause);
      }
      return res.status(httpStatus).json(body);
    }
    const failure = err instanceof TRPCError ? (err.cause ?? err) : err;
    const correlationId = reportFailure(logger, failure, { path: req.path, reqId: requestIdOf(req) });
    if (isDatabaseUnavailable(failure)) return res.status(503).json({ error: DATABASE_UNAVAILABLE_MESSAGE, correlationId });
    res.status(500).json({ error: internalErrorMessage(correlationId), correlationId });
  };
}
