// The demo's randomization (issue 30): the first double-blind study gets its eligibility criteria and a
// live production scheme by minimization (sex and age group, entered at randomization; range, biased
// coin 0.8, the first 4 subjects by simple randomization), and its three most recently enrolled subjects
// at the demo site staff's site are left without an arm and without visits after selection, waiting to be
// randomized, so the demo coordinator can randomize a subject on a fresh start. The earlier subjects keep
// the arms the demo gave them by hand.
// The scheme's content hash is computed exactly as the API's randomization.save does (sha256 of the
// canonical JSON of the normalized content with the arms' codes; a test compares the two).
// Deterministic and free of the random stream (the waiting subjects' visit draws are still made, their
// visits only not stored), so every other demo figure stays as it was.
import { createHash } from 'node:crypto';
import type { Tx } from '../actor.ts';

/** How many enrolled subjects of the site wait to be randomized. */
export const WAITING_SUBJECTS = 3;

const CRITERIA = [
  { kind: 'inclusion', code: 'I1', text: 'Aged 18 years or older at screening' },
  { kind: 'inclusion', code: 'I2', text: 'Written informed consent given before any study procedure' },
  { kind: 'inclusion', code: 'I3', text: 'Diagnosis confirmed as the protocol defines it' },
  { kind: 'exclusion', code: 'E1', text: 'Pregnant or breastfeeding' },
  { kind: 'exclusion', code: 'E2', text: 'Took part in another interventional trial within the last 30 days' },
] as const;

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Inserts the criteria and the live scheme of one study (arms as seedStudyDesign returns them). */
export async function seedRandomization(tx: Tx, studyId: number, arms: { id: number; code: string }[], liveAt: string): Promise<void> {
  await tx
    .insertInto('studyEligibilityCriteria')
    .values(
      CRITERIA.map((c) => ({ studyId, kind: c.kind, code: c.code, text: c.text, ordinal: CRITERIA.filter((x) => x.kind === c.kind).indexOf(c) + 1 })),
    )
    .execute();
  const content = {
    method: 'minimization' as const,
    arms: arms.map((a) => ({ armId: a.id, ratio: 1 })),
    factors: [
      { key: 'sex', label: 'Sex', source: 'subject', levels: ['F', 'M'], weight: 1 },
      { key: 'age_group', label: 'Age group', source: 'subject', levels: ['18-64', '65+'], weight: 1 },
    ],
    blockSizes: null,
    minimization: { measure: 'range', probability: 0.8, initialRandom: 4 },
    plannedEnrollment: 200,
    marginPercent: 10,
  };
  const codes = new Map(arms.map((a) => [a.id, a.code]));
  const hashed = { studyId, kind: 'production', ...content, arms: content.arms.map((a) => ({ ...a, code: codes.get(a.armId) ?? null })) };
  await tx
    .insertInto('randomizationSchemes')
    .values({
      studyId,
      kind: 'production',
      status: 'live',
      method: content.method,
      arms: JSON.stringify(content.arms),
      factors: JSON.stringify(content.factors),
      blockSizes: null,
      minimization: JSON.stringify(content.minimization),
      plannedEnrollment: content.plannedEnrollment,
      marginPercent: content.marginPercent,
      contentHash: createHash('sha256').update(canonicalJson(hashed)).digest('hex'),
      liveAt: new Date(liveAt),
    })
    .execute();
}

/** The subjects left waiting: the most recently enrolled ones at the site. */
export function waitingSubjects<T extends { status: string; siteId: number; enrollmentDate: string | null }>(subjects: T[], siteId: number): Set<T> {
  const enrolled = subjects.filter((s) => s.status === 'enrolled' && s.siteId === siteId);
  return new Set([...enrolled].sort((a, b) => (b.enrollmentDate ?? '').localeCompare(a.enrollmentDate ?? '')).slice(0, WAITING_SUBJECTS));
}
