// The CORE rule interpreter (cdisc/validation/core) against CDISC's own engine: each rule of the shipped
// SDTMIG 3.4 rules file run on CDISC's test cases, where the findings must be exactly the rows the official
// engine reports (results.csv: dataset, record, variable, value; none on a positive case). The cases in
// fixtures/core-cases (164 rules) must all agree; with the shared reference folder present, all 325 rules'
// cases run, and the number that agree must not fall below what was measured.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sdtmigRules } from '../src/modules/cdisc/validation/core/load-rules.ts';
import { compareCase } from './support/core-cases.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(HERE, 'fixtures/core-cases');
const REFERENCE = path.resolve(HERE, '../../../../shared/reference/core-rules/cases');
const rules = new Map(sdtmigRules().map((r) => [r.core_id, r]));

const caseDirs = (root: string) =>
  readdirSync(root)
    .filter((id) => id.startsWith('CORE-'))
    .sort()
    .flatMap((id) => ['positive', 'negative'].map((kind) => ({ id, kind, dir: path.join(root, id, kind, '01') })))
    .filter((c) => existsSync(c.dir));

describe('the CORE rules file', () => {
  it('holds the 430 SDTMIG 3.4 rules with their definitions', () => {
    expect(rules.size).toBe(430);
    for (const r of rules.values()) expect(r.conditions, r.core_id).toBeTruthy();
  });
});

describe("CDISC's test cases kept with the code", () => {
  for (const c of caseDirs(FIXTURES)) {
    it(`${c.id} ${c.kind}: the findings are the official engine's`, () => {
      const rule = rules.get(c.id)!;
      const result = compareCase(rule, c.dir);
      expect(result.status).toBe('run');
      if (result.status === 'run') expect(result.got).toEqual(result.want);
    });
  }
});

describe.skipIf(!existsSync(REFERENCE))("every rule's test cases in the reference folder", () => {
  it('agree with the official engine at least as often as measured, and a rule that cannot run says why', { timeout: 120_000 }, () => {
    const tally = { agree: 0, differ: 0, notRun: 0, noResult: 0 };
    for (const c of caseDirs(REFERENCE)) {
      const rule = rules.get(c.id);
      if (!rule) continue;
      const result = compareCase(rule, c.dir);
      if (result.status === 'no result') tally.noResult++;
      else if (result.status === 'not run') {
        tally.notRun++;
        expect(result.reason.length).toBeGreaterThan(10);
      } else if (result.agrees) tally.agree++;
      else tally.differ++;
    }
    console.warn(`CORE cases: ${tally.agree} agree with CDISC's engine, ${tally.differ} differ, ${tally.notRun} not run, ${tally.noResult} without a published result`);
    // Six negative cases come with an empty results folder: nothing to compare, counted apart, never as agreeing.
    expect(tally.noResult).toBeLessThanOrEqual(6);
    // Measured 2026-11-27: 546 of 646 case runs agree, 56 differ, 44 not run; 2026-11-28, with Match Datasets
    // joined, group aliases and comparator variables reported: 556 agree, 47 differ, 37 not run; later that day,
    // with the engine's readings of absent variables, blanks, custom domains, Findings About, domain presence and
    // case folders, and the operators added: 579 agree, 29 differ (none open), 32 not run, 6 without a published
    // result (each difference and not-run case with its reason in docs/core-rules-agreement.md); with relationship
    // joins (a child through RDOMAIN / IDVAR / IDVARVAL, RELREC without keys): 592 agree, 29 differ, 19 not run.
    // A floor: fewer agreeing cases fail.
    expect(tally.agree).toBeGreaterThanOrEqual(592);
  });
});
