// Request lines: written at info with the path only (query strings may hold clinical values), and not
// at all above info, where the error handlers write the failures themselves.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { testConfig } from './support/app.ts';
import { createApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

/** Serves the app with a logger at `level`, makes one request and returns the lines written. */
async function linesLoggedFor(level: string, path: string, headers: Record<string, string> = {}) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = createApp({ database: t.database, config: testConfig(), logger: createLogger(level, sink) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    await res.arrayBuffer();
    // pino-http writes when the response has finished, just after the client has the body.
    await new Promise((r) => setTimeout(r, 50));
    return { status: res.status, lines: lines.map((l) => JSON.parse(l)) };
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('request log', () => {
  const path = '/trpc/patients.list?input=' + encodeURIComponent(JSON.stringify({ search: 'SUBJ-0042' }));

  it('writes one line per request at info: method, path without the query string, status; no cookie', async () => {
    const { status, lines } = await linesLoggedFor('info', path, { cookie: 'ctp_session=secret-token' });
    expect(status).toBe(401);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ req: { method: 'GET', path: '/trpc/patients.list' }, res: { statusCode: 401 } });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('SUBJ-0042');
    expect(text).not.toContain('secret-token');
  });

  it('writes no request lines above info', async () => {
    const { status, lines } = await linesLoggedFor('warn', path);
    expect(status).toBe(401);
    expect(lines).toEqual([]);
  });
});
