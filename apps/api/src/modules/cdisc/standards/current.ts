// Which version of a standard the readers use when several are loaded (an imported SDTMIG 3.5 beside the
// shipped 3.4): the newest, versions compared numerically part by part, so 3.10 is newer than 3.4 (a
// text comparison would say otherwise). The Domains tab, the mapping suggestions and, through the same
// function, the SDTM generation, validation and Define-XML read the standard this returns.
import { sql, type Db, type Tx } from '@ctp/db';

export interface CurrentStandard {
  id: number;
  code: string;
  version: string;
}

/** Negative when a is older than b, positive when newer; missing parts count as 0 (3.4 = 3.4.0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** The current version of every loaded standard, by code (SDTMIG, CDASHIG). */
export async function currentStandards(db: Db | Tx): Promise<Map<string, CurrentStandard>> {
  const { rows } = await sql<CurrentStandard>`select id, code, version from cdisc_standards`.execute(db);
  const current = new Map<string, CurrentStandard>();
  for (const r of rows) {
    const seen = current.get(r.code);
    if (!seen || compareVersions(r.version, seen.version) > 0) current.set(r.code, r);
  }
  return current;
}

/** The current version of one standard, or null when none of that code is loaded. */
export async function currentStandard(db: Db | Tx, code: string): Promise<CurrentStandard | null> {
  return (await currentStandards(db)).get(code) ?? null;
}
