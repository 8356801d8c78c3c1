// Prose never becomes a form by accident (issue 28 item 3): an assessment proposed from prose is a
// recognised one (a dictionary concept, a named instrument, or a short name with a generic word) with
// its visit; clauses and fragments of sentences are not proposed, nor forms made of them.
import { describe, expect, it } from 'vitest';
import { extractPlainText } from '../src/modules/protocol/extract.ts';
import { analyseDocument } from '../src/modules/protocol/analyze.ts';
import { assessmentPhrases } from '../src/modules/protocol/schedule/prose-phrases.ts';

describe('assessments from prose', () => {
  it('names are kept, a clause is read as the assessment it names, generic fragments are dropped', () => {
    expect(assessmentPhrases('informed consent, vital signs taken before any blood draw and the patient diary before each infusion').map((p) => p.label)).toEqual([
      'informed consent',
      'vital signs',
    ]);
    expect(assessmentPhrases('vital signs, MIDAS questionnaire and headache diary review').map((p) => [p.label, p.concepts[0]!.key])).toEqual([
      ['vital signs', 'vitalSigns'],
      ['MIDAS questionnaire', 'instrument:MIDAS'],
      ['headache diary review', 'instrument:headache diary review'],
    ]);
    expect(assessmentPhrases('Patients who discontinue treatment continue tumour assessments every 6 weeks')).toEqual([]);
  });

  it('a prose schedule proposes no form named by a sentence, and nothing without its visit', () => {
    const doc = extractPlainText(
      [
        '5 Study Visits',
        '',
        'Screening (Day -14 to -1): informed consent, vital signs taken before any blood draw, and the patient diary before each infusion.',
        '',
        'Week 4 (Day 28 ± 3): vital signs, MIDAS questionnaire and headache diary review.',
        '',
        'The investigator reviews the laboratory results and the quality of life questionnaire before each infusion.',
        '',
        'Adverse events will be recorded at every visit.',
      ].join('\n'),
    );
    const a = analyseDocument(doc, 'prose.txt');
    const labels = [...new Set(a.assessments.map((x) => x.label))];
    expect(labels.sort()).toEqual(['Adverse events', 'MIDAS questionnaire', 'headache diary review', 'informed consent', 'vital signs']);
    expect(a.assessments.every((x) => x.visits.length > 0)).toBe(true);
    expect(a.proposedForms.map((f) => f.name).sort()).toEqual(['Adverse Events', 'Headache diary review', 'MIDAS', 'Vital Signs']);
  });
});
