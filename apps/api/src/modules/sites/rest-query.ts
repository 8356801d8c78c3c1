// Query-string adapter for the REST list paths: keeps the named parameters (first value of a repeated
// one), caps `limit` at MAX_LIST_LIMIT, and leaves validation to the procedure's zod input, whose
// errors answer 400 with field-level issues.
import { MAX_LIST_LIMIT } from '@ctp/contracts';

export function listQuery(
  query: Record<string, unknown>,
  names: readonly string[],
  paged = true,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of paged ? [...names, 'limit', 'offset'] : names) {
    const raw = query[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value !== '') out[name] = value;
  }
  const limit = Number(out.limit);
  if (out.limit !== undefined && Number.isFinite(limit) && limit > MAX_LIST_LIMIT)
    out.limit = String(MAX_LIST_LIMIT);
  return out;
}
