// Portfolio-wide dashboard figures read every subject and visit in the user's studies (the data quality
// score: about 200 ms at the largest demo scale, 127k subjects and 800k visits), and every dashboard
// load asks for them with the alerts and the compliance checks. Each is computed at most once per
// DASHBOARD_CACHE_SECONDS for one study scope on one database; concurrent requests share the
// computation under way. 0 computes on every request.
import type { Db } from '@ctp/db';

const MAX_ENTRIES = 1_000;
const caches = new WeakMap<Db, Map<string, { until: number; value: Promise<unknown> }>>();

export function cachedFigure<T>(
  db: Db,
  key: string,
  ttlSeconds: number,
  compute: () => Promise<T>,
): Promise<T> {
  if (ttlSeconds <= 0) return compute();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  const value = compute();
  cache.set(key, { until: now + ttlSeconds * 1000, value });
  // A failed computation is not remembered: the next request tries again.
  value.catch(() => cache.delete(key));
  return value;
}

/** The cache key of a study scope: every study, or the sorted ids. */
export const scopeKey = (ids: number[] | null) =>
  ids === null ? 'all' : [...ids].sort((a, b) => a - b).join(',');

/**
 * Every figure of a database, when this process may have missed a change it should have heard of
 * (its cache-invalidation connection was lost). Figures otherwise age out by DASHBOARD_CACHE_SECONDS:
 * they are keyed by study scope, not by person, so no log-out or membership change makes one wrong.
 */
export function forgetFigures(db: Db) {
  caches.get(db)?.clear();
}
