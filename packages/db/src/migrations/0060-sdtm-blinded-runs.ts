// Issue 30 item 4: a blinded reader of a blinded study may generate SDTM; the run writes DM's ARM, ARMCD,
// ACTARM and ACTARMCD blank and says so. The run keeps whether it was blinded, so that a blinded reader is
// shown and downloads only blinded runs, and the define.xml and the screen tell which kind a run is.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sdtm_runs ADD COLUMN blinded boolean NOT NULL DEFAULT false`.execute(db);
}
