// What the report says about a CORE rule besides its outcome, read from the shipped definition: its
// description and CDISC's message, its type and executability, the conformance rule ids and the guidance
// they cite for SDTMIG 3.4 (the version the shipped rules are for). The severity: CDISC's engine reports
// every rule as an error; a rule CDISC marks only partially executable (it may over- or under-report) is a
// warning here, so a reviewer can look at the fully executable rules' findings first.
import type { CoreCitation, CoreSeverity } from '@ctp/contracts';
import type { CoreRule } from '../core/types.ts';

interface Reference {
  Citations?: { Cited_Guidance?: string; Document?: string; Item?: string; Section?: string }[];
  Rule_Identifier?: { Id?: string };
}
interface Authority {
  Organization?: string;
  Standards?: { Name?: string; Version?: string; References?: Reference[] }[];
}

export const severityOf = (rule: CoreRule): CoreSeverity => ((rule.executability ?? '').toLowerCase() === 'fully executable' ? 'error' : 'warning');

export interface RuleInfo {
  description: string;
  message: string;
  ruleType: string;
  executability: string;
  authorityIds: string[];
  citations: CoreCitation[];
}

export function ruleInfo(rule: CoreRule): RuleInfo {
  const authorities = ((rule as unknown as { authorities?: Authority[] }).authorities ?? []).flatMap((a) => a.Standards ?? []);
  const sdtmig = authorities.filter((s) => s.Name === 'SDTMIG' && s.Version === '3.4');
  const references = (sdtmig.length ? sdtmig : authorities).flatMap((s) => s.References ?? []);
  const citations = references.flatMap((r) => r.Citations ?? []).map((c) => ({ document: c.Document ?? '', section: c.Section ?? '', item: c.Item ?? '', guidance: c.Cited_Guidance ?? '' }));
  return {
    description: rule.description ?? '',
    message: rule.actions?.[0]?.params?.message ?? '',
    ruleType: rule.rule_type,
    executability: rule.executability ?? '',
    authorityIds: [...new Set(references.map((r) => r.Rule_Identifier?.Id ?? '').filter(Boolean))],
    citations: citations.filter((c, i) => citations.findIndex((x) => x.document === c.document && x.section === c.section && x.guidance === c.guidance) === i),
  };
}
