// Assessments named in prose ('Screening (Day -14 to -1): informed consent, demographics, vital signs
// and a 12-lead ECG'): the comma, semicolon or 'and' separated phrases that name a recognised assessment
// — a concept of the dictionary (CDASH domain, library form, laboratory panel, ECG, examination) or a
// named instrument. A sentence is not an assessment: a long phrase or one that reads as a clause ('with
// vital signs taken before any blood draw') is proposed under the words that name the concept ('vital
// signs'), and a phrase named only by a generic word ('the patient diary before each infusion') is left
// out unless it is itself a short name ('headache diary review', 'sleep quality questionnaire').
import { matchConcepts, tidyLabel, type ConceptMatch } from '../map.ts';

/** Words of a clause, not of an assessment's name. */
const CLAUSE =
  /\b(?:should|will|must|shall|may|can|could|is|are|was|were|be|been|being|has|have|had|taken|performed|done|obtained|collected|recorded|continue[sd]?|who|which|that|when|whenever|before|after|until|unless|if|order|listed|any|other|than|every|each|reviews|the investigator)\b/i;
const MAX_WORDS = 6;

export function assessmentPhrases(text: string): { label: string; concepts: ConceptMatch[] }[] {
  const out: { label: string; concepts: ConceptMatch[] }[] = [];
  for (const part of text.split(/[;,]|\band\b(?![^()]*\))|\bas well as\b|\bincluding\b(?![^()]*\))/i)) {
    const label = tidyLabel(part.replace(/^\s*(?:a|an|the|will be|are|is|to be)\s+/i, '').replace(/\bwill be\b.*$/i, '')).trim();
    if (label.length < 2 || label.length > 120) continue;
    const concepts = matchConcepts(label);
    const known = concepts.filter((c) => !c.generic);
    const isName = label.split(/\s+/).length <= MAX_WORDS && !CLAUSE.test(label);
    if (isName && concepts.length) out.push({ label, concepts });
    else {
      // A clause naming assessments: each under the words that name it.
      for (const c of known) out.push({ label: c.matched, concepts: [c] });
    }
  }
  return out;
}
