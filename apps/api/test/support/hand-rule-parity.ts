// Whether the CORE interpreter covers a hand-written rule of rules.ts: on CDISC's own test cases of that rule
// (cases/<id>/{positive,negative}/01), the hand rule and the interpreter flag the same records (dataset and
// record), every variable the hand rule names is among the interpreter's, and the interpreter's rows are
// exactly the official engine's. A rule passing this on both cases is retired from rules.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sdtmigRules } from '../../src/modules/cdisc/validation/core/load-rules.ts';
import { runRule } from '../../src/modules/cdisc/validation/core/run-rule.ts';
import { HAND_RULES_WITH_RETIRED, dmRecordsOf, subjectMinimum, subjectMinimumsNeeded, validateDataset, type CatalogueDataset, type RuleContext, type RuleDataset, validateDatasetList } from '../../src/modules/cdisc/validation/rules.ts';
import { compareCase, readCaseStudy } from './core-cases.ts';

let catalogue: Map<string, CatalogueDataset> | undefined;

/** The hand rules' view of SDTMIG 3.4 (the shipped catalogue, as the database holds it). */
function sdtmig34(): Map<string, CatalogueDataset> {
  if (catalogue) return catalogue;
  const file = JSON.parse(readFileSync(new URL('../../../../packages/db/src/reference/cdisc-catalogue.json', import.meta.url), 'utf8')) as { datasets: string[][]; variables: (string | number | null)[][] };
  catalogue = new Map(file.datasets.filter((d) => d[0] === 'SDTMIG').map((d) => [d[1]!, { class: d[3]!, variables: new Map() }]));
  for (const v of file.variables) if (v[0] === 'SDTMIG') catalogue.get(String(v[1]))?.variables.set(String(v[3]), { core: (v[8] as string) ?? null, type: v[6] === 'Num' ? 'Num' : 'Char', codelistCode: (v[9] as string) ?? null });
  return catalogue;
}

/** The hand rule's flagged (dataset, record, variable) on a case folder. */
export function handRows(coreId: string, dir: string): string[] {
  const study = readCaseStudy(dir);
  const asRule = (d: (typeof study.datasets)[number]): RuleDataset => ({ name: d.name, variables: d.variables, rows: d.rows.map((r) => d.variables.map((v) => r[v.name] ?? null)) });
  const dm = study.datasets.find((d) => d.name === 'DM');
  const ctx: RuleContext = {
    dmSubjects: dm ? new Set(dm.rows.map((r) => String(r.USUBJID ?? ''))) : null,
    dmStudyIds: new Set(dm ? dm.rows.map((r) => String(r.STUDYID ?? '')) : []),
    catalogue: sdtmig34(),
    dmRecords: dm ? dmRecordsOf(asRule(dm)) : null,
    subjectMin: new Map(),
  };
  for (const need of subjectMinimumsNeeded(HAND_RULES_WITH_RETIRED)) {
    const d = study.datasets.find((x) => x.name === need.dataset);
    if (d) ctx.subjectMin!.set(`${need.dataset}.${need.variable}`, subjectMinimum(asRule(d), need.variable));
  }
  // The study-level checks (a dataset present or absent) run on the list of names, as the validation does.
  return [...validateDatasetList(study.datasets.map((d) => d.name), HAND_RULES_WITH_RETIRED).findings, ...study.datasets.flatMap((d) => validateDataset(asRule(d), ctx, HAND_RULES_WITH_RETIRED).findings)]
    .filter((f) => f.coreId === coreId)
    .map((f) => `${f.dataset}|${f.record ?? ''}|${f.variable ?? ''}`);
}

const records = (rows: string[]) => [...new Set(rows.map((r) => r.split('|').slice(0, 2).join('|')))].sort();

export type Parity = { covered: true } | { covered: false; why: string };

/** The verdict for one hand rule on its cases under root (reference/core-rules/cases or the fixtures). */
export function parity(coreId: string, root: string): Parity {
  const rule = sdtmigRules().find((r) => r.core_id === coreId);
  if (!rule) return { covered: false, why: 'not among the SDTMIG 3.4 rules the interpreter runs' };
  const dirs = ['positive', 'negative'].map((k) => path.join(root, coreId, k, '01')).filter((d) => existsSync(d));
  if (dirs.length < 2) return { covered: false, why: 'CDISC publishes no positive and negative case for it' };
  for (const dir of dirs) {
    const c = compareCase(rule, dir);
    if (c.status === 'no result') return { covered: false, why: 'CDISC publishes no result for one of its cases' };
    if (c.status === 'not run') return { covered: false, why: `the interpreter does not run it: ${c.reason}` };
    if (!c.agrees) return { covered: false, why: `the interpreter differs from CDISC's engine on the ${path.basename(path.dirname(dir))} case` };
    const outcome = runRule(rule, readCaseStudy(dir));
    const core = outcome.status === 'run' ? outcome.findings.map((f) => `${f.dataset}|${f.record ?? ''}|${f.variable}`) : [];
    const hand = handRows(coreId, dir);
    if (JSON.stringify(records(hand)) !== JSON.stringify(records(core))) return { covered: false, why: `the hand rule flags other records on the ${path.basename(path.dirname(dir))} case` };
    const coreSet = new Set(core);
    // A hand finding about a dataset names no record; the engine's names the dataset's variables.
    if (hand.some((h) => !h.endsWith('|') && !coreSet.has(h))) return { covered: false, why: `the hand rule names another variable on the ${path.basename(path.dirname(dir))} case` };
  }
  return { covered: true };
}

/**
 * The wider verdict: CDISC's definition reads the rule more broadly than the hand rule did. On both cases the
 * interpreter's rows are exactly the official engine's, and every record the hand rule flags the interpreter
 * flags too (a hand finding about a dataset, no record, is met by any finding on it, and a finding about the
 * dataset meets each of its records); the hand rule finds
 * something on the negative case, so the comparison can fail. What the interpreter adds is the engine's.
 */
export function widerParity(coreId: string, root: string): Parity {
  const rule = sdtmigRules().find((r) => r.core_id === coreId);
  if (!rule) return { covered: false, why: 'not among the SDTMIG 3.4 rules the interpreter runs' };
  for (const kind of ['positive', 'negative']) {
    const dir = path.join(root, coreId, kind, '01');
    if (!existsSync(dir)) return { covered: false, why: `CDISC publishes no ${kind} case for it` };
    const c = compareCase(rule, dir);
    if (c.status === 'no result') return { covered: false, why: `CDISC publishes no result for the ${kind} case` };
    if (c.status === 'not run') return { covered: false, why: `the interpreter does not run it: ${c.reason}` };
    if (!c.agrees) return { covered: false, why: `the interpreter's rows are not the engine's on the ${kind} case` };
    const outcome = runRule(rule, readCaseStudy(dir));
    const findings = outcome.status === 'run' ? outcome.findings : [];
    const core = new Set(findings.map((f) => `${f.dataset}|${f.record ?? ''}`));
    // A domain presence finding is about the study and names the dataset as its variable (STUDY, TT).
    const datasets = new Set([...findings.map((f) => f.dataset), ...findings.filter((f) => f.dataset === 'STUDY').map((f) => f.variable)]);
    const hand = handRows(coreId, dir);
    if (kind === 'negative' && !hand.length) return { covered: false, why: 'the hand rule finds nothing on the negative case' };
    // A finding about the dataset (the rule's sensitivity is Dataset) covers each of its records.
    const missed = hand.find((h) => {
      const [d, r] = h.split('|');
      return r ? !core.has(`${d}|${r}`) && !core.has(`${d}|`) : !datasets.has(d!);
    });
    if (missed) return { covered: false, why: `the interpreter misses ${missed} the hand rule flags on the ${kind} case` };
  }
  return { covered: true };
}

export const handCoreIds = () => [...new Set(HAND_RULES_WITH_RETIRED.map((r) => r.core_id))].sort();
