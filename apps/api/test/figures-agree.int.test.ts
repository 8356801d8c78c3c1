// Figures shown in more than one place agree where they count the same thing (issue 27, item 7): the
// patient counts of the top bar, /patients, /sites and /ctms; the compliance checks of the dashboard and
// /analytics; the forecast of /analytics is in analytics.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@ctp/db';
import { createTestDatabase, type TestDatabase } from './support/db.ts';
import { callersForEveryRole, type Caller } from './support/procedures.ts';

let t: TestDatabase;
let as: Record<string, Caller>;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  as = await callersForEveryRole(t.database);
});
afterAll(() => t.cleanup());

describe('figures shown in several places', () => {
  it.each(['admin', 'data-manager', 'sponsor', 'investigator'])('subjects: the top bar and /patients count with one function, as %s', async (role) => {
    const caller = as[role]!;
    const [badges, patients] = await Promise.all([caller.dashboard.badges(), caller.patients.summary({})]);
    // Top bar: screening or enrolled. /patients Total: every status.
    expect(badges.activePatients).toBe(patients.screening + patients.enrolled);
    expect(patients.total).toBe(patients.screening + patients.enrolled + patients.completed + patients.withdrawn);
  });

  it.each(['admin', 'sponsor'])('subjects enrolled or completed: /sites and /ctms agree with /patients, as %s', async (role) => {
    const caller = as[role]!;
    const [sites, trials, patients] = await Promise.all([caller.sites.summary({}), caller.trials.summary(), caller.patients.summary({})]);
    expect(sites.totalEnrollment).toBe(patients.enrolled + patients.completed);
    expect(trials.totalPatients).toBe(patients.enrolled + patients.completed);
    if (role === 'admin') {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from patients where status in ('enrolled', 'completed')`.execute(t.database.db);
      expect(trials.totalPatients).toBe(rows[0]!.n);
    }
  });

  it('compliance: /analytics counts the dashboard checks, with one computation', async () => {
    const [status, overview] = await Promise.all([as.admin!.dashboard.complianceStatus(), as.admin!.analytics.overview({})]);
    const passed = status.checks.filter((c) => c.passed).length;
    expect(overview.compliance).toMatchObject({ passed, total: status.checks.length });
    expect(overview.compliance.score).toBe(Math.round((1000 * passed) / status.checks.length) / 10);
  });
});
