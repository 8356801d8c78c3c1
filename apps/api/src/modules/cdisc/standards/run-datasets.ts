// Which SDTMIG dataset rows describe an SDTM run's datasets. A run is generated against the newest SDTMIG
// loaded when it started (sdtm_runs.standard_id); each dataset is described by that version or, when the
// version lacks it (an export trimmed to a few domains, or a domain added later), by the newest earlier
// version that has it. Generation, validation and define.xml all resolve through here, so they agree,
// and a run keeps describing itself the same way after a newer SDTMIG is imported.
import { sql, type Db, type Tx } from '@ctp/db';
import { intArrayLiteral } from '../../../sql-helpers.ts';
import { compareVersions } from './current.ts';

export interface RunDataset {
  /** cdisc_datasets.id */
  id: number;
  code: string;
  /** The SDTMIG version that describes it. */
  version: string;
}

/** Dataset code → the catalogue dataset describing it, for the SDTMIG standard `standardId` and older. */
export async function sdtmigDatasets(db: Db | Tx, standardId: number): Promise<Map<string, RunDataset>> {
  const standards = await db.selectFrom('cdiscStandards').select(['id', 'version']).where('code', '=', 'SDTMIG').execute();
  const upTo = standards.find((s) => s.id === standardId);
  if (!upTo) throw new Error('The run names an SDTMIG that is not loaded');
  const eligible = standards.filter((s) => compareVersions(s.version, upTo.version) <= 0).sort((a, b) => compareVersions(b.version, a.version));
  const rows = await db
    .selectFrom('cdiscDatasets')
    .select(['id', 'code', 'standardId'])
    .where(
      'standardId',
      'in',
      eligible.map((s) => s.id),
    )
    .execute();
  const out = new Map<string, RunDataset>();
  for (const s of eligible) {
    for (const r of rows) if (r.standardId === s.id && !out.has(r.code)) out.set(r.code, { id: r.id, code: r.code, version: s.version });
  }
  return out;
}

/** One variable of the SDTMIG rows describing a run's datasets (sdtmigDatasets), as generation and
 *  validation read them. */
export interface RunCatalogueRow {
  dataset: string;
  datasetName: string;
  class: string | null;
  name: string;
  label: string;
  type: 'Char' | 'Num';
  ordinal: number;
  core: string | null;
  codelist: string | null;
}

/** The variables of every dataset sdtmigDatasets resolves for the SDTMIG `standardId`, by dataset and order. */
export async function sdtmigVariables(db: Db | Tx, standardId: number): Promise<RunCatalogueRow[]> {
  const ids = [...(await sdtmigDatasets(db, standardId)).values()].map((d) => d.id);
  const { rows } = await sql<RunCatalogueRow>`
    select d.code as dataset, d.name as "datasetName", d.class, v.name, v.label, v.simple_type as type, v.ordinal, v.core, v.codelist_code as codelist
      from cdisc_variables v join cdisc_datasets d on d.id = v.dataset_id
     where d.id = any(${intArrayLiteral(ids)}::int[]) order by d.code, v.ordinal`.execute(db);
  return rows;
}
