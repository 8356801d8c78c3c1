// The checks of an uploaded randomization list (issue 30 item 1): a correct list is read into strata
// with each slot's number, block and block size; every refusal names its rows and reason, and no
// message names an arm.
import { describe, expect, it } from 'vitest';
import { checkUploadedList, MAX_PROBLEMS, problemsMessage, type ListCheck } from '../src/modules/randomization/list-upload/check.ts';

const factors = [{ key: 'sex', levels: ['F', 'M'] }];
const arms = [
  { id: 11, code: 'ACTIVE', name: 'Active drug', ratio: 2 },
  { id: 12, code: 'PBO', name: 'Placebo', ratio: 1 },
];
const csv = (rows: string[][], header = ['randomization_number', 'stratum', 'arm', 'block']) => [header, ...rows].map((r) => r.join(',')).join('\n');

/** Two strata, two blocks of 3 (2:1) each, numbers 1001… and 2001… */
function goodRows(): string[][] {
  return [
    ['1001', 'sex=F', 'ACTIVE', '1'],
    ['1002', 'sex=F', 'PBO', '1'],
    ['1003', 'sex=F', 'ACTIVE', '1'],
    ['1004', 'sex=F', 'PBO', '2'],
    ['1005', 'sex=F', 'ACTIVE', '2'],
    ['1006', 'sex=F', 'active', '2'],
    ['2001', 'sex=M', 'Placebo', '1'],
    ['2002', 'sex=M', 'ACTIVE', '1'],
    ['2003', 'sex=M', 'ACTIVE', '1'],
  ];
}

function problems(result: ListCheck) {
  if (result.ok) throw new Error('expected a refusal');
  return result.problems;
}

describe('an uploaded list', () => {
  it('is read into strata: positions in file order, blocks, sizes, numbers, arms by code or name', () => {
    const result = checkUploadedList(csv(goodRows()), factors, arms);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows).toBe(9);
    expect(result.strata.map((s) => s.stratum)).toEqual(['sex=F', 'sex=M']);
    expect(result.strata[0]!.entries.map((e) => [e.position, e.block, e.blockSize, e.armId, e.number])).toEqual([
      [1, 1, 3, 11, '1001'],
      [2, 1, 3, 12, '1002'],
      [3, 1, 3, 11, '1003'],
      [4, 2, 3, 12, '1004'],
      [5, 2, 3, 11, '1005'],
      [6, 2, 3, 11, '1006'],
    ]);
    expect(result.strata[1]!.entries.map((e) => e.armId)).toEqual([12, 11, 11]);
  });

  it('without a block column, checks the ratio over the whole stratum; columns in any order and case; prefixed numbers', () => {
    const rows = [
      ['PBO', 'sex=F', 'R-01'],
      ['ACTIVE', 'sex=F', 'R-02'],
      ['ACTIVE', 'sex=F', 'R-03'],
      ['ACTIVE', 'sex=M', 'R-10'],
      ['ACTIVE', 'sex=M', 'R-11'],
      ['PBO', 'sex=M', 'R-12'],
    ];
    const result = checkUploadedList(csv(rows, ['Treatment_Code', 'STRATUM', 'Number']), factors, arms);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.strata[1]!.entries.map((e) => [e.block, e.blockSize])).toEqual([[1, 3], [1, 3], [1, 3]]);
  });

  it('takes "*" as the one stratum of a scheme without factors', () => {
    const result = checkUploadedList(csv([['1', '*', 'ACTIVE', '1'], ['2', '*', 'PBO', '1'], ['3', '*', 'ACTIVE', '1']]), [], arms);
    expect(result.ok).toBe(true);
  });

  it('refuses a missing column, naming it (row 1, the header)', () => {
    expect(problems(checkUploadedList(csv(goodRows().map((r) => [r[0]!, r[2]!]), ['number', 'arm']), factors, arms))).toEqual([
      { row: 1, reason: 'Missing column: stratum' },
    ]);
  });

  it('refuses duplicate numbers, unknown arms and strata, bad blocks, with their rows', () => {
    const rows = goodRows();
    rows[2] = ['1002', 'sex=F', 'ACTIVE', '1']; // line 4: repeats 1002 of line 3
    rows[4] = ['1005', 'sex=F', 'XYZ', '2']; // line 6: unknown arm
    rows[6] = ['2001', 'sex=X', 'PBO', '1']; // line 8: unknown stratum
    rows[7] = ['2002', 'sex=M', 'ACTIVE', 'one']; // line 9: block not a number
    const found = problems(checkUploadedList(csv(rows), factors, arms));
    expect(found).toEqual(
      expect.arrayContaining([
        { row: 4, reason: 'Randomization number 1002 repeats row 3' },
        { row: 6, reason: 'Not an arm or treatment code of the scheme' },
        { row: 8, reason: expect.stringMatching(/^Not a stratum of the scheme/) },
        { row: 9, reason: 'The block must be a whole number from 1' },
      ]),
    );
    expect(found.map((p) => p.row)).toEqual([...found.map((p) => p.row)].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)));
  });

  it('refuses a gap or a step back in a stratum\'s numbers', () => {
    const rows = goodRows();
    rows[3] = ['1007', 'sex=F', 'PBO', '2']; // line 5: 1003 -> 1007, then line 6: 1007 -> 1005
    const found = problems(checkUploadedList(csv(rows), factors, arms));
    expect(found.filter((p) => /does not follow/.test(p.reason)).map((p) => p.row)).toEqual([5, 6]);
    expect(found[0]!.reason).toBe('Randomization number 1007 does not follow 1003 of row 4 in stratum sex=F (a gap or out of order)');
  });

  it('refuses a stratum of the scheme without rows (completeness)', () => {
    const found = problems(checkUploadedList(csv(goodRows().slice(0, 6)), factors, arms));
    expect(found).toEqual([{ row: null, reason: 'Stratum sex=M has no list' }]);
  });

  it('refuses a block whose arms break the ratio, naming its rows but no arm', () => {
    const rows = goodRows();
    rows[5] = ['1006', 'sex=F', 'PBO', '2']; // block 2 of sex=F: PBO, ACTIVE, PBO is 1:2, not 2:1
    const found = problems(checkUploadedList(csv(rows), factors, arms));
    expect(found).toEqual([{ row: 5, reason: 'Stratum sex=F, block 2 (rows 5–7): the arms are not in the scheme\'s ratio 2:1' }]);
    const message = problemsMessage(found);
    for (const a of arms) {
      expect(message).not.toContain(a.code);
      expect(message).not.toContain(a.name);
    }
  });

  it('refuses an incomplete last block and blocks out of order', () => {
    const short = problems(checkUploadedList(csv(goodRows().slice(0, 8)), factors, arms));
    expect(short).toEqual([{ row: 8, reason: 'Stratum sex=M, block 1 (rows 8–9): the arms are not in the scheme\'s ratio 2:1' }]);
    const rows = goodRows();
    for (const i of [3, 4, 5]) rows[i]![3] = '3';
    expect(problems(checkUploadedList(csv(rows), factors, arms))).toEqual([{ row: 5, reason: 'Block 3 of stratum sex=F is out of order (blocks run 1, 2, … and keep their rows together)' }]);
  });

  it('refuses an unreadable or empty file', () => {
    expect(problems(checkUploadedList('number,stratum,arm\n"1,*,ACTIVE\n', [], arms))[0]!.reason).toMatch(/not a readable CSV/);
    expect(problems(checkUploadedList('number,stratum,arm\n', [], arms))).toEqual([{ row: null, reason: 'The list has no rows' }]);
  });

  it('names at most MAX_PROBLEMS problems in the message, and how many more', () => {
    const rows = Array.from({ length: MAX_PROBLEMS + 5 }, (_, i) => [String(i + 1), '*', 'NOPE']);
    const found = problems(checkUploadedList(csv(rows, ['number', 'stratum', 'arm']), [], arms));
    const message = problemsMessage(found);
    expect(message).toMatch(/^The list was refused: Row 2: Not an arm/);
    expect(message).toMatch(/… and \d+ more$/);
  });
});
