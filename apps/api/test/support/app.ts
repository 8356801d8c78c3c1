// Test helpers: the real Express app on an ephemeral port, a cookie-carrying HTTP client, and
// procedure callers acting as a given demo user.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { BlobStore, type DbHandle } from '@ctp/db';
import { createApp } from '../../src/app.ts';
import { localJobQueue } from '../../src/background.ts';
import type { JobQueue } from '../../src/jobs/queue.ts';
import { parseConfig, storageDirOf, type Config } from '../../src/config.ts';
import { IdentityCache } from '../../src/modules/auth/identity-cache.ts';
import { LoginThrottle } from '../../src/modules/auth/login-throttle.ts';
import { createLogger } from '../../src/logger.ts';
import { createCallerFactory, type Context } from '../../src/trpc.ts';
import { appRouter } from '../../src/router.ts';
import { toSessionUser } from '../../src/modules/auth/session.ts';
import { TEST_PASSWORD, TEST_STORAGE_DIR } from './db.ts';

export function testConfig(overrides: Record<string, string> = {}): Config {
  // The identity and dashboard caches are off by default: tests change data behind the server's back
  // and expect the next request to see it; auth and dashboard tests test the caches themselves.
  return parseConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    SESSION_CACHE_SECONDS: '0',
    STORAGE_DIR: TEST_STORAGE_DIR,
    DASHBOARD_CACHE_SECONDS: '0',
    // Every test logs in from 127.0.0.1, and on PostgreSQL the throttle's count is shared by all the
    // servers a test file starts: tests of the throttle set their own limit.
    LOGIN_ATTEMPTS_PER_MINUTE: '100000',
    ...overrides,
  });
}

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(database: DbHandle, config = testConfig()): Promise<TestServer> {
  const app = createApp({ database, config, logger: createLogger('silent') });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** A minimal browser: keeps the session cookie and sends same-origin headers on writes. */
export class TestClient {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set('cookie', this.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      if (!headers.has('origin')) headers.set('origin', this.baseUrl);
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.baseUrl + path, { ...init, headers, body, redirect: 'manual' });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    return res;
  }

  /** GET a path and parse its JSON body (typed loosely: tests assert the shape). */
  async getJson(path: string): Promise<any> {
    return (await this.request(path)).json();
  }

  /** Calls a tRPC mutation over HTTP, as the web app does (plain JSON, batch of one). */
  async mutation(procedure: string, input: unknown) {
    const res = await this.request(`/trpc/${procedure}?batch=1`, { method: 'POST', json: { 0: input } });
    const payload = (await res.json()) as any[];
    return { status: res.status, body: payload[0] };
  }

  async login(email: string, password = TEST_PASSWORD) {
    return this.mutation('auth.login', { email, password });
  }
}

const createCaller = createCallerFactory(appRouter);

// One in-process job queue per test database, as the app has one.
const queues = new WeakMap<object, JobQueue>();
function jobQueueOf(db: DbHandle['db'], files: BlobStore): JobQueue {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = localJobQueue(db, files)));
  return queue;
}

/** A procedure caller acting as the user with this email (e.g. 'monitor@demo.local'). */
export async function callerAs(database: DbHandle, email: string, config = testConfig()) {
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'email', 'fullName', 'role'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const files = new BlobStore(storageDirOf(config));
  const ctx: Context = {
    db: database.db,
    config,
    files,
    jobs: jobQueueOf(database.db, files),
    identity: new IdentityCache(0),
    loginThrottle: new LoginThrottle(config.LOGIN_ATTEMPTS_PER_MINUTE),
    user: toSessionUser(user),
    sessionId: 0,
    req: { ip: '127.0.0.1', userAgent: 'vitest', setSessionCookie: () => {} },
  };
  return createCaller(ctx);
}

export const demoEmail = (role: string) => `${role}@demo.local`;
