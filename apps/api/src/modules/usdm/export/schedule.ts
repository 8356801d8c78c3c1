// The study's visit schedule as a USDM main timeline: one encounter and one scheduled activity instance
// per visit (in schedule order, each instance leading to the next, the last to the exit), the activities
// due at each; timings relative to the anchor (the first visit on day 0, or an instance without encounter
// added for day 0 when no visit is on it) with the window as windowLower / windowUpper in days.
import { daysDuration } from '../durations.ts';
import { ENCOUNTER_VISIT, START_TO_START, TIMING_AFTER, TIMING_BEFORE, TIMING_FIXED } from '../codes.ts';
import type { ExportStudy } from './study-data.ts';
import { chained, type Ids } from './ids.ts';

interface Slot {
  visit: ExportStudy['visits'][number] | null;
  dayOffset: number;
}

const windowLabel = (before: number, after: number) => `-${before}..${after} days`;

export function buildSchedule(ids: Ids, data: ExportStudy, activityIdsByForm: Map<string, string>) {
  const slots: Slot[] = data.visits.map((v) => ({ visit: v, dayOffset: v.dayOffset }));
  if (!slots.some((s) => s.dayOffset === 0)) {
    const at = slots.findIndex((s) => s.dayOffset > 0);
    slots.splice(at < 0 ? slots.length : at, 0, { visit: null, dayOffset: 0 });
  }
  const encounters = chained(
    data.visits.map((v) => ({
      id: ids.id('Encounter'),
      extensionAttributes: [],
      name: v.code,
      label: v.name,
      description: v.name,
      type: ids.code(ENCOUNTER_VISIT),
      scheduledAtId: null as string | null,
      environmentalSettings: [],
      contactModes: [],
      transitionStartRule: null,
      transitionEndRule: null,
      notes: ids.notes(v.notes),
      instanceType: 'Encounter',
    })),
  );
  const encounterOf = new Map(data.visits.map((v, i) => [v.code, encounters[i]!]));
  const exit = { id: ids.id('ScheduleTimelineExit'), extensionAttributes: [], instanceType: 'ScheduleTimelineExit' };
  const instanceIds = slots.map(() => ids.id('ScheduledActivityInstance'));
  const instances = slots.map((s, i) => ({
    id: instanceIds[i]!,
    extensionAttributes: [],
    name: s.visit ? s.visit.code : 'DAY0',
    label: s.visit ? s.visit.name : 'Day 0',
    description: s.visit ? `${s.visit.name} (day ${s.dayOffset})` : 'Day 0 anchor',
    defaultConditionId: instanceIds[i + 1] ?? null,
    epochId: null,
    timelineId: null,
    timelineExitId: i === slots.length - 1 ? exit.id : null,
    activityIds: s.visit ? data.forms.filter((f) => f.visitCodes.includes(s.visit!.code)).map((f) => activityIdsByForm.get(f.name)!) : [],
    encounterId: s.visit ? encounterOf.get(s.visit.code)!.id : null,
    instanceType: 'ScheduledActivityInstance',
  }));
  const anchorIndex = slots.findIndex((s) => s.dayOffset === 0);
  const anchorId = instanceIds[anchorIndex]!;
  const timings = slots.map((s, i) => {
    const fixed = i === anchorIndex;
    const before = s.visit?.windowBefore ?? 0;
    const after = s.visit?.windowAfter ?? 0;
    const id = ids.id('Timing');
    const enc = s.visit ? encounterOf.get(s.visit.code) : undefined;
    if (enc) enc.scheduledAtId = id;
    return {
      id,
      extensionAttributes: [],
      name: `TIM_${s.visit?.code ?? 'DAY0'}`,
      label: fixed ? 'Anchor' : `Day ${s.dayOffset}`,
      description: null,
      type: ids.code(fixed ? TIMING_FIXED : s.dayOffset < 0 ? TIMING_BEFORE : TIMING_AFTER),
      value: daysDuration(s.dayOffset),
      valueLabel: `${Math.abs(s.dayOffset)} days`,
      relativeToFrom: ids.code(START_TO_START),
      relativeFromScheduledInstanceId: instanceIds[i]!,
      relativeToScheduledInstanceId: anchorId,
      // The anchor (a Fixed Reference timing) carries no window unless its visit has one: CDISC's rule
      // CORE-000417 reports window attributes on a fixed reference.
      ...(fixed && before === 0 && after === 0
        ? { windowLower: null, windowUpper: null, windowLabel: null }
        : { windowLower: daysDuration(before), windowUpper: daysDuration(after), windowLabel: windowLabel(before, after) }),
      instanceType: 'Timing',
    };
  });
  const timeline = {
    id: ids.id('ScheduleTimeline'),
    extensionAttributes: [],
    name: 'Main Timeline',
    label: 'Main Timeline',
    description: 'The visit schedule of the study',
    mainTimeline: true,
    entryCondition: 'Subject enrolled',
    entryId: instanceIds[0] ?? anchorId,
    exits: [exit],
    timings,
    instances,
    plannedDuration: null,
    instanceType: 'ScheduleTimeline',
  };
  return { encounters, timeline };
}
