// How a REST path is described for the OpenAPI document: its parameters and bodies as zod schemas (the
// procedures' own inputs, so the document cannot drift from what the server accepts) and its answer as a
// zod schema from the contracts (rest-answers.ts), a file, or nothing.
import type { z } from 'zod';

export interface FilePart {
  name: string;
  description: string;
  /** Several files in the same field. */
  many?: boolean;
}

export interface RestOperation {
  method: 'get' | 'post';
  /** The OpenAPI path under /api, parameters in braces: /studies/{id}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters (each becomes a required parameter). */
  params?: z.ZodObject;
  /** Query parameters, one per property. */
  query?: z.ZodObject;
  /** A JSON body, or a multipart one (uploads): its file part and its text fields (the procedure's input). */
  json?: z.ZodType;
  multipart?: { file: FilePart; fields?: z.ZodObject };
  ok: {
    status: 200 | 201 | 202;
    description: string;
    /** A JSON answer. */
    schema?: z.ZodType;
    /** A file answer: its media types. */
    files?: string[];
    /** Response headers worth knowing (X-Total-Count, X-Next-Cursor). */
    headers?: Record<string, string>;
  };
  /** The refusals this path can answer besides 401 (signed out) and 500/503. */
  refusals: (400 | 403 | 404 | 409 | 410 | 412 | 413 | 415)[];
}

export const TOTAL_COUNT = { 'X-Total-Count': 'Every match of the filters, for paging with limit and offset' };
