// Every procedure's input refuses what PostgreSQL cannot hold: each string leaf refuses a NUL, a lone
// surrogate and 100,000 characters (a document, tagged by documentText, one character over its own
// DOCUMENT_LIMITS instead); each number leaf refuses 10^13 (and an integer one 2^31). The procedures
// are read from appRouter, so a new one is checked the day it is added; a procedure carrying a
// document must also have the request body limit that lets its largest document through.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DOCUMENT_LIMITS,
  documentKindOf,
  documentText,
  formDefinition,
  formImportInput,
  isStorableText,
  text,
  pgInt,
  listOffset,
  logicExpression,
  type DocumentKind,
} from '@ctp/contracts';
import { DOCUMENT_PROCEDURES, REQUEST_BODY_LIMIT_BYTES, trpcBodyLimit } from '../src/http/body-limits.ts';
import { documentKindsIn, leaves, procedureEntries } from './support/schema-walk.ts';

const HOSTILE_STRINGS = ['Abcdefgh1234\u0000', 'Abcdefgh1234\uD800', 'Abcdefgh1234\uDC00x'];
/** Too long for the leaf: 100,000 characters, or one over a document's own limit. */
const tooLong = (schema: z.ZodType) => 'A'.repeat(documentKindOf(schema) ? DOCUMENT_LIMITS[documentKindOf(schema)!] + 1 : 100_000);

/** The leaves of every procedure's input that let through a value PostgreSQL cannot hold. */
function unboundedLeaves(): string[] {
  const found: string[] = [];
  for (const { path, input } of procedureEntries()) {
    if (!input) continue;
    for (const leaf of leaves(input)) {
      const where = `${path}: ${leaf.path.join('.') || '(input)'}`;
      if (leaf.type === 'string') {
        for (const s of [...HOSTILE_STRINGS, tooLong(leaf.schema)]) {
          if (leaf.schema.safeParse(s).success) found.push(`${where} accepts ${JSON.stringify(s.slice(0, 16))}${s.length > 16 ? `… (${s.length} characters)` : ''}`);
        }
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

  it('a procedure carries a document exactly when its body limit is raised for it (DOCUMENT_PROCEDURES)', () => {
    const kindOf = (schema: z.ZodType) => documentKindOf(schema);
    const carrying = Object.fromEntries(
      procedureEntries().flatMap(({ path, input }) => {
        const kinds = input ? [...new Set(documentKindsIn(input, kindOf).map((d) => d.kind))] : [];
        expect(kinds.length, `${path} carries more than one kind of document`).toBeLessThanOrEqual(1);
        return kinds.length ? [[path, kinds[0]]] : [];
      }),
    );
    expect(carrying).toEqual(DOCUMENT_PROCEDURES);
    expect(carrying['forms.import']).toBe('formImport');
    expect(trpcBodyLimit(['patients.list'])).toBe(REQUEST_BODY_LIMIT_BYTES);
  });

  it('the body limit of a document procedure holds its largest document in the costliest JSON', () => {
    // Six bytes a character: a control character is written as a \uXXXX escape.
    const worstImport = { studyId: 2_147_483_647, format: 'odm', content: '\u0001'.repeat(DOCUMENT_LIMITS.formImport), reason: 'x'.repeat(500) };
    expect(formImportInput.safeParse(worstImport).success).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(worstImport))).toBeLessThanOrEqual(trpcBodyLimit(['forms.import']));
    // Two imports batched into one request.
    expect(trpcBodyLimit(['forms.import', 'forms.import'])).toBeGreaterThanOrEqual(2 * Buffer.byteLength(JSON.stringify(worstImport)));
    // A definition at its limit, every character of its JSON a three-byte one, beside the longest other fields.
    const others = { id: 2_147_483_647, version: 2_147_483_647, name: 'x'.repeat(200), category: 'Visit', description: 'x'.repeat(2000), definition: {}, reason: 'x'.repeat(500) };
    expect(Buffer.byteLength('日'.repeat(DOCUMENT_LIMITS.formDefinition))).toBe(3 * DOCUMENT_LIMITS.formDefinition);
    expect(Buffer.byteLength(JSON.stringify(others)) + 3 * DOCUMENT_LIMITS.formDefinition).toBeLessThanOrEqual(trpcBodyLimit(['forms.saveDraft']));
  });

  it('a document just over the old 5,000-character cap is taken; one over its limit is refused with its limit in words', () => {
    const importText = documentText('formImport');
    expect(importText.safeParse('<ODM>'.padEnd(5_001, ' ')).success).toBe(true);
    expect(importText.safeParse('x'.repeat(DOCUMENT_LIMITS.formImport)).success).toBe(true);
    const over = importText.safeParse('x'.repeat(DOCUMENT_LIMITS.formImport + 1));
    expect(over.success).toBe(false);
    expect(over.error!.issues.map((i) => i.message)).toEqual(['The file is larger than the import limit of 2 MB (2,097,152 characters)']);
    expect(importText.safeParse('<ODM>\u0000</ODM>').error!.issues[0]!.message).toBe('Remove the control or invalid characters from this text');
    // Untrimmed: a file's own whitespace is its content.
    expect(importText.parse('  a,b\n')).toBe('  a,b\n');
    // A definition over 1 MB as JSON is refused as a whole.
    const huge = { fields: Array.from({ length: 300 }, (_, i) => ({ type: 'singleChoice', code: `F${i}`, label: 'x', codeList: Array.from({ length: 40 }, (_, k) => ({ code: `C${k}`, label: 'y'.repeat(100) })) })), checks: [] };
    const refused = formDefinition.safeParse(huge);
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.message)).toEqual(['The form definition is larger than the limit of 1 MB (1,048,576 characters)']);
  });

  it.each(Object.keys(DOCUMENT_LIMITS) as DocumentKind[])('the %s limit is whole megabytes of characters', (kind) => {
    expect(DOCUMENT_LIMITS[kind] % (1024 * 1024)).toBe(0);
    expect(DOCUMENT_LIMITS[kind]).toBeGreaterThan(5_000);
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
