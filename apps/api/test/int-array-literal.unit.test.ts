// intArrayLiteral writes id arrays as one PostgreSQL array literal, the parameter of `$n::int[]`.
import { describe, expect, it } from 'vitest';
import { intArrayLiteral } from '../src/sql-helpers.ts';

describe('intArrayLiteral', () => {
  it('writes the ids in order, an empty array as {}', () => {
    expect(intArrayLiteral([3, 1, 200])).toBe('{3,1,200}');
    expect(intArrayLiteral([-1])).toBe('{-1}');
    expect(intArrayLiteral([])).toBe('{}');
  });

  it('refuses anything but integers, so nothing else reaches the literal', () => {
    expect(() => intArrayLiteral([1, 2.5])).toThrow(RangeError);
    expect(() => intArrayLiteral([1, Number.NaN])).toThrow(RangeError);
    expect(() => intArrayLiteral(['1}' as unknown as number])).toThrow(RangeError);
  });
});
