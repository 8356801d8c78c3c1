// The periodic pass: a job that runs once per INSIGHTS_INTERVAL_SECONDS across all instances (see
// src/background.ts). Each step on its own: one failing does not hold back the others.
import { withActor, type Db } from '@ctp/db';
import { computeInsightSnapshot } from './insights.ts';
import { refreshClosedWindows } from '../submissions/visit-status.ts';
import { raiseMissingFormQueries } from '../queries/auto.ts';
import { runDocumentExpiryPass } from '../etmf/expiry.ts';
import { todayIso } from '../../sql-helpers.ts';

export const PERIODIC_PASS_JOB = 'periodic-pass';

export async function runPeriodicPass(db: Db, onError: (step: string, err: unknown) => void): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    // Visits whose window opened or closed since the last pass move on (pending, missed, warning).
    ['visit windows', () => withActor(db, { userId: null, reason: 'Visit window opened or closed' }, (tx) => refreshClosedWindows(tx, todayIso()))],
    // Due forms missing when their visit's window closed raise missing-data queries.
    ['missing forms', () => withActor(db, { userId: null, reason: 'Due form missing when its visit window closed' }, (tx) => raiseMissingFormQueries(tx, todayIso()))],
    // Trial master file documents past their expiry date expire; those close to it warn their owners.
    ['document expiry', () => withActor(db, { userId: null, reason: 'Document expiry date reached or near' }, (tx) => runDocumentExpiryPass(tx, todayIso()))],
    // The portfolio insights and the audit chain's verification.
    ['insights', () => computeInsightSnapshot(db)],
  ];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (err) {
      onError(name, err);
    }
  }
}
