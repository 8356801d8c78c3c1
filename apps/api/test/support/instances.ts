// Several API server processes on one PostgreSQL database, started exactly as `npm start` starts one
// (node --import tsx apps/api/src/main.ts), for the scale-out tests. Only with TEST_DATABASE_URL: the
// embedded PGlite is one process by design.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverUrl, TEMPLATE_DB } from './global-setup.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Instance {
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process has ended. */
  exited: Promise<number | string | null>;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A database of its own on the test server: migrated (from the template) unless `empty`, dropped by
 * the returned function.
 */
export async function createDatabase(opts: { empty?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is needed for several instances');
  const name = `ctp_multi_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(opts.empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  return {
    url: serverUrl(base, name),
    async drop() {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Starts one server process on a free port and waits until /readyz answers (or it exits). */
export async function startInstance(opts: { databaseUrl: string; env?: Record<string, string>; readyTimeoutMs?: number }): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: opts.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += String(c)));
  child.stderr!.on('data', (c) => (out += String(c)));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const instance: Instance = { port, url: `http://127.0.0.1:${port}`, child, exited, output: () => out };
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  let ended = false;
  void exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`The server on port ${port} exited before it was ready:\n${out.slice(-4000)}`);
    try {
      const r = await fetch(`${instance.url}/readyz`);
      if (r.ok) return instance;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The server on port ${port} was not ready in time:\n${out.slice(-4000)}`);
}

/** Stops the instances (SIGTERM, then SIGKILL after graceMs) and waits for them to exit. */
export async function stopInstances(instances: Instance[], graceMs = 10_000): Promise<void> {
  await Promise.all(
    instances.map(async (i) => {
      if (i.child.exitCode !== null || i.child.signalCode !== null) return;
      i.child.kill('SIGTERM');
      const timer = setTimeout(() => i.child.kill('SIGKILL'), graceMs);
      await i.exited;
      clearTimeout(timer);
    }),
  );
}

/** Logs in on an instance and returns the session cookie ("name=value"). */
export async function logIn(instance: Instance, email: string, password: string): Promise<string> {
  const r = await fetch(`${instance.url}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.url },
    body: JSON.stringify({ email, password }),
  });
  const cookie = r.headers.get('set-cookie');
  if (!r.ok || !cookie) throw new Error(`log-in on port ${instance.port} answered ${r.status}`);
  return cookie.split(';')[0]!;
}
