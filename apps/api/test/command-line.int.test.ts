// The command-line tools tell the truth through their exit code (issue 28 item 6): closing PGlite reset
// process.exitCode to 0, so a refused meddra:import, and audit:verify on a broken chain, used to exit 0.
// Each tool runs as its own process on a fresh embedded database; refusals print one line, no stack.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MEDDRA = path.join(ROOT, 'apps/api/test/fixtures/meddra');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ctp-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...inherited, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}
const MEDDRA_IMPORT = 'packages/db/src/cli/meddra-import.ts';
const AUDIT_VERIFY = 'packages/db/src/cli/audit-verify.ts';
/** A stack trace's frames ("    at fn (file:line)"). */
const STACK = /^\s+at /m;

describe('command-line tools', () => {
  it('meddra:import refuses a folder without the release files with exit 1 and one line', () => {
    const empty = path.join(dataDir, 'empty-release');
    mkdirSync(empty);
    const r = run(MEDDRA_IMPORT, [empty]);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe('Missing MedDRA files: meddra_release.asc, llt.asc, pt.asc, mdhier.asc, soc.asc');
    expect(r.err).not.toMatch(STACK);
  });

  it('meddra:import loads a release once; the second time it exits 1 saying it is loaded', () => {
    const first = run(MEDDRA_IMPORT, [MEDDRA]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/lowest level terms loaded/);
    const again = run(MEDDRA_IMPORT, [MEDDRA]);
    expect(again.code).toBe(1);
    expect(again.err.trim()).toMatch(/^MedDRA \S+ \(\w+\) is already loaded$/);
    expect(again.err).not.toMatch(STACK);
  });

  it('audit:verify exits 0 on an intact chain, and a tool exits 1 with one line while the database is in use', () => {
    expect(run(AUDIT_VERIFY, []).code).toBe(0);
    // A live process (this test's) holds the embedded database's lock, as a running server would.
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      for (const [script, args] of [[AUDIT_VERIFY, []], [MEDDRA_IMPORT, [MEDDRA]]] as const) {
        const r = run(script, [...args]);
        expect(r.code).toBe(1);
        expect(r.err.trim()).toBe(`The embedded database in ${dataDir} is in use by process ${process.pid}. Stop it first, or set DATA_DIR to another folder.`);
      }
    } finally {
      rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  });
});
