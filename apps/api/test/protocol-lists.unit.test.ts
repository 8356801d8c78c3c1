// Endpoints, eligibility and enrollment as protocols write them (issue 28 item 2): criteria lists with
// sub-items, embedded tables, '[11b]' numbering, running headers between pages and section numbers on
// their own line; endpoints from an objectives/endpoints table; enrollment in words.
import { describe, expect, it } from 'vitest';
import type { Block } from '../src/modules/protocol/blocks.ts';
import { extractPlainText, blocksFromHtml } from '../src/modules/protocol/extract.ts';
import { dropRunningLines } from '../src/modules/protocol/extract-pdf.ts';
import { analyseDocument } from '../src/modules/protocol/analyze.ts';
import { numbersInWords, wordsToNumber } from '../src/modules/protocol/enrollment.ts';

const text = (t: string, page: number | null = null): Block => ({ kind: 'text', text: t, page, paragraph: null, line: null, table: null, row: null });

describe('criteria', () => {
  it('one item per numbered criterion, sub-items and an embedded table inside it, the introduction left out', () => {
    const doc = extractPlainText(
      [
        '4.1 Inclusion Criteria',
        '',
        'Participants must meet all of the following criteria:',
        '[1] Adults aged 18 to 65 years.',
        '[2] Adequate organ function, defined as:',
        '| Parameter | Requirement |',
        '| Platelets | ≥ 100 000/µL |',
        '[11b] Women of childbearing potential agree to:',
        'a. use contraception;',
        'b. not donate eggs.',
        '',
        '4.2',
        'Exclusion Criteria',
        '1. Prior treatment with an anti-EGFR antibody.',
      ].join('\n'),
    );
    const a = analyseDocument(doc, 'criteria.txt');
    expect(a.criteria.inclusion.map((c) => c.text)).toEqual([
      'Adults aged 18 to 65 years.',
      'Adequate organ function, defined as: Parameter Requirement Platelets ≥ 100 000/µL',
      'Women of childbearing potential agree to: a. use contraception; b. not donate eggs.',
    ]);
    expect(a.criteria.exclusion.map((c) => c.text)).toEqual(['Prior treatment with an anti-EGFR antibody.']);
  });

  it('a Word list: nested items are sub-items of their criterion', () => {
    const { blocks, paragraphs, tables } = blocksFromHtml(
      '<h2>Exclusion Criteria</h2><p>Participants meeting any of these will not be enrolled:</p><ol><li>Any of the following:<ol><li>myocardial infarction</li><li>unstable angina</li></ol></li><li>Pregnancy</li></ol>',
    );
    const a = analyseDocument({ format: 'docx', pages: null, paragraphs, tables, blocks }, 'x.docx');
    expect(a.criteria.exclusion.map((c) => c.text)).toEqual(['Any of the following: myocardial infarction unstable angina', 'Pregnancy']);
  });

  it('the eligibility section, not the synopsis line summarising it', () => {
    const doc = extractPlainText(['Synopsis', '', 'Main inclusion criteria: adults with asthma.', '', '5.1 Inclusion Criteria', '', '1. Adults aged 18 to 65 years with asthma.', '2. Non-smokers.'].join('\n'));
    expect(analyseDocument(doc, 'x.txt').criteria.inclusion.map((c) => c.text)).toEqual(['Adults aged 18 to 65 years with asthma.', 'Non-smokers.']);
  });

  it('running headers and footers repeated on the pages are left out', () => {
    const body = ['1. Adults aged 18 to 65 years.', '2. Non-smokers.', '3. Able to give consent.'];
    const blocks = [1, 2, 3].flatMap((p) => [text('CTP-1 Protocol Version 2', p), text(body[p - 1]!, p), text(`Confidential — Page ${p} of 3`, p)]);
    expect(dropRunningLines(blocks).map((b) => b.text)).toEqual(body);
  });
});

describe('endpoints', () => {
  it('from an objectives/endpoints table, one per bullet, by level', () => {
    const { blocks, paragraphs, tables } = blocksFromHtml(
      '<p>Synopsis</p><p>Primary endpoint: response.</p><h1>Objectives and Endpoints</h1><table>' +
        '<tr><td>Objectives</td><td>Endpoints</td></tr><tr><td colspan="2">Primary</td></tr>' +
        '<tr><td>To evaluate activity</td><td><p>• Objective response rate</p></td></tr><tr><td colspan="2">Secondary</td></tr>' +
        '<tr><td>To characterise efficacy</td><td><p>• Progression-free survival</p><p>• Overall survival</p></td></tr></table>',
    );
    const a = analyseDocument({ format: 'docx', pages: null, paragraphs, tables, blocks }, 'x.docx');
    expect(a.endpoints.primary.map((e) => e.text)).toEqual(['Objective response rate']);
    expect(a.endpoints.secondary.map((e) => e.text)).toEqual(['Progression-free survival', 'Overall survival']);
  });
});

describe('enrollment', () => {
  it.each([
    ['One hundred and twenty', 120],
    ['seventy five', 75],
    ['twenty-four', 24],
    ['three hundred', 300],
    ['two thousand five hundred', 2500],
  ])('%s', (words, n) => expect(wordsToNumber(words)).toBe(n));

  it('reads a count in words, before a sample-size figure', () => {
    expect(numbersInWords('Seventy five patients will be enrolled')).toBe('75 patients will be enrolled');
    const doc = extractPlainText('Seventy five patients will be enrolled at approximately 20 sites.\n\nThe sample size provides 80% power.');
    expect(analyseDocument(doc, 'x.txt').plannedEnrollment?.value).toBe(75);
  });
});
