// Activities mapped to forms: an activity whose biomedical concepts (directly, through a BC category's
// members, or a surrogate naming a CDASH domain) correspond to fields of a CDASH library form takes that
// form (the domain most of its concepts point to); an activity without such concepts named exactly like a
// library form (e.g. 'Medical history') takes that form; otherwise it becomes an empty draft form named after
// the activity, listing the concepts it must collect.
import { CDASH_LIBRARY, libraryForm } from '@ctp/contracts/cdash-library';
import type { UsdmProposal } from '@ctp/contracts';
import type { Activity } from './document.ts';
import type { ObjectIndex } from './object-index.ts';
import { conceptField, surrogateDomain } from './concepts.ts';
import { originOf } from './origin.ts';

type ProposedForm = UsdmProposal['forms'][number];

interface Concept {
  origin: ProposedForm['concepts'][number]['origin'];
  code: string | null;
  domain: string | undefined;
  field: string | null;
}

function conceptsOf(index: ObjectIndex, activity: Activity): Concept[] {
  const out: Concept[] = [];
  const bc = (id: string, owner: object, field: string, i: number) => {
    const c = index.resolve<{ id: string; name: string; instanceType: string; code?: { standardCode?: { code?: string } } }>(owner, field, id, ['BiomedicalConcept'], i);
    const code = c.code?.standardCode?.code ?? null;
    const mapped = conceptField(code);
    out.push({ origin: originOf(c), code, domain: mapped?.domain, field: mapped?.field ?? null });
  };
  (activity.biomedicalConceptIds ?? []).forEach((id, i) => bc(id, activity, 'biomedicalConceptIds', i));
  (activity.bcCategoryIds ?? []).forEach((id, i) => {
    const cat = index.resolve<{ memberIds?: string[] }>(activity, 'bcCategoryIds', id, ['BiomedicalConceptCategory'], i);
    (cat.memberIds ?? []).forEach((m, j) => {
      const member = index.find(m);
      if (member?.value.instanceType === 'BiomedicalConcept') bc(m, cat, 'memberIds', j);
    });
  });
  (activity.bcSurrogateIds ?? []).forEach((id, i) => {
    const s = index.resolve<{ id: string; name: string; instanceType: string; reference?: string | null }>(activity, 'bcSurrogateIds', id, ['BiomedicalConceptSurrogate'], i);
    out.push({ origin: originOf(s), code: null, domain: surrogateDomain(s.name) ?? surrogateDomain(s.reference), field: null });
  });
  return out;
}

export function activityForm(index: ObjectIndex, activity: Activity, visitCodes: string[]): ProposedForm {
  const concepts = conceptsOf(index, activity);
  const votes = new Map<string, number>();
  for (const c of concepts) if (c.domain && libraryForm(c.domain)) votes.set(c.domain, (votes.get(c.domain) ?? 0) + 1);
  const named = CDASH_LIBRARY.find((f) => f.name.toLowerCase() === activity.name.trim().toLowerCase())?.domain ?? null;
  const domain = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? named;
  const library = domain ? libraryForm(domain) : undefined;
  const matchedFields = [...new Set(concepts.filter((c) => c.domain === domain && c.field).map((c) => c.field!))];
  return {
    origin: originOf(activity),
    name: activity.name.trim().slice(0, 200),
    category: library?.category ?? 'Visit',
    libraryDomain: library ? domain : null,
    matchedFields,
    concepts: concepts.map((c) => ({ origin: c.origin, code: c.code, field: c.domain === domain ? c.field : null })),
    visitCodes,
  };
}
