// Randomization schemes (issue 30): a study's test and production scheme, its simulation and going
// live. The server checks the same rules again against the study's arms and sites.
import { z } from 'zod';
import { text } from './input.ts';
import { id, reason, version } from './common.ts';

export const SCHEME_KINDS = ['test', 'production'] as const;
export type SchemeKind = (typeof SCHEME_KINDS)[number];
export const RANDOMIZATION_METHODS = ['blocks', 'minimization'] as const;
export const FACTOR_SOURCES = ['site', 'country', 'subject'] as const;
export const IMBALANCE_MEASURES = ['range', 'variance'] as const;
/** The most simulated trials one request may run. */
export const MAX_SIMULATION_TRIALS = 10_000;
/** The most strata (product of the factors' levels) a scheme may have. */
export const MAX_STRATA = 500;
/** The most entries a sealed list may hold over all strata. */
export const MAX_LIST_ENTRIES = 200_000;

const whole = (what: string, min: number, max: number) =>
  z.coerce.number().int(`Use a whole number for ${what}`).min(min, `${what} must be at least ${min}`).max(max, `${what} must be at most ${max}`);

export const schemeArm = z.object({ armId: id, ratio: whole('the ratio', 1, 20) });

export const schemeFactor = z.object({
  key: text('code')
    .min(1, 'Enter the factor key')
    .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores for the factor key (e.g. sex)'),
  label: text('name').min(1, 'Enter the factor name'),
  source: z.enum(FACTOR_SOURCES),
  levels: z
    .array(text('code').min(1, 'A level cannot be empty').regex(/^[^|=]+$/, 'A level cannot contain | or ='))
    .min(2, 'A factor needs at least two levels')
    .max(50, 'Use at most 50 levels'),
  /** Its weight in minimization. */
  weight: z.coerce.number().min(0.1, 'A weight must be at least 0.1').max(10, 'A weight must be at most 10').default(1),
});

export const minimizationSettings = z.object({
  measure: z.enum(IMBALANCE_MEASURES),
  probability: z.coerce.number().min(0.5, 'The probability must be between 0.5 and 1').max(1, 'The probability must be between 0.5 and 1'),
  initialRandom: whole('the subjects randomized first', 0, 1000),
});

export const schemeContent = z.object({
  method: z.enum(RANDOMIZATION_METHODS),
  arms: z.array(schemeArm).min(2, 'A scheme needs at least two arms').max(20, 'Use at most 20 arms'),
  factors: z.array(schemeFactor).max(6, 'Use at most 6 stratification factors'),
  blockSizes: z.array(whole('a block size', 2, 100)).max(6, 'Use at most 6 block sizes').nullish(),
  minimization: minimizationSettings.nullish(),
  plannedEnrollment: whole('the planned enrollment', 1, 100_000),
  marginPercent: whole('the margin', 0, 200),
});
export type SchemeContent = z.infer<typeof schemeContent>;

/** The number of strata of the factors (1 without factors). */
export function strataCount(factors: readonly { levels: readonly unknown[] }[]): number {
  return factors.reduce((n, f) => n * f.levels.length, 1);
}

/** Rules across fields, with the field they concern (also used by the server before saving). */
export function schemeProblems(content: SchemeContent): Array<{ path: (string | number)[]; message: string }> {
  const problems: Array<{ path: (string | number)[]; message: string }> = [];
  const sum = content.arms.reduce((s, a) => s + a.ratio, 0);
  if (new Set(content.arms.map((a) => a.armId)).size !== content.arms.length) problems.push({ path: ['arms'], message: 'Each arm may appear only once' });
  const keys = content.factors.map((f) => f.key);
  content.factors.forEach((f, i) => {
    if (keys.indexOf(f.key) !== i) problems.push({ path: ['factors', i, 'key'], message: `Factor key ${f.key} is used twice` });
    if (new Set(f.levels).size !== f.levels.length) problems.push({ path: ['factors', i, 'levels'], message: `Factor ${f.label} has a repeated level` });
  });
  for (const source of ['site', 'country'] as const) {
    if (content.factors.filter((f) => f.source === source).length > 1) problems.push({ path: ['factors'], message: `Use the ${source} factor at most once` });
  }
  const strata = strataCount(content.factors);
  if (strata > MAX_STRATA) problems.push({ path: ['factors'], message: `These factors make ${strata} strata; use at most ${MAX_STRATA}` });
  if (content.method === 'blocks') {
    const sizes = content.blockSizes ?? [];
    if (sizes.length === 0) problems.push({ path: ['blockSizes'], message: 'Give at least one block size' });
    for (const size of sizes) {
      if (size % sum !== 0) problems.push({ path: ['blockSizes'], message: `Block size ${size} is not a multiple of the ratio's sum (${sum})` });
    }
    const perStratum = Math.ceil(content.plannedEnrollment * (1 + content.marginPercent / 100));
    if (perStratum * strata > MAX_LIST_ENTRIES)
      problems.push({ path: ['plannedEnrollment'], message: `The list would hold ${perStratum * strata} entries over ${strata} strata; at most ${MAX_LIST_ENTRIES}` });
  } else if (!content.minimization) {
    problems.push({ path: ['minimization'], message: 'Give the minimization settings' });
  }
  return problems;
}

export const schemeSaveInput = schemeContent
  .extend({ studyId: id, kind: z.enum(SCHEME_KINDS), version: version.optional(), reason })
  .superRefine((value, ctx) => {
    for (const p of schemeProblems(value)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type SchemeSaveInput = z.infer<typeof schemeSaveInput>;

export const schemeStudyInput = z.object({ studyId: id });
export const schemeKindInput = z.object({ studyId: id, kind: z.enum(SCHEME_KINDS) });

export const simulationInput = z.object({
  studyId: id,
  kind: z.enum(SCHEME_KINDS),
  trials: whole('the number of trials', 1, MAX_SIMULATION_TRIALS),
  /** A given seed (64 hex digits) repeats a simulation; without one the server draws a fresh seed. */
  seed: text('text')
    .regex(/^[0-9a-f]{64}$/, 'A seed is 64 hexadecimal digits')
    .nullish(),
  /** Expected share of each level (relative weights, in the levels' order), per factor key. */
  proportions: z
    .array(z.object({ factor: text('code'), shares: z.array(z.coerce.number().min(0, 'A share cannot be negative').max(1_000_000)).max(50) }))
    .max(6)
    .default([]),
  reason: reason.optional(),
});
export type SimulationInput = z.infer<typeof simulationInput>;

export const goLiveInput = z.object({ studyId: id, version, reason });

export const sealedListInput = z.object({
  studyId: id,
  stratum: text('text').nullish(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

// Randomizing a subject (issue 30 item 3) and emergency unblinding (item 5).

/** An answer to one eligibility criterion: does it apply to the subject (met)? */
export const eligibilityAnswer = z.object({ criterionId: id, met: z.boolean() });

export const randomizeInput = z.object({
  patientId: id,
  /** Levels of the factors entered at randomization (source "subject"), by factor key; site and country are the subject's own. */
  stratumValues: z.record(text('code'), text('code')).default({}),
  /** One answer per inclusion and exclusion criterion of the study. */
  eligibility: z.array(eligibilityAnswer).max(200).default([]),
  /** The person confirms that the subject is eligible and the stratum values are right. */
  confirmed: z.literal(true, 'Confirm the eligibility and the stratum values'),
});
export type RandomizeInput = z.infer<typeof randomizeInput>;

export const subjectRandomizationInput = z.object({ patientId: id });

export const allocationsInput = z.object({ studyId: id });

export const emergencyUnblindInput = z.object({
  patientId: id,
  reason: text('reason').min(10, 'Say why the subject must be unblinded (at least 10 characters)'),
  password: text('secret', { trim: false }).min(1, 'Enter your password to unblind'),
  /** The TOTP code, when the investigator has two-factor authentication. */
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code').optional(),
});
export type EmergencyUnblindInput = z.infer<typeof emergencyUnblindInput>;

const armRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** The answer to a randomization: the arm only for callers who see arms (null and armsHidden otherwise). */
export const randomizationAnswer = z.object({
  patientId: z.number().int(),
  subjectCode: z.string(),
  randomizationNumber: z.string(),
  allocatedAt: z.string(),
  stratumValues: z.record(z.string(), z.string()),
  armsHidden: z.boolean(),
  arm: armRef.nullable(),
  /** The numbers of the kits dispensed at randomization (empty when the study keeps no kits here). */
  kits: z.array(z.string()),
});

/** One allocation of a study, as the unblinded team reads it. */
export const allocationItem = z.object({
  id: z.number().int(),
  randomizationNumber: z.string(),
  patientId: z.number().int(),
  subjectCode: z.string(),
  siteNumber: z.string(),
  stratum: z.string(),
  stratumValues: z.record(z.string(), z.string()),
  method: z.enum(RANDOMIZATION_METHODS),
  listPosition: z.number().int().nullable(),
  schemeHash: z.string(),
  arm: armRef,
  allocatedAt: z.string(),
  allocatedBy: z.string().nullable(),
  unblinded: z.boolean(),
});

/** Administrators grant or take back a member's place in the study's unblinded team. */
export const setUnblindedInput = z.object({ studyId: id, userId: id, unblinded: z.boolean(), reason });
export type SetUnblindedInput = z.infer<typeof setUnblindedInput>;
