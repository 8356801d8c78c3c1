import { describe, expect, it } from 'vitest';
import { omitColumns, withTotal } from '../src/sql-helpers.ts';

describe('omitColumns', () => {
  it('copies every column but the named ones, leaving the row as it was', () => {
    const row = { id: 1, total: 40, name: 'A', when: new Date(0) };
    const copy = omitColumns(row, 'total', 'when');
    expect(copy).toStrictEqual({ id: 1, name: 'A' });
    expect(row).toStrictEqual({ id: 1, total: 40, name: 'A', when: new Date(0) });
  });
});

describe('withTotal', () => {
  it('takes the total from the rows and strips it from each', async () => {
    const page = await withTotal([{ id: 1, total: 12 }, { id: 2, total: 12 }], 0, async () => -1);
    expect(page).toStrictEqual({ total: 12, rows: [{ id: 1 }, { id: 2 }] });
  });

  it('an empty first page has no rows at all; an empty later page asks for the count', async () => {
    expect(await withTotal([], 0, async () => -1)).toStrictEqual({ total: 0, rows: [] });
    expect(await withTotal([], 48, async () => 30)).toStrictEqual({ total: 30, rows: [] });
  });
});
