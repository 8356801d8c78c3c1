// A subject's level for each stratification factor of the scheme: the site factor is the subject's site
// number, the country factor its site's country, and a subject factor the value entered at
// randomization, which must be one of the factor's levels.
import type { Db, Tx } from '@ctp/db';
import { fieldError } from '../../trpc.ts';
import type { normalizedContent } from './scheme-content.ts';

type Factors = ReturnType<typeof normalizedContent>['factors'];

export async function subjectSite(db: Db | Tx, siteId: number) {
  return db.selectFrom('sites').select(['siteNumber', 'country']).where('id', '=', siteId).executeTakeFirstOrThrow();
}

/** The levels the subject's own records give (site, country); subject factors are left out. */
export function knownLevels(factors: Factors, site: { siteNumber: string; country: string | null }): Record<string, string> {
  const levels: Record<string, string> = {};
  for (const f of factors) {
    if (f.source === 'site') levels[f.key] = site.siteNumber;
    if (f.source === 'country' && site.country) levels[f.key] = site.country;
  }
  return levels;
}

/** Every factor's level, checked against its levels; a value given for a factor not entered by hand is refused. */
export function subjectLevels(factors: Factors, site: { siteNumber: string; country: string | null }, given: Record<string, string>): Record<string, string> {
  const byKey = new Map(factors.map((f) => [f.key, f]));
  for (const key of Object.keys(given)) {
    const factor = byKey.get(key);
    if (!factor) throw fieldError('stratumValues', `The scheme has no stratification factor ${key}`);
    if (factor.source !== 'subject') throw fieldError('stratumValues', `${factor.label} is taken from the subject's site, not entered`);
  }
  const levels = knownLevels(factors, site);
  for (const f of factors) {
    const level = f.source === 'subject' ? given[f.key] : levels[f.key];
    if (level === undefined || level === '') throw fieldError('stratumValues', `Give the subject's ${f.label}`);
    if (!f.levels.includes(level)) {
      throw fieldError('stratumValues', f.source === 'subject'
        ? `${level} is not a level of ${f.label} (${f.levels.join(', ')})`
        : `The subject's ${f.label} (${level}) is not one of the scheme's levels; ask the study manager to add it`);
    }
    levels[f.key] = level;
  }
  return levels;
}
