// CDISC's SDTMIG 3.4 CORE rules, run by the interpreter (core/), on a study's SDTM run: what the
// Validation tab's validation applies besides the hand-written rules still kept (rules.ts). A rule kept by
// hand is not run twice. Findings take the run's shape: one per flagged record (naming the variables the
// rule reports), at most MAX_FINDINGS_PER_RULE per rule and dataset; an error when CDISC marks the
// rule fully executable, a warning when only partially (it may over-report). A rule application is one
// rule on one dataset in its scope (or on the study, for domain presence); rules that cannot run (a
// dictionary, a library version the product lacks) are not applications and report nothing.
import { sdtmigRules } from './core/load-rules.ts';
import { inScope, runRule } from './core/run-rule.ts';
import { classOf } from './core/read-package.ts';
import type { CoreFinding, StudyDataset } from './core/types.ts';
import { Collector, type DatasetResult, type RuleDataset } from './rules.ts';

/** The run's datasets as the interpreter reads them (rows of named values, the IG's class for the scopes). */
export function interpreterDataset(ds: RuleDataset, label = ''): StudyDataset {
  return {
    name: ds.name,
    label,
    className: classOf(ds.name),
    variables: ds.variables,
    rows: ds.rows.map((r) => Object.fromEntries(ds.variables.map((v, k) => [v.name, typeof r[k] === 'boolean' ? (r[k] ? 'Y' : 'N') : (r[k] as string | number | null) ?? null]))),
  };
}

export function runCoreRules(datasets: StudyDataset[], keptByHand: ReadonlySet<string>): DatasetResult {
  const study = { datasets };
  const findings: DatasetResult['findings'] = [];
  let applied = 0;
  let failed = 0;
  for (const rule of sdtmigRules()) {
    if (keptByHand.has(rule.core_id)) continue;
    const outcome = runRule(rule, study);
    if (outcome.status === 'not run') continue;
    const partial = (rule.executability ?? '').toLowerCase() !== 'fully executable';
    const kind = partial ? ('warning' as const) : ('error' as const);
    const byDataset = new Map<string, CoreFinding[]>();
    for (const f of outcome.findings) byDataset.set(f.dataset, [...(byDataset.get(f.dataset) ?? []), f]);
    const targets = rule.rule_type.startsWith('Domain Presence') ? ['STUDY'] : datasets.filter((d) => inScope(rule, d)).map((d) => d.name);
    applied += new Set([...targets, ...byDataset.keys()]).size;
    for (const [dataset, rows] of byDataset) {
      const c = new Collector({ coreId: rule.core_id, kind, type: 'CONFORMANCE', severity: partial ? 'medium' : 'high', dataset: dataset === 'STUDY' ? rows[0]!.variable : dataset, recommendation: null });
      const byRecord = new Map<number | null, { message: string; variables: string[] }>();
      for (const f of rows) {
        const r = byRecord.get(f.record) ?? { message: f.message, variables: [] };
        if (!r.variables.includes(f.variable)) r.variables.push(f.variable);
        byRecord.set(f.record, r);
      }
      for (const [record, r] of byRecord) c.add(r.message, r.variables.join(', ').slice(0, 200), record);
      if (c.errors > 0) failed += 1;
      findings.push(...c.done());
    }
  }
  return { findings, applied, failed };
}
