// npm run audit:verify   (exit 1 and name the first broken row when the chain does not verify)
import { verifyAuditChain } from '../index.ts';
import { runCommand } from './run-command.ts';

await runCommand({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }, async ({ db }) => {
  const result = await verifyAuditChain(db);
  if (result.valid) {
    console.log(`Audit trail verified: ${result.rowsVerified} rows, hash chain intact.`);
    return 0;
  }
  console.error(
    `Audit trail BROKEN at row ${result.firstBroken!.id} (${result.firstBroken!.problem}); ${result.rowsVerified} rows before it verified.`,
  );
  return 1;
});
