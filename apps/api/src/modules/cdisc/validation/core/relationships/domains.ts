// The datasets of a domain named by a relationship record (RDOMAIN), and a value as a join key.
import type { Cell, StudyDataset } from '../types.ts';
import { asNumber, asText, isEmpty } from '../values.ts';

/** A dataset's DOMAIN value (its first record's), else its name: RDOMAIN names a domain, which a split dataset shares. */
export const domainOf = (d: StudyDataset): string => {
  const v = d.rows.find((r) => typeof r.DOMAIN === 'string' && r.DOMAIN)?.DOMAIN;
  return typeof v === 'string' ? v : d.name;
};

/** The datasets holding a domain's records (a SUPP-- dataset relates to its domain, it does not hold it). */
export const datasetsOfDomain = (datasets: StudyDataset[], domain: string): StudyDataset[] =>
  domain ? datasets.filter((d) => !d.name.startsWith('SUPP') && (d.name === domain || domainOf(d) === domain)) : [];

/** A value as a join key, type-insensitive as the engine casts IDVARVAL (320 and "320" are one key); null when empty. */
export const keyOf = (v: Cell | undefined): string | null => {
  if (v === undefined || isEmpty(v)) return null;
  const n = asNumber(v);
  return n !== null ? `n:${n}` : `s:${asText(v)}`;
};
