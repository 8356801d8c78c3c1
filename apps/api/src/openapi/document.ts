// The OpenAPI 3.1 document of the REST paths, generated from REST_OPERATIONS: parameters and bodies
// from the procedures' zod inputs (as the server accepts them), answers from the contracts' zod schemas
// (as the server writes them). OpenAPI 3.1 schemas are JSON Schema 2020-12, which zod writes directly.
import { z } from 'zod';
import { restError, SECURITY } from '@ctp/contracts';
import { REST_OPERATIONS } from './operations.ts';
import type { RestOperation } from './operation.ts';

type Json = Record<string, unknown>;

const REFUSALS: Record<number, string> = {
  400: 'Invalid input: the message, and each field’s messages in fieldErrors',
  401: 'Not signed in, or the token is not valid',
  403: 'The caller’s role or study scope does not allow it',
  404: 'Not found, or not in the caller’s scope',
  409: 'A conflict: a stale version, a duplicate',
  410: 'The stored file is missing from the document storage',
  412: 'Refused in the record’s present state (e.g. a subject not eligible, a randomization list that has run out)',
  413: 'The upload is larger than the server accepts',
  415: 'The body is neither JSON nor multipart',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return json;
}

function parametersOf(where: 'path' | 'query', object: z.ZodObject | undefined): Json[] {
  if (!object) return [];
  const json = schemaOf(object, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: rest, ...(description ? { description } : {}) };
  });
}

function requestBodyOf(op: RestOperation): Json | undefined {
  if (op.json) return { required: true, content: { 'application/json': { schema: schemaOf(op.json, 'input') } } };
  if (!op.multipart) return undefined;
  const { file, fields } = op.multipart;
  const fieldSchema = fields ? (schemaOf(fields, 'input') as { properties?: Json; required?: string[] }) : {};
  const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { [file.name]: { ...(file.many ? { type: 'array', items: binary } : binary), description: file.description }, ...fieldSchema.properties },
          required: [file.name, ...(fieldSchema.required ?? [])],
        },
      },
    },
  };
}

function responsesOf(op: RestOperation): Json {
  const ok = op.ok;
  const content = ok.schema
    ? { 'application/json': { schema: schemaOf(ok.schema, 'output') } }
    : ok.files
      ? Object.fromEntries(ok.files.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]))
      : undefined;
  const headers = ok.headers ? Object.fromEntries(Object.entries(ok.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])) : undefined;
  const refusal = (status: number) => [String(status), { $ref: `#/components/responses/R${status}` }];
  return Object.fromEntries([
    [String(ok.status), { description: ok.description, ...(content ? { content } : {}), ...(headers ? { headers } : {}) }],
    ...[...op.refusals, 401].sort().map(refusal),
    ['500', { $ref: '#/components/responses/R500' }],
    ['503', { $ref: '#/components/responses/R503' }],
  ]);
}

export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of REST_OPERATIONS) {
    const parameters = [...parametersOf('path', op.params), ...parametersOf('query', op.query)];
    const requestBody = requestBodyOf(op);
    (paths[op.path] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(op),
    };
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinical trial platform REST API',
      version,
      description:
        'The REST paths of the platform. Every path needs a session cookie (the browser) or a personal API token ' +
        '(`Authorization: Bearer ctp_…`, created on the account page). Role and study scope apply exactly as on screen; ' +
        'every change is audited with the caller.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    tags: [...new Set(REST_OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (ctp_…)' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SECURITY.sessionCookie, description: 'The browser’s session, set at log-in' },
      },
      schemas: { Error: schemaOf(restError, 'output') },
      responses: Object.fromEntries(
        Object.entries({ ...REFUSALS, 500: 'An unexpected failure (quote the correlationId)', 503: 'The database is unavailable' }).map(([status, description]) => [
          `R${status}`,
          { description, content: errorContent },
        ]),
      ),
    },
  };
}
