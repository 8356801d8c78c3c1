// Study blinding (issue 27 item 3): open-label, single-blind or double-blind, stored on the study. In a
// blinded study the subjects' arms are shown only to administrators and the study's study managers
// (apps/api/src/modules/design/blinding.ts). studies is audited, so a change of blinding is audited
// with its reason like any other study field.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE studies ADD COLUMN blinding text NOT NULL DEFAULT 'open_label'
     CONSTRAINT studies_blinding_check CHECK (blinding IN ('open_label', 'single_blind', 'double_blind'))`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
