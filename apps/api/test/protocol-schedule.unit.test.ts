// Schedules as real protocols lay them out (issue 28 item 1): PDF text runs rebuilt into table columns,
// footnote marks and subscripts, header cells over lines and columns, week rows, time points, periods,
// a schedule continued over pages and a second schedule in an appendix; DOCX merged cells and marks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocolAnalysis, type ProtocolAnalysis } from '@ctp/contracts';
import { blocksFromHtml, extractDocument } from '../src/modules/protocol/extract.ts';
import { attachScripts } from '../src/modules/protocol/extract-pdf.ts';
import { analyseDocument } from '../src/modules/protocol/analyze.ts';
import { parseVisitLabel } from '../src/modules/protocol/parse.ts';
import { joinLines } from '../src/modules/protocol/schedule/grid.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/protocols/corpus');
async function analyse(name: string): Promise<ProtocolAnalysis> {
  const format = name.endsWith('.pdf') ? 'pdf' : 'docx';
  return protocolAnalysis.parse(analyseDocument(await extractDocument(path.join(dir, name), format), name));
}
const visit = (a: ProtocolAnalysis, name: string) => a.visits.find((v) => v.name === name);

describe('PDF text runs', () => {
  const item = (str: string, x: number, y: number, fontSize = 10) => ({ str, x, y, width: str.length * fontSize * 0.5, fontSize });
  it('drops a raised footnote mark and keeps a lowered subscript in its word', () => {
    const out = attachScripts([item('Physical examination', 50, 700), item('k', 150, 702.5, 6), item('SpO', 50, 680), item('2', 65, 676.5, 6), item('X', 200, 680)]);
    expect(out.map((i) => i.str)).toEqual(['Physical examination', 'SpO2', 'X']);
  });
  it('keeps a small run that is not beside a larger one', () => {
    expect(attachScripts([item('a', 50, 700, 6), item('Footnote text', 60, 700, 7)]).map((i) => i.str)).toEqual(['a', 'Footnote text']);
  });
  it('joins a cell broken over lines, a hyphenated word whole again', () => {
    expect(joinLines(['−42 to', '−9'])).toBe('−42 to −9');
    expect(joinLines(['Pre-', 'dose'])).toBe('Pre-dose');
    expect(joinLines(['15 min after', 'end of infusion'])).toBe('15 min after end of infusion');
  });
});

describe('visit labels from header rows', () => {
  it.each([
    ['Visit 4 Week 2', { day: 14, derived: true, visitNumber: 4 }],
    ['Visit 1 Week −2', { day: -14, derived: true }],
    ['Month 6', { day: 180, derived: true }],
    ['Day 28', { day: 28, derived: false }],
    ['Cycle 1 Day 8', { kind: 'cycle', day: 8 }],
    ['Cycle 2 Day 1', { kind: 'cycle', day: null }],
    ['Screening Day −42 to −9 window +7', { kind: 'screening', day: -9, rangeStart: -42, windowBefore: 0, windowAfter: 7 }],
  ])('%s', (text, expected) => expect(parseVisitLabel(text)).toMatchObject(expected));
});

describe('schedules in the corpus layouts', () => {
  it('oncology PDF: a schedule over three pages, time points under Cycle 1 Day 1, an appendix schedule', async () => {
    const a = await analyse('own-oncology.pdf');
    expect(a.visits.map((v) => v.name)).toEqual([
      'Screening Day −42 to −9',
      'Cycle 1 Day 1 Pre-dose',
      'Cycle 1 Day 1 15 min after end of infusion',
      'Cycle 1 Day 1 4 h after end of infusion',
      'Cycle 1 Day 8',
      'Cycle 1 Day 15',
      'Cycle 2 Day 1',
      'Cycle 3 Day 1',
      'Cycle 4 Day 1',
      'End of treatment',
      'Safety follow-up 30 days after last dose',
      'Long-term follow-up Month 3',
      'Long-term follow-up Month 6',
      'Long-term follow-up Month 9',
      'Long-term follow-up Month 12',
      'Long-term follow-up Month 18',
      'Long-term follow-up Month 24',
    ]);
    expect(visit(a, 'Screening Day −42 to −9')).toMatchObject({ day: -9, windowBefore: 33, dayStated: true });
    expect(visit(a, 'Long-term follow-up Month 6')).toMatchObject({ day: 180, dayDerived: true, windowBefore: 14 });
    const labels = [...new Set(a.assessments.map((x) => x.label))];
    // Footnote marks gone, subscripts kept, the last page's rows read.
    expect(labels).toEqual(expect.arrayContaining(['Physical examination', 'SpO2', 'Concomitant medications', 'Survival status']));
    expect(labels.some((l) => /examinationk|SpO$/.test(l))).toBe(false);
    const tumour = a.assessments.find((x) => x.label === 'Tumour assessment (CT/MRI)')!;
    expect(tumour.visits.map((c) => a.visits.find((v) => v.code === c)!.name)).toEqual([
      'Screening Day −42 to −9',
      'Cycle 3 Day 1',
      'End of treatment',
      'Long-term follow-up Month 3',
      'Long-term follow-up Month 6',
      'Long-term follow-up Month 12',
      'Long-term follow-up Month 24',
    ]);
  });

  it('devices PDF: the WEEK row gives the study days (derived), the VISIT row the names', async () => {
    const a = await analyse('usdm-devices.pdf');
    expect(visit(a, 'Double-blind treatment Visit 7 Week 6')).toMatchObject({ day: 42, dayDerived: true, windowBefore: 3, windowAfter: 3 });
    expect(visit(a, 'Screening Visit 1 Week −2')).toMatchObject({ day: -14 });
    expect(a.visits).toHaveLength(13);
  });

  it('crossover PDF and DOCX: "Day 1" of each period kept apart, its time points as visits', async () => {
    for (const file of ['own-crossover.pdf', 'own-crossover.docx']) {
      const a = await analyse(file);
      const names = a.visits.map((v) => v.name);
      expect(names).toContain('Period 1 Day 1 Pre-dose');
      expect(names).toContain('Period 2 Day 1 Pre-dose');
      expect(names).toContain('Period 2 Day 2 24 h');
      expect(new Set(a.visits.map((v) => v.code)).size).toBe(a.visits.length);
      expect(a.assessments.find((x) => x.label === 'FEV1')?.visits).toHaveLength(5);
    }
  });
});

describe('DOCX tables and lists', () => {
  it('superscript marks go, subscripts stay, merged cells and list levels are kept', () => {
    const html =
      '<ol><li>Adults<ol><li>aged 18</li></ol></li></ol>' +
      '<table><tr><td>Visit</td><td colspan="2">Day 1</td></tr><tr><td>SpO<sub>2</sub></td><td>X<sup>a</sup></td><td></td></tr>' +
      '<tr><td>Vital signs<sup>b</sup></td><td>Pre-<br />dose</td><td></td></tr></table>';
    const { blocks } = blocksFromHtml(html);
    expect(blocks.map((b) => [b.cells ?? b.text, b.listLevel, b.spanned])).toEqual([
      ['Adults', 0, undefined],
      ['aged 18', 1, undefined],
      [['Visit', 'Day 1', ''], undefined, [false, false, true]],
      [['SpO2', 'X', ''], undefined, undefined],
      [['Vital signs', 'Pre-dose', ''], undefined, undefined],
    ]);
  });
});
