// The bulk loader's profile: statements added up by verb and table, phases listed longest first.
import { describe, expect, it } from 'vitest';
import { LoadTimings, statementLabel } from '../src/demo/bulk/timings.ts';

describe('load timings', () => {
  it('labels a statement by what it does to which table', () => {
    expect(statementLabel('insert into "form_submissions" ("form_id") values ($1)')).toBe('insert form_submissions');
    expect(statementLabel('  update milestones set status = $1')).toBe('update milestones');
    expect(statementLabel('delete from "kits" where id = $1')).toBe('delete kits');
    expect(statementLabel('select id from forms')).toBe('select');
    expect(statementLabel('with x as (select 1) insert into queries select * from x')).toBe('with');
    expect(statementLabel('ANALYZE')).toBe('other');
  });

  it('adds up each phase and lists the longest first', async () => {
    const t = new LoadTimings();
    t.add('SQL insert queries', 1500);
    t.add('COPY patients', 400);
    t.add('SQL insert queries', 1000);
    await t.time('ANALYZE', async () => undefined);
    expect(t.get('SQL insert queries')).toBe(2500);
    expect(t.summary().slice(0, 2)).toEqual(['SQL insert queries 2.5 s', 'COPY patients 0.4 s']);
  });
});
