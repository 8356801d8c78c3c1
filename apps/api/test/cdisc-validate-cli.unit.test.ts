// The command-line validator (npm run --silent cdisc:validate): on a folder in the layout of CDISC's rule
// test cases it prints exactly the results.csv rows CDISC's engine gives (header first, nothing else on
// standard output); bad arguments exit 2 with the reason.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const CLI = 'apps/api/src/cli/cdisc-validate.ts';
const CASE = path.join(HERE, 'fixtures/core-cases/CORE-000004/negative/01');

const validate = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, encoding: 'utf8' });

describe('cdisc:validate', { timeout: 90_000 }, () => {
  it("prints the official engine's rows for a rule's negative case, and only them", () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', CLI, '--data', path.join(CASE, 'data'), '--rules', 'CORE-000004'], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toBe(readFileSync(path.join(CASE, 'results/results.csv'), 'utf8').replace(/\r\n/g, '\n'));
  });

  it('prints every rule as JSON, saying why a rule did not run', () => {
    const r = validate('--data', path.join(CASE, 'data'), '--format', 'json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { rules: { coreId: string; status: string; reason?: string }[] };
    expect(report.rules).toHaveLength(430);
    const notRun = report.rules.filter((x) => x.status === 'not run');
    expect(notRun.length).toBeGreaterThan(0);
    for (const x of notRun) expect(x.reason).toBeTruthy();
  });

  it('reads XPT files with --define and says which define it read', () => {
    const r = validate('--data', '/work/shared/reference/cdisc-pilot/sdtm', '--define', '/work/shared/reference/cdisc-pilot/sdtm/define.xml', '--rules', 'CORE-000004,CORE-000001', '--format', 'json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { datasets: string[]; define: { fileOid: string } | null; unreadable: unknown[]; rules: unknown[] };
    expect(report.datasets).toContain('TS');
    expect(report.define?.fileOid).toBe('CDISCPILOT01');
    expect(report.unreadable).toEqual([]);
    expect(report.rules).toHaveLength(2);
    expect(validate('--data', path.join(CASE, 'data'), '--define', '/no/such/define.xml').status).toBe(2);
  });

  it('refuses a missing folder, an unknown format and an unknown rule with exit code 2', () => {
    expect(validate('--data', '/no/such/folder').status).toBe(2);
    expect(validate('--data', path.join(CASE, 'data'), '--format', 'xml').status).toBe(2);
    const unknown = validate('--data', path.join(CASE, 'data'), '--rules', 'CORE-999999');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('CORE-999999');
  });
});
