// Protocol analysis on the protocols written for the tests (test/fixtures/protocols, see content.ts):
// text extraction per format (tables kept as rows), the schedule from a table and from prose, criteria,
// endpoints, enrollment and the forms proposed. Each fixture's share of visits, assessments and
// scheduled assessments found is measured against its truth and printed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocolAnalysis, type ProtocolAnalysis } from '@ctp/contracts';
import { blocksFromHtml, blocksFromWordBody, extractDocument, extractPlainText, pdfLines } from '../src/modules/protocol/extract.ts';
import { analyseDocument } from '../src/modules/protocol/analyze.ts';
import { parseVisitLabel, parseWindow } from '../src/modules/protocol/parse.ts';
import { matchConcepts } from '../src/modules/protocol/map.ts';
import { ALPHA_TRUTH, BETA_TRUTH, type Truth } from './fixtures/protocols/content.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/protocols');

async function analyse(file: string, format: 'pdf' | 'doc' | 'docx' | 'txt'): Promise<ProtocolAnalysis> {
  const doc = await extractDocument(path.join(dir, file), format);
  return protocolAnalysis.parse(analyseDocument(doc, file));
}

/** The share of the truth's visits, assessments and (assessment, visit) pairs the analysis found. */
function shares(a: ProtocolAnalysis, truth: Truth) {
  const visitDay = new Map(a.visits.map((v) => [v.code, v.day]));
  const foundVisits = truth.visits.filter((t) => a.visits.some((v) => v.day === t.day && v.name.toLowerCase().includes(t.name.toLowerCase())));
  const labelled = (label: string) => a.assessments.find((x) => x.label.toLowerCase() === label.toLowerCase());
  const foundAssessments = truth.assessments.filter((t) => labelled(t.label));
  const cells = truth.assessments.flatMap((t) => t.days.map((day) => ({ label: t.label, day })));
  const foundCells = cells.filter((c) => labelled(c.label)?.visits.some((code) => visitDay.get(code) === c.day));
  // Nothing scheduled that the truth does not schedule.
  const extraCells = a.assessments.flatMap((x) => {
    const t = truth.assessments.find((y) => y.label.toLowerCase() === x.label.toLowerCase());
    return t ? x.visits.filter((code) => !t.days.includes(visitDay.get(code)!)) : [];
  });
  return {
    visits: foundVisits.length / truth.visits.length,
    assessments: foundAssessments.length / truth.assessments.length,
    cells: foundCells.length / cells.length,
    extraCells: extraCells.length,
  };
}

const FIXTURES = [
  { file: 'alpha-table.docx', format: 'docx', truth: ALPHA_TRUTH, source: 'table' },
  { file: 'alpha-table.pdf', format: 'pdf', truth: ALPHA_TRUTH, source: 'table' },
  { file: 'alpha-table.doc', format: 'doc', truth: ALPHA_TRUTH, source: 'table' },
  { file: 'alpha-table.txt', format: 'txt', truth: ALPHA_TRUTH, source: 'table' },
  { file: 'beta-prose.txt', format: 'txt', truth: BETA_TRUTH, source: 'text' },
] as const;

describe('protocol fixtures: what is found, per format', () => {
  it.each(FIXTURES)('$file: every visit, assessment and scheduled assessment of the truth', async ({ file, format, truth, source }) => {
    const a = await analyse(file, format);
    const s = shares(a, truth);
    console.warn(`${file}: visits ${(s.visits * 100).toFixed(0)}%, assessments ${(s.assessments * 100).toFixed(0)}%, scheduled assessments ${(s.cells * 100).toFixed(0)}%, extra ${s.extraCells}`);
    expect(a.scheduleSource).toBe(source);
    expect(s).toEqual({ visits: 1, assessments: 1, cells: 1, extraCells: 0 });
    expect(a.visits).toHaveLength(truth.visits.length);
    // The forms the assessments call for, library forms copied, the others empty drafts.
    const keys = a.proposedForms.map((f) => f.libraryDomain ?? f.key);
    for (const f of truth.forms) expect(keys.some((k) => k === f || k.toLowerCase().startsWith(f.toLowerCase()))).toBe(true);
    expect(a.forms).toEqual(a.proposedForms.map((f) => f.name));
    expect(a.dataPoints.length).toBe(a.proposedForms.reduce((n, f) => n + f.fieldsCount, 0));
    expect(a.dataPoints).toContain('Vital Signs: Systolic Blood Pressure');
    // Criteria, endpoints and enrollment, each with where it came from.
    expect(a.criteria.inclusion).toHaveLength(truth.inclusion);
    expect(a.criteria.exclusion).toHaveLength(truth.exclusion);
    expect(a.endpoints.primary).toHaveLength(truth.primary);
    expect(a.endpoints.secondary).toHaveLength(truth.secondary);
    expect(a.plannedEnrollment?.value).toBe(truth.enrollment);
    for (const e of [...a.criteria.inclusion, ...a.endpoints.primary].map((x) => x.evidence)) {
      expect(e.text.length).toBeGreaterThan(3);
      expect(e.page ?? e.paragraph ?? e.line).not.toBeNull();
    }
  });

  it('ALPHA: the table keeps windows, study days and the row each assessment came from', async () => {
    for (const [file, format] of [['alpha-table.pdf', 'pdf'], ['alpha-table.docx', 'docx'], ['alpha-table.doc', 'doc']] as const) {
      const a = await analyse(file, format);
      expect(a.visits.map((v) => [v.code, v.day, v.windowBefore, v.windowAfter])).toEqual([
        ['SCR', -1, 27, 0],
        ['D1', 1, 0, 0],
        ['W4', 28, 3, 3],
        ['W8', 56, 3, 3],
        ['W12', 84, 5, 5],
        ['FU_D112', 112, 7, 7],
      ]);
      expect(a.visits[2]!.name).toBe('Week 4 (Day 28)');
      const ecg = a.assessments.find((x) => x.concept === 'ecg')!;
      expect(ecg.evidence[0]).toMatchObject({ table: 1, text: expect.stringContaining('12-lead ECG') });
      if (format === 'pdf') expect(ecg.evidence[0]!.page).toBe(2);
      const vs = a.proposedForms.find((f) => f.libraryDomain === 'VS')!;
      expect(vs.assessments).toEqual(['Vital signs (seated blood pressure and heart rate)', 'Height and weight']);
      expect(vs.matched.map((m) => m.toLowerCase())).toEqual(expect.arrayContaining(['vital signs', 'height']));
      expect(a.proposedForms.find((f) => f.key === 'ecg')).toMatchObject({ libraryDomain: null, fieldsCount: 0, category: 'Visit' });
      // Consent and randomisation are procedures: listed, no form.
      expect(a.assessments.some((x) => x.concept === 'informedConsent')).toBe(true);
      expect(a.proposedForms.some((f) => f.key === 'informedConsent' || f.key === 'randomisation')).toBe(false);
    }
  });

  it('BETA: visits from prose, the assessments of each, and "at every visit"', async () => {
    const a = await analyse('beta-prose.txt', 'txt');
    expect(a.visits.map((v) => v.code)).toEqual(['SCR', 'D0', 'W4', 'W12', 'FU_D112']);
    expect(a.visits[0]).toMatchObject({ windowBefore: 13, evidence: { paragraph: expect.any(Number), line: expect.any(Number) } });
    expect(a.proposedForms.find((f) => f.libraryDomain === 'AE')?.visits).toEqual(['SCR', 'D0', 'W4', 'W12', 'FU_D112']);
    expect(a.endpoints.primary[0]!.text).toBe('the change in monthly migraine days from baseline to Week 12');
    // A criterion wrapped over three lines is one criterion.
    expect(a.criteria.inclusion[0]!.text).toMatch(/^Adults aged 18 to 65 years .* 3rd edition\.$/);
  });
});

describe('extraction', () => {
  it('DOCX tables keep their columns through colspan and rowspan', () => {
    const html =
      '<h1>Schedule</h1><table><tr><td><p>Assessment</p></td><td colspan="2"><p>Treatment</p></td><td><p>End</p></td></tr>' +
      '<tr><td rowspan="2"><p>Labs</p></td><td><p>X</p></td><td></td><td><p>X</p></td></tr>' +
      '<tr><td></td><td><p>X</p></td><td></td></tr></table><p>After &amp; more</p>';
    const { blocks, tables, paragraphs } = blocksFromHtml(html);
    expect(tables).toBe(1);
    expect(paragraphs).toBe(2);
    expect(blocks.map((b) => b.cells ?? b.text)).toEqual(['Schedule', ['Assessment', 'Treatment', '', 'End'], ['Labs', 'X', '', 'X'], ['', '', 'X', ''], 'After & more']);
    expect(blocks[0]!.heading).toBe(true);
  });

  it('DOC bodies: a tab ends a cell, rows of one table are numbered', () => {
    const { blocks, tables } = blocksFromWordBody('Title\nA\tB\tC\t\nD\tX\t\t\n\nAfter');
    expect(tables).toBe(1);
    expect(blocks.map((b) => [b.kind, b.cells ?? b.text, b.row])).toEqual([
      ['text', 'Title', null],
      ['row', ['A', 'B', 'C'], 1],
      ['row', ['D', 'X', ''], 2],
      ['text', 'After', null],
    ]);
  });

  it('text files: | tables, tab tables and aligned columns (with positions) are rows', () => {
    const doc = extractPlainText('Intro line\n\n| A | B |\n|---|---|\n| x | |\n\nName    Screening    Day 1\nVS      X            X\n');
    expect(doc.blocks.map((b) => [b.kind, b.cells ?? b.text, b.table])).toEqual([
      ['text', 'Intro line', null],
      ['row', ['A', 'B'], 1],
      ['row', ['x', ''], 1],
      ['row', ['Name', 'Screening', 'Day 1'], 2],
      ['row', ['VS', 'X', 'X'], 2],
    ]);
    expect(doc.blocks[3]!.cellX).toEqual([2, 12.5, 23.5]);
  });

  it('PDF lines: items on one baseline are one line; a wide gap starts a cell', () => {
    const item = (str: string, x: number, y: number, width = str.length * 5) => ({ str, x, y, width, fontSize: 10 });
    const lines = pdfLines([item('Vital signs', 50, 700), item('X', 230, 700.5), item('X', 290, 700), item('A sentence set', 50, 650), item('in two runs', 122, 650)]);
    expect(lines.map((l) => l.cells)).toEqual([['Vital signs', 'X', 'X'], ['A sentence set in two runs']]);
    expect(lines[0]!.cellX).toEqual([77.5, 232.5, 292.5]);
  });

  it('refuses a document without text', async () => {
    await expect(extractDocument(path.join(dir, 'content.ts'), 'txt')).resolves.toBeTruthy();
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const tmp = path.join(mkdtempSync(path.join((await import('node:os')).tmpdir(), 'ctp-protocol-')), 'blank.txt');
    writeFileSync(tmp, '\n\n  12 34\n');
    await expect(extractDocument(tmp, 'txt')).rejects.toThrow('No text could be read from this document');
  });
});

describe('registry-style text', () => {
  it('criteria run together in one paragraph (as registries print them) are split into items', () => {
    const doc = extractPlainText(
      'Eligibility Criteria: Inclusion Criteria: 1. Adults aged 18 to 60 years. 2. Body weight of at least 50 kg. 3. Written informed consent. Exclusion Criteria: 1. Known allergy to the study drug 2. Pregnancy.',
    );
    const a = analyseDocument(doc, 'registry.txt');
    expect(a.criteria.inclusion.map((c) => c.text)).toEqual(['Adults aged 18 to 60 years.', 'Body weight of at least 50 kg.', 'Written informed consent.']);
    expect(a.criteria.exclusion.map((c) => c.text)).toEqual(['Known allergy to the study drug', 'Pregnancy.']);
  });
});

describe('visit labels, windows and concepts', () => {
  it.each([
    ['Screening (Day -28 to -1)', { kind: 'screening', day: -1, rangeStart: -28 }],
    ['Day 28 ± 3', { kind: 'day', day: 28, windowBefore: 3, windowAfter: 3 }],
    ['Week 4', { kind: 'week', day: 28, weekOrMonth: 4 }],
    ['Week 12 (Day 84 +/- 7 days)', { kind: 'week', day: 84, windowBefore: 7 }],
    ['Month 6', { kind: 'month', day: 180 }],
    ['Visit 3', { kind: 'visit', visitNumber: 3, day: null }],
    ['End of Study', { kind: 'endOfStudy', day: null }],
    ['Early termination', { kind: 'earlyTermination' }],
    ['Follow-up (Day 112 ± 7)', { kind: 'followUp', day: 112 }],
    ['C1D1', { kind: 'cycle', cycle: { cycle: 1, day: 1 } }],
    ['Baseline', { kind: 'baseline', day: null }],
  ])('%s', (text, expected) => {
    expect(parseVisitLabel(text)).toMatchObject(expected);
  });

  it('is not a visit: assessment names and prose', () => {
    expect(parseVisitLabel('Vital signs')).toBeNull();
    expect(parseVisitLabel('Assessment')).toBeNull();
    expect(parseVisitLabel('X')).toBeNull();
  });

  it('windows', () => {
    expect(parseWindow('±24 h')).toEqual({ before: 1, after: 1 });
    expect(parseWindow('window −24 hours')).toEqual({ before: 1, after: 0 });
    expect(parseWindow('-2/+3 days')).toEqual({ before: 2, after: 3 });
    expect(parseWindow('Window: 5 days')).toEqual({ before: 5, after: 5 });
    expect(parseWindow('Day 28')).toBeNull();
  });

  it('concepts: one label may need several forms; instruments by name', () => {
    expect(matchConcepts('Review of AEs and concomitant medications').map((m) => m.key)).toEqual(['adverseEvents', 'concomitantMedications']);
    expect(matchConcepts('Physical examination, weight').map((m) => m.key)).toEqual(['vitalSigns', 'physicalExam']);
    expect(matchConcepts('PHQ-9 questionnaire')[0]).toMatchObject({ key: 'instrument:PHQ-9', category: 'PRO', libraryDomain: null });
    expect(matchConcepts('Sleep quality questionnaire')[0]).toMatchObject({ key: 'instrument:sleep quality questionnaire', formName: 'Sleep quality questionnaire' });
    expect(matchConcepts('Check in')).toEqual([]);
  });
});
