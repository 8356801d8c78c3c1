// npm run admin:create -- --email it@hospital.example --name "Ada Admin"
// Creates an administrator account for IT who script installs, and prints the single-use link
// (valid 72 hours) where its owner sets the password. Uses the same DATABASE_URL / DATA_DIR as the
// server (with the embedded database, stop the server first: one process owns its data directory).
import { parseArgs } from 'node:util';
import { migrateToLatest, runCommand, withActor } from '@ctp/db';
import { inviteUserInput } from '@ctp/contracts';
import { parseConfig, publicUrlOf } from '../config.ts';
import { createInvitedAccount } from '../modules/users/invitation.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const input = inviteUserInput.safeParse({ email: values.email ?? '', fullName: values.name ?? '', role: 'admin' });
if (!input.success) {
  console.error('Usage: npm run admin:create -- --email <address> --name "<full name>"');
  for (const issue of input.error.issues) console.error(`  ${issue.path.join('.') || 'input'}: ${issue.message}`);
  process.exit(2);
}
const config = parseConfig(process.env);
await runCommand({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }, async ({ db }) => {
  await migrateToLatest(db);
  const { path } = await withActor(db, { userId: null, reason: 'Administrator created from the command line (admin:create)' }, (tx) =>
    createInvitedAccount(tx, input.data, null),
  );
  console.log(`Administrator ${input.data.email} created. Set the password within 72 hours at:\n\n  ${publicUrlOf(config)}${path}\n`);
});
