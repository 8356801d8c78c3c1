// npm run audit:verify   (exit 1 and name the first broken row when the chain does not verify)
import { connect, verifyAuditChain } from '../index.ts';

const handle = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  const result = await verifyAuditChain(handle.db);
  if (result.valid) {
    console.log(`Audit trail verified: ${result.rowsVerified} rows, hash chain intact.`);
  } else {
    console.error(
      `Audit trail BROKEN at row ${result.firstBroken!.id} (${result.firstBroken!.problem}); ${result.rowsVerified} rows before it verified.`,
    );
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
