// npm run audit:verify   (exit 1 and name the first broken row when the chain does not verify, or the
// first bulk-load record whose rows no longer match what it attests)
import { verifyAuditChain } from '../index.ts';
import { runCommand } from './run-command.ts';

await runCommand({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }, async ({ db }) => {
  const result = await verifyAuditChain(db);
  if (result.valid) {
    console.log(`Audit trail verified: ${result.rowsVerified} rows, hash chain intact; ${result.bulkRecordsVerified} bulk-load records match their rows.`);
    return 0;
  }
  const { id, problem } = result.firstBroken!;
  console.error(
    problem === 'bulk-rows-differ'
      ? `Audit trail BROKEN at row ${id} (bulk-rows-differ: the rows it records as loaded were changed without an audit row); chain intact (${result.rowsVerified} rows), ${result.bulkRecordsVerified} bulk records before it match.`
      : `Audit trail BROKEN at row ${id} (${problem}); ${result.rowsVerified} rows before it verified.`,
  );
  return 1;
});
