// Three additions to the SDTM runs:
// - sdtm_runs.standard_id: the SDTMIG version the run was generated against (the newest loaded when it
//   started); its validation and define.xml read that version's metadata, so importing a newer SDTMIG
//   later does not change what an earlier run's define.xml says. Runs before this migration used the
//   shipped SDTMIG 3.4.
// - sdtm_run_datasets.value_metadata: what the generation saw of each dataset's values, for define.xml:
//   the distinct values of each variable with a CT code list (its CodeList terms) and, for findings, per
//   test code the result's length, whether every result is a number, its decimals and its units (the
//   value-level metadata). Derived output like the rest of the row, so not audited.
// - validation as a background job: a validation run is created 'running' with its progress and step,
//   and ends 'done' (with the counts) or 'failed' (with the step it failed at). Rows written before this
//   migration were all finished synchronously: they are 'done'. As for SDTM runs, the audit trail records
//   the start and each status change (who, when, the outcome), not every progress tick.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE sdtm_runs ADD COLUMN standard_id integer REFERENCES cdisc_standards(id)`,
  `UPDATE sdtm_runs SET standard_id = (SELECT id FROM cdisc_standards WHERE code = 'SDTMIG' AND version = '3.4')`,
  `ALTER TABLE sdtm_run_datasets ADD COLUMN value_metadata jsonb`,
  `ALTER TABLE sdtm_validation_runs
     ADD COLUMN status text NOT NULL DEFAULT 'done' CHECK (status IN ('running','done','failed')),
     ADD COLUMN progress integer NOT NULL DEFAULT 100 CHECK (progress BETWEEN 0 AND 100),
     ADD COLUMN step text,
     ADD COLUMN error text,
     ADD COLUMN finished_at timestamptz`,
  `UPDATE sdtm_validation_runs SET finished_at = run_at`,
  `ALTER TABLE sdtm_validation_runs ALTER COLUMN status DROP DEFAULT, ALTER COLUMN progress SET DEFAULT 0`,
  // a running validation has no outcome yet
  `ALTER TABLE sdtm_validation_runs ALTER COLUMN is_valid DROP NOT NULL, ALTER COLUMN score DROP NOT NULL`,
  `ALTER TABLE sdtm_validation_runs ALTER COLUMN errors SET DEFAULT 0, ALTER COLUMN warnings SET DEFAULT 0,
     ALTER COLUMN checked_rules SET DEFAULT 0, ALTER COLUMN failed_rules SET DEFAULT 0, ALTER COLUMN records_checked SET DEFAULT 0`,
  `DROP TRIGGER audit_sdtm_validation_runs ON sdtm_validation_runs`,
  `CREATE TRIGGER audit_sdtm_validation_runs AFTER INSERT OR UPDATE OF status OR DELETE ON sdtm_validation_runs FOR EACH ROW EXECUTE FUNCTION audit_row()`,
  `ALTER TABLE sdtm_validation_runs ADD CONSTRAINT sdtm_validation_runs_done_outcome
     CHECK (status <> 'done' OR (is_valid IS NOT NULL AND score IS NOT NULL))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
