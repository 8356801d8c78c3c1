// The design of a study as the Design tab shows it, and what a manager's write does afterwards: read the
// design and the subjects' arms (design.subjectArm) again.
import { trpc, type RouterOutputs } from '@/lib/trpc';

export type StudyDesign = RouterOutputs['design']['byStudy'];
export type DesignArm = StudyDesign['arms'][number];
export type DesignElement = StudyDesign['elements'][number];

export function useDesignInvalidate() {
  const utils = trpc.useUtils();
  return async () => {
    await utils.design.invalidate();
  };
}

/** Consecutive steps of the same epoch, in order (an epoch may come back later in a sequence). */
export function stepsByEpoch<S extends { epoch: string }>(steps: S[]): { epoch: string; steps: S[] }[] {
  const groups: { epoch: string; steps: S[] }[] = [];
  for (const s of steps) {
    const last = groups[groups.length - 1];
    if (last && last.epoch === s.epoch) last.steps.push(s);
    else groups.push({ epoch: s.epoch, steps: [s] });
  }
  return groups;
}
