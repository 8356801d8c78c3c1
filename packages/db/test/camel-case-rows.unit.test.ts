// CamelCaseRowsPlugin maps result rows exactly as Kysely's CamelCasePlugin does, with less allocation.
import { describe, expect, it } from 'vitest';
import { CamelCasePlugin, type QueryResult, type UnknownRow } from 'kysely';
import { CamelCaseRowsPlugin } from '../src/camel-case-rows.ts';

const mapWith = async (plugin: CamelCasePlugin, rows: UnknownRow[]) =>
  (await plugin.transformResult({ queryId: { queryId: 'q' }, result: { rows } as QueryResult<UnknownRow> })).rows;

const bare = Object.assign(Object.create(null) as UnknownRow, { site_name: 'Munich', n: 1 });
const sampleRows = (): UnknownRow[] => [
  {
    study_id: 7,
    trial_id: 'ONC-1',
    start_date: '2026-01-02',
    created_at: new Date('2026-01-02T03:04:05Z'),
    raw_bytes: Buffer.from('ab'),
    budget_total: null,
    milestones: [{ target_date: '2026-03-01', id: 1, nested_list: [{ inner_key: 1 }, 'text', 3] }, 'not an object', null],
    extra_info: { first_key: { second_key: true }, already_camel: 2 },
    bare_object: bare,
    tags: ['a_b', 'c_d'],
  },
];

describe('CamelCaseRowsPlugin', () => {
  it('gives the same rows as CamelCasePlugin: keys, order, nested objects and arrays, other values untouched', async () => {
    const ours = await mapWith(new CamelCaseRowsPlugin(), sampleRows());
    const kysely = await mapWith(new CamelCasePlugin(), sampleRows());
    expect(ours).toEqual(kysely);
    expect(Object.keys(ours[0]!)).toEqual(Object.keys(kysely[0]!));
    const row = ours[0] as Record<string, any>;
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(Buffer.isBuffer(row.rawBytes)).toBe(true);
    expect(row.milestones[0]).toEqual({ targetDate: '2026-03-01', id: 1, nestedList: [{ innerKey: 1 }, 'text', 3] });
    expect(row.extraInfo).toEqual({ firstKey: { secondKey: true }, alreadyCamel: 2 });
    expect(row.bareObject).toEqual({ siteName: 'Munich', n: 1 });
    expect(row.tags).toEqual(['a_b', 'c_d']);
  });
});
