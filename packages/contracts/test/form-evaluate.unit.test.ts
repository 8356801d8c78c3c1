import { describe, expect, it } from 'vitest';
import {
  blockingIssues,
  comparePartialDates,
  evaluateForm,
  formDefinition,
  isPartialDate,
  type FieldIssue,
  type FormDefinitionInput,
  type FormValues,
} from '../src/index.ts';

// Definitions go through the real schema, so defaults (decimals, severity, minRows...) apply.
const def = (d: FormDefinitionInput) => formDefinition.parse(d);
const evaluate = (d: FormDefinitionInput, values: FormValues) => evaluateForm(def(d), values);
const issuesAt = (issues: FieldIssue[], path: string) => issues.filter((i) => i.path === path);
const one = (d: FormDefinitionInput, values: FormValues, path: string) => {
  const found = issuesAt(evaluate(d, values).issues, path);
  expect(found).toHaveLength(1);
  return found[0]!;
};

const yesNo = [
  { code: 'A', label: 'Alpha' },
  { code: 'B', label: 'Beta' },
  { code: 'C', label: 'Gamma' },
];
const allTypes: FormDefinitionInput = {
  fields: [
    { code: 'TXT', label: 'Text', type: 'text', maxLength: 5 },
    { code: 'LONG', label: 'Long text', type: 'longText' },
    { code: 'INT', label: 'Integer', type: 'integer' },
    { code: 'DEC', label: 'Decimal', type: 'decimal', decimals: 2 },
    { code: 'DEC0', label: 'Decimal 0', type: 'decimal', decimals: 0 },
    { code: 'DAT', label: 'Date', type: 'date' },
    { code: 'PDAT', label: 'Partial date', type: 'partialDate' },
    { code: 'TIM', label: 'Time', type: 'time' },
    { code: 'SC', label: 'Single', type: 'singleChoice', codeList: yesNo },
    { code: 'MC', label: 'Multiple', type: 'multipleChoice', codeList: yesNo },
    { code: 'YN', label: 'Yes no', type: 'yesNo' },
    { code: 'CALC', label: 'Calc', type: 'calculated', formula: { '*': [{ var: 'INT' }, 2] }, decimals: 0 },
  ],
};
const typeIssue = (code: string, value: FormValues[string]) => issuesAt(evaluate(allTypes, { [code]: value }).issues, code);
const stored = (code: string, value: FormValues[string]) => evaluate(allTypes, { [code]: value }).values[code];

describe('type checks', () => {
  it('text: trims, refuses text over maxLength and non-text', () => {
    expect(stored('TXT', '  abc  ')).toBe('abc');
    expect(typeIssue('TXT', 'abcdef')).toEqual([{ path: 'TXT', field: 'TXT', kind: 'type', severity: 'error', message: 'Use at most 5 characters', messageKey: 'Use at most {{count}} characters', params: { count: 5 } }]);
    expect(typeIssue('TXT', '  abcde  ')).toEqual([]);
    expect(typeIssue('TXT', 12)[0]?.message).toBe('Enter text');
  });

  it('longText: 4000 characters by default', () => {
    expect(typeIssue('LONG', 'x'.repeat(4000))).toEqual([]);
    expect(typeIssue('LONG', 'x'.repeat(4001))[0]?.message).toBe('Use at most 4000 characters');
  });

  it('integer: whole numbers, numeric strings stored as numbers', () => {
    expect(stored('INT', '12')).toBe(12);
    expect(stored('INT', ' -3 ')).toBe(-3);
    expect(stored('INT', 7)).toBe(7);
    for (const bad of ['12.5', 'abc', '1e3', 12.5]) {
      expect(typeIssue('INT', bad)).toEqual([{ path: 'INT', field: 'INT', kind: 'type', severity: 'error', message: 'Enter a whole number', messageKey: 'Enter a whole number', params: {} }]);
      expect(stored('INT', bad)).toBeUndefined();
    }
  });

  it('decimal: at most `decimals` decimals', () => {
    expect(stored('DEC', '70.25')).toBe(70.25);
    expect(stored('DEC', '70.50')).toBe(70.5);
    expect(stored('DEC', 3)).toBe(3);
    expect(typeIssue('DEC', '70.255')[0]?.message).toBe('Use at most 2 decimals');
    expect(typeIssue('DEC', 1.001)[0]?.message).toBe('Use at most 2 decimals');
    expect(typeIssue('DEC', '7,5')[0]?.message).toBe('Enter a number');
    expect(typeIssue('DEC0', '7.5')[0]?.message).toBe('Enter a whole number');
  });

  it('date: YYYY-MM-DD and a real day', () => {
    expect(stored('DAT', '2024-02-29')).toBe('2024-02-29');
    expect(typeIssue('DAT', '2023-02-29')[0]?.kind).toBe('type');
    expect(typeIssue('DAT', '2024-04-31')).toHaveLength(1);
    expect(typeIssue('DAT', '01/02/2024')[0]?.message).toBe('Use YYYY-MM-DD');
    expect(typeIssue('DAT', '2024-03')[0]?.message).toBe('Use YYYY-MM-DD');
  });

  it('partialDate: YYYY, YYYY-MM or YYYY-MM-DD', () => {
    expect(stored('PDAT', '2024')).toBe('2024');
    expect(stored('PDAT', '2024-02')).toBe('2024-02');
    expect(typeIssue('PDAT', '2024-13')).toEqual([{ path: 'PDAT', field: 'PDAT', kind: 'type', severity: 'error', message: 'Use YYYY, YYYY-MM or YYYY-MM-DD', messageKey: 'Use YYYY, YYYY-MM or YYYY-MM-DD', params: {} }]);
  });

  it('time: HH:MM from 00:00 to 23:59', () => {
    expect(stored('TIM', '00:00')).toBe('00:00');
    expect(stored('TIM', '23:59')).toBe('23:59');
    for (const bad of ['24:00', '9:30', '12:60', '12:00:00']) expect(typeIssue('TIM', bad)[0]?.kind).toBe('type');
  });

  it('yesNo: Y or N', () => {
    expect(stored('YN', 'N')).toBe('N');
    expect(typeIssue('YN', 'yes')).toEqual([{ path: 'YN', field: 'YN', kind: 'type', severity: 'error', message: 'Choose Yes or No', messageKey: 'Choose Yes or No', params: {} }]);
    expect(typeIssue('YN', true)[0]?.kind).toBe('type');
  });

  it('singleChoice: a code of its list (kind choice)', () => {
    expect(stored('SC', 'B')).toBe('B');
    expect(typeIssue('SC', 'Z')).toEqual([{ path: 'SC', field: 'SC', kind: 'choice', severity: 'error', message: 'Choose one of the listed options', messageKey: 'Choose one of the listed options', params: {} }]);
    expect(typeIssue('SC', 'Beta')[0]?.kind).toBe('choice');
  });

  it('multipleChoice: distinct codes of its list, stored in list order', () => {
    expect(stored('MC', ['C', 'A'])).toEqual(['A', 'C']);
    expect(typeIssue('MC', ['A', 'Z'])[0]).toMatchObject({ kind: 'choice', message: 'Choose from the listed options' });
    expect(typeIssue('MC', ['A', 'A'])[0]).toMatchObject({ kind: 'choice', message: 'Choose each option only once' });
    expect(typeIssue('MC', 'A')[0]?.kind).toBe('choice');
    expect(stored('MC', [])).toBeUndefined();
  });

  it('calculated: ignores an entered value', () => {
    const r = evaluate(allTypes, { INT: 4, CALC: 999 });
    expect(r.values.CALC).toBe(8);
    expect(r.calculated.CALC).toBe(8);
    expect(r.issues).toEqual([]);
  });

  it('a value refused by its type is not stored but reads as empty for nothing else', () => {
    const r = evaluate(allTypes, { INT: 'x', TXT: 'ok' });
    expect(r.values).toEqual({ TXT: 'ok' });
    expect(r.calculated.CALC).toBeNull();
  });
});

describe('required and field ranges', () => {
  const vitals: FormDefinitionInput = {
    fields: [
      { code: 'VSSYSBP', label: 'Systolic blood pressure', type: 'integer', unit: 'mmHg', required: true, range: { min: 60, max: 250, severity: 'hard' } },
      { code: 'VSPULSE', label: 'Pulse', type: 'integer', range: { min: 40, max: 180 } },
      { code: 'VSTEMP', label: 'Temperature', type: 'decimal', unit: 'C', range: { min: 34, severity: 'soft' } },
      { code: 'VSRESP', label: 'Respiration', type: 'integer', range: { max: 40, severity: 'hard', message: 'Check the respiration rate' } },
    ],
  };

  it('requires a visible empty field, with the label', () => {
    for (const empty of [undefined, null, '', '   ']) {
      const issue = one(vitals, empty === undefined ? {} : { VSSYSBP: empty }, 'VSSYSBP');
      expect(issue).toEqual({ path: 'VSSYSBP', field: 'VSSYSBP', kind: 'required', severity: 'error', message: 'Systolic blood pressure is required', messageKey: '{{label}} is required', params: { label: 'Systolic blood pressure' } });
    }
  });

  it('a hard range is an error, with the unit', () => {
    expect(one(vitals, { VSSYSBP: 300 }, 'VSSYSBP')).toMatchObject({ kind: 'range', severity: 'error', message: 'Expected between 60 and 250 mmHg' });
    expect(issuesAt(evaluate(vitals, { VSSYSBP: 250 }).issues, 'VSSYSBP')).toEqual([]);
    expect(issuesAt(evaluate(vitals, { VSSYSBP: 60 }).issues, 'VSSYSBP')).toEqual([]);
  });

  it('a soft range (the default) is a warning, and the value is kept', () => {
    const r = evaluate(vitals, { VSSYSBP: 120, VSPULSE: 200 });
    expect(issuesAt(r.issues, 'VSPULSE')).toEqual([{ path: 'VSPULSE', field: 'VSPULSE', kind: 'range', severity: 'warning', message: 'Expected between 40 and 180', messageKey: 'Expected between {{min}} and {{max}}', params: { min: 40, max: 180 } }]);
    expect(r.values.VSPULSE).toBe(200);
  });

  it('one-sided ranges and the range’s own message', () => {
    expect(one(vitals, { VSSYSBP: 120, VSTEMP: '33.9' }, 'VSTEMP')).toMatchObject({ severity: 'warning', message: 'Expected at least 34 C' });
    expect(one(vitals, { VSSYSBP: 120, VSRESP: 41 }, 'VSRESP')).toMatchObject({ severity: 'error', message: 'Check the respiration rate' });
    expect(
      one({ fields: [{ code: 'N', label: 'N', type: 'integer', range: { max: 5 } }] }, { N: 6 }, 'N').message,
    ).toBe('Expected at most 5');
  });
});

describe('skip logic', () => {
  const pregnancy: FormDefinitionInput = {
    fields: [
      { code: 'SEX', label: 'Sex', type: 'singleChoice', codeList: [{ code: 'F', label: 'Female' }, { code: 'M', label: 'Male' }], required: true },
      { code: 'PREG', label: 'Pregnant', type: 'yesNo', required: true, showIf: { '==': [{ var: 'SEX' }, 'F'] } },
      { code: 'PREGWK', label: 'Weeks', type: 'integer', required: true, showIf: { '==': [{ var: 'PREG' }, 'Y'] } },
    ],
  };

  it('a hidden field is not required and its value is dropped', () => {
    const r = evaluate(pregnancy, { SEX: 'M', PREG: 'Y', PREGWK: 'nonsense' });
    expect(r.visible).toEqual({ SEX: true, PREG: false, PREGWK: false });
    expect(r.values).toEqual({ SEX: 'M' });
    expect(r.issues).toEqual([]);
  });

  it('a shown field is required', () => {
    const r = evaluate(pregnancy, { SEX: 'F' });
    expect(r.visible).toEqual({ SEX: true, PREG: true, PREGWK: false });
    expect(r.issues.map((i) => i.message)).toEqual(['Pregnant is required']);
    expect(evaluate(pregnancy, { SEX: 'F', PREG: 'Y', PREGWK: '12' }).values).toEqual({ SEX: 'F', PREG: 'Y', PREGWK: 12 });
  });

  it('unknown keys are dropped, at the top and in rows', () => {
    const d: FormDefinitionInput = {
      fields: [
        { code: 'A', label: 'A', type: 'text' },
        { code: 'LOG', label: 'Log', type: 'repeatingGroup', fields: [{ code: 'X', label: 'X', type: 'text' }] },
      ],
    };
    const r = evaluate(d, { A: 'a', ZZZ: 'evil', constructor: 'x', LOG: [{ X: 'x', Y: 'y' }] });
    expect(r.values).toEqual({ A: 'a', LOG: [{ X: 'x' }] });
  });
});

describe('repeating groups', () => {
  const aeLog: FormDefinitionInput = {
    fields: [
      { code: 'AEYN', label: 'Any adverse events', type: 'yesNo', required: true },
      {
        code: 'AELOG',
        label: 'Adverse events',
        type: 'repeatingGroup',
        required: true,
        minRows: 1,
        maxRows: 3,
        showIf: { '==': [{ var: 'AEYN' }, 'Y'] },
        fields: [
          { code: 'AETERM', label: 'Adverse event', type: 'text', required: true },
          { code: 'AESER', label: 'Serious', type: 'yesNo', required: true },
          { code: 'AESDTH', label: 'Resulted in death', type: 'yesNo', required: true, showIf: { '==': [{ var: 'AESER' }, 'Y'] } },
          { code: 'AESTDAT', label: 'Start date', type: 'partialDate' },
          { code: 'AEENDAT', label: 'End date', type: 'partialDate' },
        ],
      },
    ],
  };

  it('skip logic per row: a sub-field shows only in the rows where its condition holds', () => {
    const r = evaluate(aeLog, { AEYN: 'Y', AELOG: [{ AETERM: 'Headache', AESER: 'N', AESDTH: 'Y' }, { AETERM: 'Stroke', AESER: 'Y' }] });
    expect(r.visible['AELOG.0.AESDTH']).toBe(false);
    expect(r.visible['AELOG.1.AESDTH']).toBe(true);
    expect(r.values.AELOG).toEqual([{ AETERM: 'Headache', AESER: 'N' }, { AETERM: 'Stroke', AESER: 'Y' }]);
    expect(r.issues).toEqual([{ path: 'AELOG.1.AESDTH', field: 'AESDTH', row: 1, kind: 'required', severity: 'error', message: 'Resulted in death is required', messageKey: '{{label}} is required', params: { label: 'Resulted in death' } }]);
  });

  it('a row sees the form’s top-level fields', () => {
    const d: FormDefinitionInput = {
      fields: [
        { code: 'MODE', label: 'Mode', type: 'yesNo' },
        { code: 'G', label: 'G', type: 'repeatingGroup', fields: [{ code: 'S', label: 'S', type: 'text', showIf: { '==': [{ var: 'MODE' }, 'Y'] } }] },
      ],
    };
    expect(evaluate(d, { MODE: 'Y', G: [{ S: 'x' }] }).visible['G.0.S']).toBe(true);
    expect(evaluate(d, { MODE: 'N', G: [{ S: 'x' }] }).visible['G.0.S']).toBe(false);
  });

  it('a hidden group drops its rows and is not required', () => {
    const r = evaluate(aeLog, { AEYN: 'N', AELOG: [{ AETERM: 'Headache' }] });
    expect(r.visible.AELOG).toBe(false);
    expect(r.visible['AELOG.0.AETERM']).toBe(false);
    expect(r.values).toEqual({ AEYN: 'N' });
    expect(r.issues).toEqual([]);
  });

  it('minRows, required and maxRows', () => {
    expect(one(aeLog, { AEYN: 'Y' }, 'AELOG')).toEqual({ path: 'AELOG', field: 'AELOG', kind: 'required', severity: 'error', message: 'Adverse events is required', messageKey: '{{label}} is required', params: { label: 'Adverse events' } });
    const two: FormDefinitionInput = { fields: [{ code: 'G', label: 'Doses', type: 'repeatingGroup', minRows: 2, fields: [{ code: 'D', label: 'D', type: 'integer' }] }] };
    expect(one(two, { G: [{ D: 1 }] }, 'G')).toMatchObject({ kind: 'required', severity: 'error', message: 'Doses needs at least 2 rows', messageKey: '{{label}} needs at least {{count}} rows', params: { label: 'Doses', count: 2 } });
    // One row: the singular, under the same key.
    const single: FormDefinitionInput = { fields: [{ code: 'G', label: 'Doses', type: 'repeatingGroup', minRows: 1, fields: [{ code: 'D', label: 'D', type: 'integer' }] }] };
    expect(one(single, { G: [] }, 'G')).toMatchObject({ message: 'Doses needs at least 1 row', messageKey: '{{label}} needs at least {{count}} rows', params: { count: 1 } });
    expect(issuesAt(evaluate(two, { G: [{ D: 1 }, {}] }).issues, 'G')).toEqual([]);
    const rows = Array.from({ length: 4 }, () => ({ AETERM: 'x', AESER: 'N' }));
    expect(one(aeLog, { AEYN: 'Y', AELOG: rows }, 'AELOG')).toMatchObject({ kind: 'range', severity: 'error', message: 'Adverse events allows at most 3 rows', messageKey: '{{label}} allows at most {{count}} rows', params: { label: 'Adverse events', count: 3 } });
  });

  it('a group value that is not a list of rows is a type error', () => {
    expect(one(aeLog, { AEYN: 'Y', AELOG: 'rows' }, 'AELOG')).toMatchObject({ kind: 'type', message: 'Enter a list of rows' });
  });

  it('type errors inside a row carry the row', () => {
    const issue = one(aeLog, { AEYN: 'Y', AELOG: [{ AETERM: 'a', AESER: 'N' }, { AETERM: 'b', AESER: 'maybe' }] }, 'AELOG.1.AESER');
    expect(issue).toEqual({ path: 'AELOG.1.AESER', field: 'AESER', row: 1, kind: 'type', severity: 'error', message: 'Choose Yes or No', messageKey: 'Choose Yes or No', params: {} });
  });
});

describe('calculated fields', () => {
  const bmi: FormDefinitionInput = {
    fields: [
      { code: 'WEIGHT', label: 'Weight', type: 'decimal', unit: 'kg' },
      { code: 'HEIGHT', label: 'Height', type: 'integer', unit: 'cm' },
      {
        code: 'BMI',
        label: 'BMI',
        type: 'calculated',
        decimals: 1,
        formula: { '/': [{ var: 'WEIGHT' }, { '*': [{ '/': [{ var: 'HEIGHT' }, 100] }, { '/': [{ var: 'HEIGHT' }, 100] }] }] },
      },
      // Chained: uses the earlier calculated BMI.
      { code: 'OBESE', label: 'Obese', type: 'calculated', decimals: 0, formula: { if: [{ '>=': [{ var: 'BMI' }, 30] }, 1, 0] } },
    ],
  };

  it('BMI from weight and height, rounded to its decimals', () => {
    const r = evaluate(bmi, { WEIGHT: '70', HEIGHT: '175' });
    expect(r.calculated.BMI).toBe(22.9);
    expect(r.values).toEqual({ WEIGHT: 70, HEIGHT: 175, BMI: 22.9, OBESE: 0 });
  });

  it('a chained calculation uses the earlier result', () => {
    expect(evaluate(bmi, { WEIGHT: 120, HEIGHT: 170 }).calculated).toEqual({ BMI: 41.5, OBESE: 1 });
  });

  it('a missing input gives null (not 0), and so does the chain', () => {
    const r = evaluate(bmi, { HEIGHT: 175 });
    expect(r.calculated).toEqual({ BMI: null, OBESE: null });
    expect(r.values).toEqual({ HEIGHT: 175 });
    expect(evaluate(bmi, { WEIGHT: 70, HEIGHT: 0 }).calculated.BMI).toBeNull(); // division by zero: not finite
  });

  it('rounds half away from zero on the decimal digits', () => {
    const d: FormDefinitionInput = { fields: [{ code: 'A', label: 'A', type: 'decimal', decimals: 3 }, { code: 'R', label: 'R', type: 'calculated', decimals: 2, formula: { var: 'A' } }] };
    expect(evaluate(d, { A: 1.005 }).calculated.R).toBe(1.01);
    expect(evaluate(d, { A: -1.005 }).calculated.R).toBe(-1.01);
  });

  it('a calculated field inside a row uses the row’s values', () => {
    const d: FormDefinitionInput = {
      fields: [
        { code: 'FACTOR', label: 'Factor', type: 'integer' },
        { code: 'G', label: 'G', type: 'repeatingGroup', fields: [{ code: 'N', label: 'N', type: 'integer' }, { code: 'T', label: 'T', type: 'calculated', decimals: 0, formula: { '*': [{ var: 'N' }, { var: 'FACTOR' }] } }] },
      ],
    };
    const r = evaluate(d, { FACTOR: 3, G: [{ N: 2 }, { N: 5 }, {}] });
    expect(r.calculated).toEqual({ 'G.0.T': 6, 'G.1.T': 15, 'G.2.T': null });
    expect(r.values.G).toEqual([{ N: 2, T: 6 }, { N: 5, T: 15 }, {}]);
  });
});

describe('partial dates', () => {
  it.each(['2024', '2024-02', '2024-02-29', '2000-02-29', '1900-01-01', '2100-12-31'])('accepts %s', (v) => expect(isPartialDate(v)).toBe(true));
  it.each(['2023-02-29', '1900-02-29', '2024-13', '2024-00', '2024-04-31', '2024-1', '24', '1899', '2101-01', '2024-02-29T00:00', ' 2024', ''])('refuses %s', (v) =>
    expect(isPartialDate(v)).toBe(false),
  );

  it('compares on the parts both have; undecidable overlap gives null', () => {
    expect(comparePartialDates('2024-03-01', '2024-03-02')).toBeLessThan(0);
    expect(comparePartialDates('2024-03-02', '2024-03-01')).toBeGreaterThan(0);
    expect(comparePartialDates('2024-03-01', '2024-03-01')).toBe(0);
    expect(comparePartialDates('2024', '2024')).toBe(0);
    expect(comparePartialDates('2023', '2024-03-01')).toBeLessThan(0);
    expect(comparePartialDates('2024-02', '2024-03-15')).toBeLessThan(0);
    expect(comparePartialDates('2024-04', '2024-03-15')).toBeGreaterThan(0);
    expect(comparePartialDates('2024', '2024-03-01')).toBeNull();
    expect(comparePartialDates('2024-03', '2024-03-15')).toBeNull();
    expect(comparePartialDates('2024-13', '2024')).toBeNull();
  });
});

describe('edit checks', () => {
  const form: FormDefinitionInput = {
    fields: [
      { code: 'SMOKER', label: 'Smoker', type: 'yesNo' },
      { code: 'PACKYRS', label: 'Pack years', type: 'integer' },
      { code: 'SYSBP', label: 'Systolic', type: 'integer' },
      { code: 'DIABP', label: 'Diastolic', type: 'integer' },
      { code: 'STDAT', label: 'Start', type: 'partialDate' },
      { code: 'ENDAT', label: 'End', type: 'date' },
      { code: 'NOTE', label: 'Note', type: 'text', showIf: { '==': [{ var: 'SMOKER' }, 'Y'] } },
    ],
    checks: [
      { id: 'packyrs', kind: 'requiredIf', field: 'PACKYRS', when: { '==': [{ var: 'SMOKER' }, 'Y'] }, message: 'Give pack years for a smoker', severity: 'error' },
      { id: 'sys-range', kind: 'range', field: 'SYSBP', min: 80, max: 200, message: 'Unusual systolic pressure' },
      { id: 'bp-order', kind: 'compare', left: 'SYSBP', operator: '>', right: 'DIABP', message: 'Systolic must exceed diastolic', severity: 'error' },
      { id: 'end-after-start', kind: 'compare', left: 'ENDAT', operator: '>=', right: 'STDAT', message: 'End date is before start date', severity: 'error' },
      { id: 'pulse-pressure', kind: 'expression', expression: { '<=': [{ '-': [{ var: 'SYSBP' }, { var: 'DIABP' }] }, 100] }, message: 'Pulse pressure over 100' },
      { id: 'note-needed', kind: 'requiredIf', field: 'NOTE', when: true, message: 'Add a note' },
    ],
  };
  const checkIssues = (values: FormValues) => evaluate(form, values).issues.filter((i) => i.kind === 'check');

  it('requiredIf: fires only while `when` holds and the field is empty', () => {
    expect(checkIssues({ SMOKER: 'Y', NOTE: 'n' })).toEqual([
      { path: 'PACKYRS', field: 'PACKYRS', checkId: 'packyrs', kind: 'check', severity: 'error', message: 'Give pack years for a smoker' },
    ]);
    expect(checkIssues({ SMOKER: 'Y', PACKYRS: 10, NOTE: 'n' })).toEqual([]);
    expect(checkIssues({ SMOKER: 'N' })).toEqual([]);
  });

  it('requiredIf on a hidden field is skipped', () => {
    expect(checkIssues({ SMOKER: 'N' }).map((i) => i.checkId)).not.toContain('note-needed');
    expect(checkIssues({ SMOKER: 'Y', PACKYRS: 1 }).map((i) => i.checkId)).toEqual(['note-needed']);
  });

  it('range check: warning by default, on the field', () => {
    expect(checkIssues({ SYSBP: 210, DIABP: 120 })).toEqual([{ path: 'SYSBP', field: 'SYSBP', checkId: 'sys-range', kind: 'check', severity: 'warning', message: 'Unusual systolic pressure' }]);
    expect(checkIssues({ SYSBP: 79 }).map((i) => i.checkId)).toEqual(['sys-range']);
    expect(checkIssues({ SYSBP: 200, DIABP: 120 })).toEqual([]);
  });

  it('compare with numbers: reported on the left field, skipped when a side is empty', () => {
    expect(checkIssues({ SYSBP: 90, DIABP: 95 })).toEqual([{ path: 'SYSBP', field: 'SYSBP', checkId: 'bp-order', kind: 'check', severity: 'error', message: 'Systolic must exceed diastolic' }]);
    expect(checkIssues({ SYSBP: '120', DIABP: '80' })).toEqual([]);
    expect(checkIssues({ SYSBP: 120 }).map((i) => i.checkId)).not.toContain('bp-order');
  });

  it('compare with dates: an end date before the start date', () => {
    expect(checkIssues({ STDAT: '2024-03-10', ENDAT: '2024-03-09' })).toEqual([
      { path: 'ENDAT', field: 'ENDAT', checkId: 'end-after-start', kind: 'check', severity: 'error', message: 'End date is before start date' },
    ]);
    expect(checkIssues({ STDAT: '2024-03-10', ENDAT: '2024-03-10' })).toEqual([]);
    expect(checkIssues({ STDAT: '2024-04', ENDAT: '2024-03-31' }).map((i) => i.checkId)).toEqual(['end-after-start']);
    expect(checkIssues({ STDAT: '2024-03', ENDAT: '2024-03-01' })).toEqual([]); // undecidable: skipped
    expect(checkIssues({ STDAT: '2025', ENDAT: '2024-12-31' }).map((i) => i.checkId)).toEqual(['end-after-start']);
  });

  it('expression: fails when falsy, reported on #id', () => {
    expect(checkIssues({ SYSBP: 200, DIABP: 90 })).toEqual([{ path: '#pulse-pressure', field: '', checkId: 'pulse-pressure', kind: 'check', severity: 'warning', message: 'Pulse pressure over 100' }]);
  });

  it('checks per group row report the row', () => {
    const d: FormDefinitionInput = {
      fields: [
        { code: 'RFSTDAT', label: 'First dose', type: 'date' },
        {
          code: 'AELOG',
          label: 'AEs',
          type: 'repeatingGroup',
          fields: [
            { code: 'AESTDAT', label: 'Start', type: 'date' },
            { code: 'AEENDAT', label: 'End', type: 'date' },
            { code: 'AESEV', label: 'Severity', type: 'integer' },
          ],
        },
      ],
      checks: [
        { id: 'ae-end', group: 'AELOG', kind: 'compare', left: 'AEENDAT', operator: '>=', right: 'AESTDAT', message: 'AE ends before it starts', severity: 'error' },
        { id: 'ae-after-dose', group: 'AELOG', kind: 'expression', expression: { '>=': [{ date_diff_days: [{ var: 'RFSTDAT' }, { var: 'AESTDAT' }] }, 0] }, message: 'AE starts before first dose' },
        // No `group`: runs per row because AESEV is in AELOG.
        { id: 'ae-sev', kind: 'range', field: 'AESEV', min: 1, max: 5, message: 'Grade 1 to 5' },
      ],
    };
    const r = evaluate(d, {
      RFSTDAT: '2024-01-10',
      AELOG: [
        { AESTDAT: '2024-01-12', AEENDAT: '2024-01-15', AESEV: 2 },
        { AESTDAT: '2024-01-09', AEENDAT: '2024-01-05', AESEV: 6 },
      ],
    });
    expect(r.issues).toEqual([
      { path: 'AELOG.1.AEENDAT', field: 'AEENDAT', row: 1, checkId: 'ae-end', kind: 'check', severity: 'error', message: 'AE ends before it starts' },
      { path: 'AELOG.1.#ae-after-dose', field: '', row: 1, checkId: 'ae-after-dose', kind: 'check', severity: 'warning', message: 'AE starts before first dose' },
      { path: 'AELOG.1.AESEV', field: 'AESEV', row: 1, checkId: 'ae-sev', kind: 'check', severity: 'warning', message: 'Grade 1 to 5' },
    ]);
  });

  it('the is_empty operation lets an expression pass while a field is blank', () => {
    const d: FormDefinitionInput = {
      fields: [{ code: 'A', label: 'A', type: 'integer' }],
      checks: [{ id: 'a-even', kind: 'expression', expression: { or: [{ is_empty: [{ var: 'A' }] }, { '==': [{ '%': [{ var: 'A' }, 2] }, 0] }] }, message: 'Even please' }],
    };
    expect(evaluate(d, {}).issues).toEqual([]);
    expect(evaluate(d, { A: 4 }).issues).toEqual([]);
    expect(evaluate(d, { A: 3 }).issues.map((i) => i.path)).toEqual(['#a-even']);
  });
});

describe('expressions that fail never crash', () => {
  const broken = { no_such_operation: [1, 2] };
  const d: FormDefinitionInput = {
    fields: [
      { code: 'A', label: 'A', type: 'integer', required: true, showIf: broken },
      { code: 'B', label: 'B', type: 'calculated', formula: broken },
      { code: 'C', label: 'C', type: 'calculated', formula: { var: ['A'] } },
      { code: 'D', label: 'D', type: 'calculated', formula: { log: { var: 'A' } } },
    ],
    checks: [
      { id: 'throws', kind: 'expression', expression: broken, message: 'never shown' },
      { id: 'also-throws', kind: 'requiredIf', field: 'A', when: { substr: broken }, message: 'never shown' },
      { id: 'nested', kind: 'expression', expression: { map: [{ map: [{ map: [[1], { var: '' }] }, { var: '' }] }, { var: '' }] }, message: 'never shown' },
    ],
  };

  it('a throwing showIf shows the field; a throwing formula is null; a throwing check is skipped', () => {
    const r = evaluate(d, { A: 5 });
    expect(r.visible.A).toBe(true);
    expect(r.calculated).toEqual({ B: null, C: 5, D: null }); // 'log' is not an allowed operation
    expect(r.issues).toEqual([]);
    expect(evaluate(d, {}).issues.map((i) => i.path)).toEqual(['A']);
  });

  it('unknown variables read as empty', () => {
    const u: FormDefinitionInput = {
      fields: [{ code: 'A', label: 'A', type: 'text', required: true, showIf: { '==': [{ var: 'NOPE.deeper' }, null] } }],
      checks: [{ id: 'x', kind: 'expression', expression: { var: 'constructor' }, message: 'Prototype is not a value' }],
    };
    const r = evaluate(u, { A: 'a' });
    expect(r.visible.A).toBe(true);
    expect(r.issues.map((i) => i.path)).toEqual(['#x']);
  });
});

describe('blockingIssues', () => {
  const d: FormDefinitionInput = {
    fields: [
      { code: 'REQ', label: 'Required', type: 'text', required: true },
      { code: 'NUM', label: 'Number', type: 'integer', range: { max: 10, severity: 'hard' } },
      { code: 'SC', label: 'Choice', type: 'singleChoice', codeList: yesNo },
      { code: 'SOFT', label: 'Soft', type: 'integer', range: { max: 10 } },
    ],
  };

  it('a draft is refused only for values that cannot be stored', () => {
    const draft = evaluate(d, { NUM: 11, SC: 'A', SOFT: 11 });
    expect(blockingIssues(draft, 'draft')).toEqual([]);
    expect(blockingIssues(draft, 'submit').map((i) => `${i.path}:${i.kind}`)).toEqual(['REQ:required', 'NUM:range']);
    const bad = evaluate(d, { NUM: 'ten', SC: 'Z' });
    expect(blockingIssues(bad, 'draft').map((i) => `${i.path}:${i.kind}`)).toEqual(['NUM:type', 'SC:choice']);
  });

  it('warnings never block', () => {
    const r = evaluate(d, { REQ: 'x', SOFT: 99 });
    expect(r.issues).toHaveLength(1);
    expect(blockingIssues(r, 'submit')).toEqual([]);
  });
});

describe('purity', () => {
  it('is deterministic and does not touch its input', () => {
    const values: FormValues = { INT: ' 4 ', TXT: ' a ', MC: ['B', 'A'] };
    const copy = structuredClone(values);
    const a = evaluate(allTypes, values);
    const b = evaluate(allTypes, values);
    expect(a).toEqual(b);
    expect(values).toEqual(copy);
  });
});
