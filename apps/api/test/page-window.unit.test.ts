// pageWindow writes the first pages' LIMIT and OFFSET into the statement as literals (so PostgreSQL can
// keep one plan per page of a prepared statement) and deeper pages' as parameters (so the texts stay few).
// hiddenOffsetWindow writes the LIMIT and hides the OFFSET: one text and one plan for every page.
import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { hiddenOffsetWindow, LITERAL_OFFSET_MAX, pageWindow } from '../src/sql-helpers.ts';

// Compiles SQL without a database (Kysely's documented compile-only setup).
const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function compilePage(limit: number, offset: number) {
  const w = pageWindow({ limit, offset });
  return sql`select 1 limit ${w.limit} offset ${w.offset} -- ${w.bound(limit + offset)}`.compile(compiler);
}

describe('pageWindow', () => {
  it('writes the first pages as literals', () => {
    expect(compilePage(24, 0)).toMatchObject({ sql: 'select 1 limit 24 offset 0 -- 24', parameters: [] });
    expect(compilePage(24, LITERAL_OFFSET_MAX)).toMatchObject({ sql: `select 1 limit 24 offset ${LITERAL_OFFSET_MAX} -- ${LITERAL_OFFSET_MAX + 24}`, parameters: [] });
  });

  it('keeps deeper pages as parameters', () => {
    expect(compilePage(24, LITERAL_OFFSET_MAX + 24)).toMatchObject({
      sql: 'select 1 limit $1 offset $2 -- $3',
      parameters: [24, LITERAL_OFFSET_MAX + 24, LITERAL_OFFSET_MAX + 48],
    });
  });

  it('never writes a value that is not a non-negative integer into the text', () => {
    expect(compilePage(24.5, 0).parameters).toEqual([24.5, 0, 24.5]);
    expect(compilePage(24, -1).parameters).toEqual([24, -1, 23]);
  });
});

describe('hiddenOffsetWindow', () => {
  const compileWindow = (limit: number, offset: number) =>
    sql`select 1 ${hiddenOffsetWindow({ limit, offset })}`.compile(compiler);

  it('writes the limit and hides the offset, the same text for every page', () => {
    expect(compileWindow(24, 0)).toMatchObject({ sql: 'select 1 limit 24 offset (select $1::int)', parameters: [0] });
    expect(compileWindow(24, 4800)).toMatchObject({ sql: 'select 1 limit 24 offset (select $1::int)', parameters: [4800] });
  });

  it('refuses bounds that are not non-negative integers', () => {
    expect(() => compileWindow(24.5, 0)).toThrow(RangeError);
    expect(() => compileWindow(24, -1)).toThrow(RangeError);
  });
});
