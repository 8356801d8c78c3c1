// Issue 29: the log-in throttle counts across server processes on PostgreSQL. Two apps on one database
// (each with its own throttle, as two instances behind a load balancer would have) share the count:
// the limit trips at the configured number of attempts, not twice it. The embedded database serves a
// single process, whose throttle counts in memory: there the test has nothing to share and is skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { startServer, testConfig, TestClient, type TestServer } from './support/app.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let t: TestDatabase;
let servers: TestServer[] = [];
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestDatabase();
  const config = testConfig({ LOGIN_ATTEMPTS_PER_MINUTE: '4' });
  servers = [await startServer(t.database, config), await startServer(t.database, config)];
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await t?.cleanup();
});

describe('log-in throttle across instances', () => {
  it.skipIf(!onPostgres)('trips at the configured count when the attempts are spread over two instances', async () => {
    const [a, b] = servers.map((s) => new TestClient(s.url));
    const attempt = (client: TestClient) => client.login('nobody@example.org', 'wrong-password-123');
    const codes: string[] = [];
    for (const client of [a!, b!, a!, b!]) codes.push((await attempt(client)).body.error?.data?.code);
    expect(codes).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED']);
    // The fifth attempt, on either instance, is one too many for this address.
    expect((await attempt(b!)).body.error?.data?.code).toBe('TOO_MANY_REQUESTS');
    expect((await attempt(a!)).body.error?.data?.code).toBe('TOO_MANY_REQUESTS');
  });
});
