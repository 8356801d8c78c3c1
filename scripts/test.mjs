// npm test: typecheck, lint, unit, integration and end-to-end tests, stopping at the first failure.
// Integration tests use PostgreSQL when TEST_DATABASE_URL is set, embedded PGlite otherwise.
import { ensureInstalled, ensureWebBuilt, run } from './setup.mjs';

const steps = [
  ['Typecheck', () => run('npx turbo run typecheck --output-logs=errors-only')],
  ['Lint', () => run('npx eslint . --max-warnings=0')],
  ['Unit tests', () => run('npx vitest run --project unit')],
  ['Integration tests', () => run('npx vitest run --project integration')],
  ['End-to-end tests (Chromium)', () => (ensureWebBuilt(), run('npx playwright test'))],
];

ensureInstalled();
for (const [name, step] of steps) {
  const t0 = Date.now();
  console.log(`\n» ${name}${name.startsWith('Integration') ? (process.env.TEST_DATABASE_URL ? ' against PostgreSQL' : ' against embedded PGlite') : ''}`);
  try {
    step();
  } catch {
    console.error(`\n✗ ${name} failed`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log('\nAll test stages passed.');
