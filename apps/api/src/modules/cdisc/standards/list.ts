// cdisc.standards: every loaded standard and version (the Domains tab's "loaded" line and the Import
// Standards dialog), with its label, when and by whom it was loaded (nobody for the shipped catalogue),
// its dataset and variable counts, and whether it is the version the readers use (current.ts).
import { sql, type Db } from '@ctp/db';
import type { CdiscStandard } from '@ctp/contracts';
import { compareVersions, currentStandards } from './current.ts';

const TYPE_ORDER: Record<CdiscStandard['type'], number> = { SDTM: 1, CDASH: 2, ADaM: 3 };

export async function listStandards(db: Db): Promise<CdiscStandard[]> {
  const { rows } = await sql<Omit<CdiscStandard, 'current'> & { loadedAt: Date | string }>`
    select s.id, s.code, s.version, s.type, s.label, s.source, s.loaded_at as "loadedAt", u.full_name as "loadedBy", s.file_name as "fileName",
           (select count(*)::int from cdisc_datasets d where d.standard_id = s.id) as "domainCount",
           (select count(*)::int from cdisc_variables v join cdisc_datasets d on d.id = v.dataset_id where d.standard_id = s.id) as "variableCount"
      from cdisc_standards s left join users u on u.id = s.imported_by`.execute(db);
  const current = new Set([...(await currentStandards(db)).values()].map((c) => c.id));
  // SDTM, CDASH, ADaM; by code; newest version first (numerically: 3.10 before 3.4).
  rows.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.code.localeCompare(b.code) || compareVersions(b.version, a.version));
  return rows.map((r) => ({ ...r, loadedAt: new Date(r.loadedAt).toISOString(), current: current.has(r.id) }));
}
