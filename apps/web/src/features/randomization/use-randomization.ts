// The randomization tab's data: the study's arms, sites and schemes (randomization.get), and the
// scheme form's values <-> the save input.
import type { SchemeKind } from '@ctp/contracts';
import type { RouterOutputs } from '@/lib/trpc';

type Outputs = RouterOutputs['randomization'];
export type RandomizationData = Outputs['get'];
export type SchemeData = NonNullable<RandomizationData['test']>;
export type SimulationData = Outputs['simulate'];

export interface FactorValues {
  key: string;
  label: string;
  source: 'site' | 'country' | 'subject';
  /** Comma-separated levels as typed. */
  levels: string;
  weight: string;
}

export interface SchemeValues {
  method: 'blocks' | 'minimization';
  /** Ratio per design arm id; empty leaves the arm out. */
  ratios: Record<number, string>;
  factors: FactorValues[];
  blockSizes: string;
  measure: 'range' | 'variance';
  probability: string;
  initialRandom: string;
  plannedEnrollment: string;
  marginPercent: string;
  reason: string;
}

export const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function initialValues(data: RandomizationData, scheme: SchemeData | null): SchemeValues {
  return {
    method: scheme?.method ?? 'blocks',
    ratios: Object.fromEntries(data.arms.map((a) => [a.id, String(scheme ? (scheme.arms.find((x) => x.armId === a.id)?.ratio ?? '') : 1)])),
    factors: (scheme?.factors ?? []).map((f) => ({ key: f.key, label: f.label, source: f.source, levels: f.levels.join(', '), weight: String(f.weight) })),
    blockSizes: (scheme?.blockSizes ?? [4]).join(', '),
    measure: scheme?.minimization?.measure ?? 'range',
    probability: String(scheme?.minimization?.probability ?? 0.8),
    initialRandom: String(scheme?.minimization?.initialRandom ?? 2),
    plannedEnrollment: String(scheme?.plannedEnrollment ?? 100),
    marginPercent: String(scheme?.marginPercent ?? 20),
    reason: '',
  };
}

export function saveInput(studyId: number, kind: SchemeKind, version: number | undefined, v: SchemeValues) {
  return {
    studyId,
    kind,
    version,
    reason: v.reason,
    method: v.method,
    arms: Object.entries(v.ratios)
      .filter(([, ratio]) => ratio.trim() !== '')
      .map(([armId, ratio]) => ({ armId: Number(armId), ratio: Number(ratio) })),
    factors: v.factors.map((f) => ({ key: f.key, label: f.label, source: f.source, levels: splitList(f.levels), weight: Number(f.weight) })),
    blockSizes: v.method === 'blocks' ? splitList(v.blockSizes).map(Number) : null,
    minimization: v.method === 'minimization' ? { measure: v.measure, probability: Number(v.probability), initialRandom: Number(v.initialRandom) } : null,
    plannedEnrollment: Number(v.plannedEnrollment),
    marginPercent: Number(v.marginPercent),
  };
}
