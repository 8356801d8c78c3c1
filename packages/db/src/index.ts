export * from './connect.ts';
export * from './actor.ts';
export * from './migrate.ts';
export * from './schema.ts';
export { AUDITED_TABLES } from './migrations/index.ts';
export { verifyAuditChain, type ChainVerification } from './audit/verify.ts';
export { seedDemoData, databaseIsEmpty, DEFAULT_DEMO_PASSWORD } from './demo/seed.ts';
export { sql } from 'kysely';
export { hashPassword, verifyPassword } from './passwords.ts';
