// Writing a parsed CDISC Library export: the standard row, its datasets and their variables, inside the
// caller's withActor transaction (the audit trigger on cdisc_standards records the import with its actor
// and reason). Datasets and variables go in as one JSON array each, unpacked by jsonb_array_elements as
// migration 0019 does: one statement per table, the same on PGlite and PostgreSQL.
import { sql, type CdiscLibraryExport, type Tx } from '@ctp/db';

export interface StoredStandard {
  id: number;
  datasets: number;
  variables: number;
}

export async function storeStandard(
  tx: Tx,
  parsed: CdiscLibraryExport,
  file: { name: string; sha256: string; importedBy: number },
): Promise<StoredStandard> {
  const { standard } = parsed;
  // A CDASHIG domain that only heads its scenario groups carries no variables: the catalogue lists the
  // datasets a study can map to, as the shipped one does.
  const datasets = parsed.datasets.filter((d) => d.variables.length);
  const variables = datasets.flatMap((d) => d.variables.map((v) => ({ dataset: d.code, ...v })));
  const inserted = await tx
    .insertInto('cdiscStandards')
    .values({
      code: standard.code,
      version: standard.version,
      type: standard.type,
      label: standard.label,
      source: standard.source,
      importedBy: file.importedBy,
      fileName: file.name,
      fileSha256: file.sha256,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = datasets.map((d) => ({ code: d.code, name: d.name, class: d.class, structure: d.structure, description: d.description }));
  await sql`insert into cdisc_datasets (standard_id, code, name, class, structure, description, ordinal)
    select ${inserted.id}, d.value->>'code', d.value->>'name', d.value->>'class', d.value->>'structure', d.value->>'description', d.ordinality::int
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as d
     order by d.ordinality`.execute(tx);
  await sql`insert into cdisc_variables (dataset_id, ordinal, name, label, data_type, simple_type, role, core,
      codelist_code, codelist_name, notes, sdtm_targets)
    select ds.id, (v.value->>'order')::int, v.value->>'name', v.value->>'label', v.value->>'dataType', v.value->>'simpleType',
           v.value->>'role', v.value->>'core', v.value->>'codelistCode', v.value->>'codelistName', v.value->>'notes', v.value->>'sdtmTargets'
      from jsonb_array_elements(${JSON.stringify(variables)}::jsonb) with ordinality as v
      join cdisc_datasets ds on ds.standard_id = ${inserted.id} and ds.code = v.value->>'dataset'
     order by v.ordinality`.execute(tx);
  return { id: inserted.id, datasets: datasets.length, variables: variables.length };
}
