// A study-scope predicate for raw SQL: `column = any(ids)`, or true when the user sees every study.
import { sql } from '@ctp/db';

export function inStudies(column: string, ids: number[] | null) {
  if (!ids) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(column)} = any(${ids.length ? ids : [-1]}::int[])`;
}

/** Escapes LIKE wildcards so a search for '50%' matches the text literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
