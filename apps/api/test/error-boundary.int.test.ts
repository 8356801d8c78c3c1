// The error boundary: a procedure that fails inside the database answers 500 with a generic message
// and a correlation id, on tRPC and REST alike; the log line carries the same id and the error's kind
// (SQLSTATE) but neither the statement nor a quoted value; the body carries neither.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { TestClient, demoEmail, testConfig } from './support/app.ts';
import { createApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';
import { maskQuoted } from '../src/http/error-boundary.ts';

let t: TestDatabase;
let server: Server;
let client: TestClient;
const lines: any[] = [];

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean).map((l) => JSON.parse(l)));
      done();
    },
  });
  const app = createApp({ database: t.database, config: testConfig(), logger: createLogger('error', sink) });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  client = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  expect((await client.login(demoEmail('admin'))).status).toBe(200);
  // The studies list now fails inside PostgreSQL: relation "studies" does not exist.
  await sql`alter table studies rename to studies_elsewhere`.execute(t.database.db);
});
afterAll(async () => {
  await sql`alter table studies_elsewhere rename to studies`.execute(t.database.db);
  await new Promise((r) => server.close(r));
  await t.cleanup();
});

const LEAKS = [/studies/i, /relation "/i, /does not exist/i, /select /i, /from /i, /\.ts:\d+/, /postgres/i];

describe('error boundary', () => {
  it('tRPC: 500 with a generic message and a correlation id that the log line carries', async () => {
    const res = await client.request('/trpc/studies.list?input=' + encodeURIComponent(JSON.stringify({ search: 'SECRET-VALUE' })));
    expect(res.status).toBe(500);
    const text = await res.text();
    // The procedure's own name is the only place 'studies' may appear (tRPC's data.path).
    for (const leak of LEAKS) expect(text.replace('"path":"studies.list"', '')).not.toMatch(leak);
    const body = JSON.parse(text);
    const id = body.error.data.correlationId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.error.message).toContain(id);
    await new Promise((r) => setTimeout(r, 20));
    const line = lines.find((l) => l.correlationId === id);
    expect(line).toMatchObject({ procedure: 'studies.list', err: { code: '42P01' } });
    expect(JSON.stringify(line)).not.toContain('SECRET-VALUE');
    // PostgreSQL's message names the relation in quotes: masked in the log.
    expect(line.err.message).not.toContain('studies');
  });

  it('REST: the same boundary', async () => {
    const res = await client.request('/api/studies?search=SECRET-VALUE');
    expect(res.status).toBe(500);
    const text = await res.text();
    for (const leak of LEAKS) expect(text).not.toMatch(leak);
    const { correlationId, error } = JSON.parse(text);
    expect(error).toContain(correlationId);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.find((l) => l.correlationId === correlationId)).toMatchObject({ path: '/api/studies', err: { code: '42P01' } });
  });

  it('masks the quoted parts of a message', () => {
    expect(maskQuoted('invalid input syntax for type integer: "12abc"')).toBe('invalid input syntax for type integer: …');
    expect(maskQuoted('Key (study_code)=(ONC-1) already exists.')).toBe('Key … already exists.');
  });
});
