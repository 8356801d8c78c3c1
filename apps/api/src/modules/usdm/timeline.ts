// The visit schedule from a design's main schedule timeline: encounters in the document's order, each
// with its study day (the offset of its first scheduled instance from the timeline's anchor, the
// instance with the Fixed Reference timing, else the entry), its window from that instance's timing,
// and flags: unscheduled (no timing path to the anchor, or not on the main timeline) and conditional
// (some path from the entry to an exit goes around it). A timing chain that loops refuses the document.
import type { Design, Encounter, Timeline, TimelineInstance, Timing } from './document.ts';
import type { ObjectIndex } from './object-index.ts';
import { UsdmDocumentError } from './refusal.ts';
import { durationSeconds, DurationError, studyDay, windowDays } from './durations.ts';

const FIXED = 'C201358';
const BEFORE = 'C201357';
const AFTER = 'C201356';
const INSTANCE_TYPES = ['ScheduledActivityInstance', 'ScheduledDecisionInstance'] as const;

export interface ScheduledEncounter {
  encounter: Encounter;
  dayOffset: number | null;
  windowBefore: number;
  windowAfter: number;
  epochId: string | null;
  unscheduled: boolean;
  conditional: boolean;
  timing: Timing | null;
  activityIds: string[];
}

function seconds(index: ObjectIndex, owner: object, field: string, text: string): number {
  try {
    return durationSeconds(text);
  } catch (err) {
    if (err instanceof DurationError) throw new UsdmDocumentError(`${index.pathOf(owner)}.${field}`, 'is not an ISO 8601 duration');
    throw err;
  }
}

function checkWindow(index: ObjectIndex, t: Timing, field: 'windowLower' | 'windowUpper'): number {
  const text = t[field];
  if (!text) return 0;
  seconds(index, t, field, text);
  return windowDays(text);
}

/** Offsets in seconds from the anchor of every instance the timings reach. */
function instanceOffsets(index: ObjectIndex, timeline: Timeline) {
  const timings = timeline.timings ?? [];
  const byFrom = new Map<string, Timing>();
  for (const t of timings) {
    index.resolve(t, 'relativeFromScheduledInstanceId', t.relativeFromScheduledInstanceId, INSTANCE_TYPES);
    if (t.relativeToScheduledInstanceId) index.resolve(t, 'relativeToScheduledInstanceId', t.relativeToScheduledInstanceId, INSTANCE_TYPES);
    if (!byFrom.has(t.relativeFromScheduledInstanceId)) byFrom.set(t.relativeFromScheduledInstanceId, t);
  }
  const anchor = timings.find((t) => t.type.code === FIXED)?.relativeFromScheduledInstanceId ?? timeline.entryId;
  const offsets = new Map<string, number>([[anchor, 0]]);
  const visiting = new Set<string>();
  const offsetOf = (id: string): number | null => {
    if (offsets.has(id)) return offsets.get(id)!;
    const t = byFrom.get(id);
    if (!t || t.type.code === FIXED || !t.relativeToScheduledInstanceId) return null;
    if (visiting.has(id)) throw new UsdmDocumentError(`${index.pathOf(t)}.relativeToScheduledInstanceId`, 'closes a cycle of timings');
    visiting.add(id);
    const base = offsetOf(t.relativeToScheduledInstanceId);
    visiting.delete(id);
    if (base === null) return null;
    const value = Math.abs(seconds(index, t, 'value', t.value));
    const sign = t.type.code === BEFORE ? -1 : t.type.code === AFTER ? 1 : Math.sign(seconds(index, t, 'value', t.value)) || 1;
    const own = base + sign * value;
    offsets.set(id, own);
    return own;
  };
  for (const t of timings) offsetOf(t.relativeFromScheduledInstanceId);
  return { offsets, byFrom };
}

/** Instances some path from the entry to an exit avoids (so they happen only under a condition). */
function conditionalInstances(timeline: Timeline): Set<string> {
  const instances = timeline.instances ?? [];
  const next = new Map<string, string[]>();
  for (const i of instances) {
    const to = [i.defaultConditionId, ...(i.conditionAssignments ?? []).map((c) => c.conditionTargetId)].filter((x): x is string => !!x);
    next.set(i.id, to);
  }
  const isExit = (i: TimelineInstance) => !!i.timelineExitId || !(next.get(i.id) ?? []).length;
  const byId = new Map(instances.map((i) => [i.id, i]));
  const exitAvoiding = (avoid: string): boolean => {
    const seen = new Set<string>([timeline.entryId]);
    const queue = [timeline.entryId];
    while (queue.length) {
      const id = queue.shift()!;
      const inst = byId.get(id);
      if (!inst) continue;
      if (isExit(inst)) return true;
      for (const n of next.get(id) ?? []) {
        if (n === avoid || seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    return false;
  };
  return new Set(instances.filter((i) => i.id !== timeline.entryId && exitAvoiding(i.id)).map((i) => i.id));
}

/** Items of a previousId/nextId chain in chain order (the array order when the chain is absent or broken). */
export function chainOrder<T extends { id: string; previousId?: string | null; nextId?: string | null }>(items: readonly T[]): T[] {
  const byId = new Map(items.map((x) => [x.id, x]));
  const first = items.filter((x) => !x.previousId || !byId.has(x.previousId));
  if (first.length !== 1) return [...items];
  const out: T[] = [];
  const seen = new Set<string>();
  for (let x: T | undefined = first[0]; x && !seen.has(x.id); x = x.nextId ? byId.get(x.nextId) : undefined) {
    seen.add(x.id);
    out.push(x);
  }
  return out.length === items.length ? out : [...items];
}

export function mainTimeline(index: ObjectIndex, design: Design): Timeline {
  const timelines = design.scheduleTimelines ?? [];
  const main = timelines.find((t) => t.mainTimeline) ?? timelines[0];
  if (!main) throw new UsdmDocumentError(`${index.pathOf(design)}.scheduleTimelines`, 'has no main schedule timeline');
  return main;
}

export function scheduleEncounters(index: ObjectIndex, design: Design): ScheduledEncounter[] {
  const timeline = mainTimeline(index, design);
  index.resolve(timeline, 'entryId', timeline.entryId, INSTANCE_TYPES);
  const instances = timeline.instances ?? [];
  for (const inst of instances) {
    if (inst.encounterId) index.resolve(inst, 'encounterId', inst.encounterId, ['Encounter']);
    if (inst.epochId) index.resolve(inst, 'epochId', inst.epochId, ['StudyEpoch']);
    if (inst.defaultConditionId) index.resolve(inst, 'defaultConditionId', inst.defaultConditionId, INSTANCE_TYPES);
    (inst.activityIds ?? []).forEach((a, i) => index.resolve(inst, 'activityIds', a, ['Activity'], i));
    (inst.conditionAssignments ?? []).forEach((c) => index.resolve(c, 'conditionTargetId', c.conditionTargetId, INSTANCE_TYPES));
  }
  const { offsets, byFrom } = instanceOffsets(index, timeline);
  const conditional = conditionalInstances(timeline);
  return chainOrder(design.encounters ?? []).map((encounter) => {
    const own = instances.filter((i) => i.encounterId === encounter.id);
    const first = own.find((i) => offsets.has(i.id)) ?? own[0];
    const timing = first ? (byFrom.get(first.id) ?? null) : null;
    const offset = first ? offsets.get(first.id) : undefined;
    return {
      encounter,
      dayOffset: offset === undefined ? null : studyDay(offset),
      windowBefore: timing ? checkWindow(index, timing, 'windowLower') : 0,
      windowAfter: timing ? checkWindow(index, timing, 'windowUpper') : 0,
      epochId: first?.epochId ?? null,
      unscheduled: offset === undefined,
      conditional: own.length > 0 && own.every((i) => conditional.has(i.id)),
      timing,
      activityIds: [...new Set(own.flatMap((i) => i.activityIds ?? []))],
    };
  });
}
