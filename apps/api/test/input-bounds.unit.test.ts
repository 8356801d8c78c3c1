// Every procedure's input refuses what PostgreSQL cannot hold: each string leaf refuses a NUL, a lone
// surrogate and 100,000 characters; each number leaf refuses 10^13 (and an integer one 2^31). The
// procedures are read from appRouter, so a new one is checked the day it is added.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStorableText, text, pgInt, listOffset, logicExpression } from '@ctp/contracts';
import { leaves, procedureEntries } from './support/schema-walk.ts';

const HOSTILE_STRINGS = ['Abcdefgh1234\u0000', 'Abcdefgh1234\uD800', 'Abcdefgh1234\uDC00x', 'A'.repeat(100_000)];

/** The leaves of every procedure's input that let through a value PostgreSQL cannot hold. */
function unboundedLeaves(): string[] {
  const found: string[] = [];
  for (const { path, input } of procedureEntries()) {
    if (!input) continue;
    for (const leaf of leaves(input)) {
      const where = `${path}: ${leaf.path.join('.') || '(input)'}`;
      if (leaf.type === 'string') {
        for (const s of HOSTILE_STRINGS) if (leaf.schema.safeParse(s).success) found.push(`${where} accepts ${JSON.stringify(s.slice(0, 16))}${s.length > 16 ? '…' : ''}`);
      }
      if (leaf.type === 'number') {
        if (leaf.schema.safeParse(1e13).success || leaf.schema.safeParse(-1e13).success) found.push(`${where} accepts 1e13`);
        const integer = !leaf.schema.safeParse(1.5).success;
        if (integer && leaf.schema.safeParse(2 ** 31).success) found.push(`${where} accepts 2^31 (beyond PostgreSQL integer)`);
      }
      if (leaf.type === 'bigint' || leaf.type === 'any' || leaf.type === 'unknown') found.push(`${where} accepts anything (${leaf.type})`);
    }
  }
  return found;
}

describe('input bounds', () => {
  it('walks a non-trivial router', () => {
    const entries = procedureEntries();
    expect(entries.length).toBeGreaterThan(20);
    expect(entries.map((e) => e.path)).toContain('patients.list');
  });

  it('no procedure input has a raw string or an unbounded number', () => {
    expect(unboundedLeaves()).toEqual([]);
  });

  it('finds a raw z.string() or an unbounded z.number() (the check above can fail)', () => {
    const raw = z.object({ search: z.string(), offset: z.number().int().min(0) });
    const flagged = leaves(raw).filter(
      (l) => (l.type === 'string' && l.schema.safeParse('a\u0000').success) || (l.type === 'number' && l.schema.safeParse(1e13).success),
    );
    expect(flagged.map((l) => l.path.join('.'))).toEqual(['search', 'offset']);
  });

  it('the building blocks refuse NUL, lone surrogates, over-long text and out-of-range numbers', () => {
    expect(isStorableText('naïve 日本 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\uD83D')).toBe(false);
    expect(isStorableText('\uDE00a')).toBe(false);
    expect(text('search').safeParse('  munich  ').data).toBe('munich');
    expect(text('search').safeParse('x'.repeat(101)).success).toBe(false);
    expect(text('reason').safeParse('x'.repeat(500)).success).toBe(true);
    expect(pgInt().safeParse(2_147_483_647).success).toBe(true);
    expect(pgInt().safeParse(2_147_483_648).success).toBe(false);
    expect(listOffset.safeParse(1_000_000_000_000).success).toBe(false);
    expect(listOffset.safeParse(-1).success).toBe(false);
    expect(logicExpression.safeParse({ '==': [{ var: 'AEONGO' }, 'N'] }).success).toBe(true);
    expect(logicExpression.safeParse({ '==': [{ var: 'A\u0000' }, 'N'] }).success).toBe(false);
  });
});
