// The data-entry renderer shows the evaluator's messages by their key and values, not by matching their
// English: in German, with the plural its count asks for and numbers written the German way; an edit
// check's message (the form author's words) and a server issue without a key stay as written.
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateForm, formDefinition, type FieldIssue, type FormDefinitionInput } from '@ctp/contracts';
import { issueText } from '../src/features/forms/renderer/issues';

const LANGUAGES = ['en', 'de'] as const;
const validation = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../src/locales/${lang}/validation.json`), 'utf8')) as Record<string, string>;

const DEF: FormDefinitionInput = {
  fields: [
    { code: 'WEIGHT', label: 'Weight', type: 'decimal', decimals: 1, unit: 'kg', range: { min: 1000.5, max: 2000, severity: 'soft' } },
    { code: 'NOTE', label: 'Note', type: 'text', maxLength: 3 },
    { code: 'DOSES', label: 'Doses', type: 'repeatingGroup', minRows: 1, fields: [{ code: 'D', label: 'D', type: 'integer' }] },
    { code: 'MORE', label: 'More doses', type: 'repeatingGroup', minRows: 2, required: true, fields: [{ code: 'E', label: 'E', type: 'integer' }] },
  ],
  checks: [{ id: 'w', kind: 'compare', left: 'WEIGHT', operator: '<', right: 'WEIGHT', message: 'Weight looks odd' }],
};

describe('issue texts in the data-entry renderer', () => {
  beforeAll(async () => {
    const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { validation: validation(l) }]));
    await i18next.init({ resources, lng: 'de', fallbackLng: 'en', interpolation: { escapeValue: false } });
  });

  const issues = (values: Record<string, unknown>) => evaluateForm(formDefinition.parse(DEF), values).issues;
  const at = (list: FieldIssue[], p: string) => list.filter((i) => i.path === p).map(issueText);

  it('reads the evaluator in German, by key', () => {
    const list = issues({ WEIGHT: 3000, NOTE: 'abcd', DOSES: [], MORE: [{ E: 1 }] });
    expect(at(list, 'WEIGHT')).toContain('Erwartet zwischen 1.000,5 und 2.000 kg');
    expect(at(list, 'NOTE')).toEqual([validation('de')['Use at most {{count}} characters_other']!.replace('{{count}}', '3')]);
    expect(at(list, 'MORE')).toEqual([validation('de')['{{label}} needs at least {{count}} rows_other']!.replace('{{label}}', 'More doses').replace('{{count}}', '2')]);
    const single = at(issues({ DOSES: [], MORE: [{ E: 1 }, { E: 2 }] }), 'DOSES');
    expect(single).toEqual([validation('de')['{{label}} needs at least {{count}} rows_one']!.replace('{{label}}', 'Doses').replace('{{count}}', '1')]);
    for (const text of [...list.map(issueText), ...single]) expect(text).not.toMatch(/Expected|Use at most|needs at least|\{\{/);
  });

  it("keeps the author's check message and a server issue without a key as written", () => {
    const check = issues({ WEIGHT: 1500 }).find((i) => i.kind === 'check')!;
    expect(issueText(check)).toBe('Weight looks odd');
    expect(issueText({ path: 'X', field: 'X', kind: 'check', severity: 'error', message: 'Something the server said' })).toBe('Something the server said');
  });
});
