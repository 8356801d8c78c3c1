// The USDM 4.0 CORE rules on a USDM document (the interpreter in cdisc/validation/core/usdm), summed up
// per rule for the import review and the export's test: what each rule found, where, and what did not run.
import type { UsdmConformance } from '@ctp/contracts';
import { runUsdmRules, type UsdmRuleOutcome } from '../cdisc/validation/core/usdm/run-usdm.ts';
import { schemaErrorRows } from './schema.ts';

/** Every USDM rule's outcome on the document (imports are read against the schema's input root). */
export const usdmRuleOutcomes = (doc: unknown, root: 'Wrapper-Input' | 'Wrapper-Output' = 'Wrapper-Input'): Promise<UsdmRuleOutcome[]> =>
  runUsdmRules(doc, { schemaErrors: (d) => schemaErrorRows(d, root) });

const EXAMPLES = 5;

export function summarize(outcomes: UsdmRuleOutcome[]): UsdmConformance {
  const rules: UsdmConformance['rules'] = [];
  const notRun: UsdmConformance['notRun'] = [];
  for (const o of outcomes) {
    if (o.status === 'not run') notRun.push({ coreId: o.coreId, reason: o.reason });
    else if (o.findings.length)
      rules.push({
        coreId: o.coreId,
        partial: o.executability !== 'fully executable',
        message: o.findings[0]!.message,
        count: o.findings.length,
        entities: o.findings.slice(0, EXAMPLES).map((f) => ({ entity: f.entity, id: f.id, path: f.path })),
      });
  }
  return { rulesRun: outcomes.length - notRun.length, rules, notRun };
}

export const usdmConformanceOf = async (doc: unknown) => summarize(await usdmRuleOutcomes(doc));
