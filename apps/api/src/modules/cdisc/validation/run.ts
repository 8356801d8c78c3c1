// Validating a finished SDTM run: each stored dataset's Dataset-JSON file is read from the blob store, one
// dataset at a time (DM first: its subjects and STUDYID are what the other datasets are checked against),
// the rules of rules.ts applied, and the result stored: the run row with its counts and compliance score,
// and every finding. The score: 100 × (1 − failed rule applications / rule applications).
import { sql, withActor, type BlobStore, type Db } from '@ctp/db';
import { readDatasetJson } from '../formats/dataset-json.ts';
import { complianceScore, validateDataset, validateDatasetList, type CatalogueDataset, type Finding, type RuleContext, type RuleDataset } from './rules.ts';

export interface ValidateOptions {
  db: Db;
  files: BlobStore;
  userId: number;
  clientIp: string | null;
  studyId: number;
  sdtmRunId: number;
}

export async function loadRuleCatalogue(db: Db): Promise<Map<string, CatalogueDataset>> {
  const rows = await sql<{ dataset: string; class: string | null; name: string; core: string | null; type: 'Char' | 'Num'; codelistCode: string | null }>`
    select d.code as dataset, d.class, v.name, v.core, v.simple_type as type, v.codelist_code as "codelistCode"
      from cdisc_variables v join cdisc_datasets d on d.id = v.dataset_id join cdisc_standards s on s.id = d.standard_id
     where s.code = 'SDTMIG' order by d.code, v.ordinal`.execute(db);
  const out = new Map<string, CatalogueDataset>();
  for (const r of rows.rows) {
    let d = out.get(r.dataset);
    if (!d) out.set(r.dataset, (d = { class: r.class, variables: new Map() }));
    d.variables.set(r.name, { core: r.core, type: r.type, codelistCode: r.codelistCode });
  }
  return out;
}

async function readStored(files: BlobStore, sha256: string): Promise<RuleDataset> {
  const chunks: Buffer[] = [];
  for await (const c of files.createReadStream(sha256)) chunks.push(c as Buffer);
  const json = readDatasetJson(Buffer.concat(chunks));
  return {
    name: json.name,
    variables: json.columns.map((c) => ({ name: c.name, label: c.label, type: c.dataType === 'string' ? 'Char' : 'Num', length: c.length ?? 8 })),
    rows: json.rows,
  };
}

/** Validates the run's datasets and stores the result; returns the validation run's id. */
export async function validateSdtmRun(o: ValidateOptions): Promise<number> {
  const catalogue = await loadRuleCatalogue(o.db);
  const stored = await o.db.selectFrom('sdtmRunDatasets').select(['domain', 'jsonSha256']).where('runId', '=', o.sdtmRunId).execute();
  stored.sort((a, b) => (a.domain === 'DM' ? -1 : b.domain === 'DM' ? 1 : a.domain.localeCompare(b.domain)));
  const ctx: RuleContext = { dmSubjects: null, dmStudyIds: new Set(), catalogue };
  const study = validateDatasetList(stored.map((d) => d.domain));
  const findings: Finding[] = [...study.findings];
  let applied = study.applied;
  let failed = study.failed;
  let records = 0;
  for (const d of stored) {
    const ds = await readStored(o.files, d.jsonSha256);
    if (d.domain === 'DM') {
      const u = ds.variables.findIndex((v) => v.name === 'USUBJID');
      const s = ds.variables.findIndex((v) => v.name === 'STUDYID');
      ctx.dmSubjects = new Set(u >= 0 ? ds.rows.map((r) => String(r[u] ?? '')) : []);
      if (s >= 0) for (const r of ds.rows) ctx.dmStudyIds.add(String(r[s] ?? ''));
    }
    const result = validateDataset(ds, ctx);
    findings.push(...result.findings);
    applied += result.applied;
    failed += result.failed;
    records += ds.rows.length;
  }
  const errors = findings.filter((f) => f.kind === 'error');
  const warnings = findings.filter((f) => f.kind === 'warning');
  return withActor(o.db, { userId: o.userId, reason: 'Validate SDTM datasets', clientIp: o.clientIp }, async (tx) => {
    const run = await tx
      .insertInto('sdtmValidationRuns')
      .values({
        studyId: o.studyId,
        sdtmRunId: o.sdtmRunId,
        runBy: o.userId,
        isValid: errors.length === 0,
        errors: errors.length,
        warnings: warnings.length,
        checkedRules: applied,
        failedRules: failed,
        recordsChecked: records,
        score: complianceScore(applied, failed),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = [...errors, ...warnings].map((f) => ({
      validationRunId: run.id,
      kind: f.kind,
      coreId: f.coreId,
      type: f.type,
      severity: f.severity,
      message: f.message.slice(0, 2000),
      dataset: f.dataset,
      variable: f.variable,
      record: f.record,
      recommendation: f.recommendation,
    }));
    for (let k = 0; k < rows.length; k += 500) await tx.insertInto('sdtmValidationFindings').values(rows.slice(k, k + 500)).execute();
    return run.id;
  });
}
