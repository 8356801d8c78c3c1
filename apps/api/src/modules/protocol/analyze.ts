// The analysis a person reviews: the parsed schedule, criteria, endpoints and enrollment, and the forms
// the assessments call for (a CDASH library form where the library has one, else an empty draft), with
// the spec's {forms, dataPoints}. Pure: (document) -> proposal.
import { countFields, type FormField, type ProtocolAnalysis, type ProposedForm } from '@ctp/contracts';
import { libraryForm } from '@ctp/contracts/cdash-library';
import type { ExtractedDocument } from './extract.ts';
import { parseProtocol } from './parse.ts';

function fieldLabels(fields: readonly FormField[]): string[] {
  return fields.flatMap((f) => (f.type === 'repeatingGroup' ? f.fields.map((s) => s.label) : [f.label]));
}

export function analyseDocument(doc: ExtractedDocument, fileName: string): ProtocolAnalysis {
  const parsed = parseProtocol(doc);
  const visitOrder = new Map(parsed.visits.map((v, i) => [v.code, i]));
  const byVisitOrder = (codes: Iterable<string>) => [...new Set(codes)].sort((a, b) => (visitOrder.get(a) ?? 0) - (visitOrder.get(b) ?? 0));

  const forms = new Map<string, ProposedForm>();
  const assessments: ProtocolAnalysis['assessments'] = [];
  for (const a of parsed.assessments) {
    if (!a.concepts.length) {
      assessments.push({ concept: 'other', label: a.label, matched: '', libraryDomain: null, visits: a.visits, evidence: a.evidence });
      continue;
    }
    for (const c of a.concepts) {
      assessments.push({ concept: c.key, label: a.label, matched: c.matched, libraryDomain: c.libraryDomain, visits: a.visits, evidence: a.evidence });
      if (c.noForm) continue;
      let form = forms.get(c.key);
      if (!form) {
        const library = c.libraryDomain ? libraryForm(c.libraryDomain) : undefined;
        form = {
          key: c.key,
          name: library?.name ?? c.formName,
          category: library?.category ?? c.category,
          libraryDomain: library?.domain ?? null,
          fieldsCount: library ? countFields(library.definition) : 0,
          dataPoints: library ? fieldLabels(library.definition.fields) : [],
          assessments: [],
          matched: [],
          visits: [],
          evidence: [],
        };
        forms.set(c.key, form);
      }
      if (!form.assessments.includes(a.label)) form.assessments.push(a.label);
      if (!form.matched.some((m) => m.toLowerCase() === c.matched.toLowerCase())) form.matched.push(c.matched);
      form.visits = byVisitOrder([...form.visits, ...a.visits]);
      for (const e of a.evidence) if (form.evidence.length < 6 && !form.evidence.some((x) => x.text === e.text)) form.evidence.push(e);
    }
  }
  const proposedForms = [...forms.values()];
  return {
    forms: proposedForms.map((f) => f.name),
    dataPoints: proposedForms.flatMap((f) => f.dataPoints.map((d) => `${f.name}: ${d}`)),
    document: { fileName, format: doc.format, pages: doc.pages, paragraphs: doc.paragraphs, tables: doc.tables },
    scheduleSource: parsed.scheduleSource,
    visits: parsed.visits,
    proposedForms,
    assessments,
    criteria: parsed.criteria,
    endpoints: parsed.endpoints,
    plannedEnrollment: parsed.plannedEnrollment,
  };
}
