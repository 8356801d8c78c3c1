// Loading a generated catalogue file (cdisc-catalogue.json by migration 0019, adam-catalogue.json by 0026)
// into cdisc_standards, cdisc_datasets and cdisc_variables: three statements over JSON arrays (rows as
// arrays, positions named by the file's columns), the same on both drivers. Rows name their standard by
// code; the file's own version of it is the one they join (other versions may be loaded by then).
import { sql, type Kysely } from 'kysely';

// The positions the statements below read; the generators write them into the files.
const DATASET_COLUMNS = ['standard', 'code', 'name', 'class', 'structure', 'description'];
const VARIABLE_COLUMNS = ['standard', 'dataset', 'order', 'name', 'label', 'dataType', 'simpleType', 'role', 'core', 'codelistCode', 'codelistName', 'notes', 'sdtmTargets'];

export interface CatalogueFile {
  standards: { code: string; version: string; type: string; label: string; source: string }[];
  datasetColumns: string[];
  datasets: unknown[][];
  variableColumns: string[];
  variables: unknown[][];
}

export async function loadCatalogueRows(db: Kysely<any>, catalogue: CatalogueFile): Promise<void> {
  if (JSON.stringify(catalogue.datasetColumns) !== JSON.stringify(DATASET_COLUMNS) || JSON.stringify(catalogue.variableColumns) !== JSON.stringify(VARIABLE_COLUMNS)) {
    throw new Error('The catalogue file has columns this loader does not know');
  }
  const versions = JSON.stringify(Object.fromEntries(catalogue.standards.map((s) => [s.code, s.version])));
  await sql`INSERT INTO cdisc_standards (code, version, type, label, source)
    SELECT s->>'code', s->>'version', s->>'type', s->>'label', s->>'source'
      FROM jsonb_array_elements(${JSON.stringify(catalogue.standards)}::jsonb) AS s`.execute(db);
  await sql`INSERT INTO cdisc_datasets (standard_id, code, name, class, structure, description, ordinal)
    SELECT st.id, d.value->>1, d.value->>2, d.value->>3, d.value->>4, d.value->>5, d.ordinality::int
      FROM jsonb_array_elements(${JSON.stringify(catalogue.datasets)}::jsonb) WITH ORDINALITY AS d
      JOIN cdisc_standards st ON st.code = d.value->>0 AND st.version = ${versions}::jsonb->>(d.value->>0)
     ORDER BY d.ordinality`.execute(db);
  await sql`INSERT INTO cdisc_variables (dataset_id, ordinal, name, label, data_type, simple_type, role, core,
      codelist_code, codelist_name, notes, sdtm_targets)
    SELECT ds.id, (v.value->>2)::int, v.value->>3, v.value->>4, v.value->>5, v.value->>6, v.value->>7, v.value->>8, v.value->>9,
           v.value->>10, v.value->>11, v.value->>12
      FROM jsonb_array_elements(${JSON.stringify(catalogue.variables)}::jsonb) WITH ORDINALITY AS v
      JOIN cdisc_standards st ON st.code = v.value->>0 AND st.version = ${versions}::jsonb->>(v.value->>0)
      JOIN cdisc_datasets ds ON ds.standard_id = st.id AND ds.code = v.value->>1
     ORDER BY v.ordinality`.execute(db);
}
