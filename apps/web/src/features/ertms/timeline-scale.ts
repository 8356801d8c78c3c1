// The Timeline tab's time axis: calendar days (YYYY-MM-DD) as positions in percent between the earliest
// and the latest activity (creation, steps, today), widened for due dates up to a year beyond it (a due
// date further away is held at the edge and marked so), with about ten month ticks.
import type { TimelineItem } from './types';
import { appLocale } from '@/lib/format';

const DAY = 86_400_000;
export const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY);
const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

export interface TimeScale {
  start: number;
  end: number;
  /** Position of a date in percent of the axis (0 at the start, 100 at the end; dates beyond are held at the edge). */
  at: (iso: string) => number;
  /** Whether a date lies beyond the axis (a due date far from the submissions' activity). */
  outside: (iso: string) => boolean;
  ticks: { iso: string; at: number }[];
}

/** Due dates extend the axis by at most this many days beyond the submissions' activity. */
const DUE_REACH_DAYS = 365;
/** Months between ticks, the smallest that keeps the axis to about ten labels. */
const TICK_MONTHS = [1, 2, 3, 6, 12, 24, 60, 120];

export function timeScale(items: TimelineItem[], today: string): TimeScale {
  // The activity: creation, the recorded steps and today.
  const activity: number[] = [dayNumber(today)];
  const dues: number[] = [];
  for (const s of items) {
    activity.push(dayNumber(s.createdAt));
    for (const d of [s.submittedDate, s.acknowledgedDate, s.responseDate]) if (d) activity.push(dayNumber(d));
    for (const step of s.steps) activity.push(dayNumber(step.stepDate));
    if (s.dueDate) dues.push(dayNumber(s.dueDate));
  }
  let min = Math.min(...activity);
  let max = Math.max(...activity);
  for (const d of dues) {
    if (d < min && d >= min - DUE_REACH_DAYS) min = d;
    if (d > max && d <= max + DUE_REACH_DAYS) max = d;
  }
  // A little room on both sides, and at least a month shown.
  const pad = Math.max(3, Math.round((max - min) * 0.03));
  const start = min - pad;
  const end = Math.max(max + pad, start + 30);
  const position = (day: number) => ((day - start) / (end - start)) * 100;
  const at = (iso: string) => Math.min(100, Math.max(0, position(dayNumber(iso))));
  const outside = (iso: string) => {
    const day = dayNumber(iso);
    return day < start || day > end;
  };

  const months = (end - start) / 30.44;
  const every = TICK_MONTHS.find((m) => months / m <= 10) ?? 240;
  const ticks: { iso: string; at: number }[] = [];
  const first = new Date(start * DAY);
  // The first tick: the first month at or after the start that is a multiple of the step (from January).
  let index = first.getUTCFullYear() * 12 + first.getUTCMonth() + 1;
  index = Math.ceil(index / every) * every;
  for (;;) {
    const day = Math.floor(Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY);
    if (day > end) break;
    ticks.push({ iso: isoOf(day), at: position(day) });
    index += every;
  }
  return { start, end, at, outside, ticks };
}

/** A tick's label: the month (and year) in the app's language. */
export const tickLabel = (iso: string) => new Date(`${iso}T00:00:00`).toLocaleDateString(appLocale(), { month: 'short', year: '2-digit' });

/** The phases of a submission as bars: preparation, with the agency before and after acknowledgement. */
export function phases(s: TimelineItem, today: string): { phase: 'draft' | 'submitted' | 'pending'; from: string; to: string }[] {
  const created = s.createdAt.slice(0, 10);
  const end = s.responseDate ?? today;
  const out: { phase: 'draft' | 'submitted' | 'pending'; from: string; to: string }[] = [];
  out.push({ phase: 'draft', from: created, to: s.submittedDate ?? end });
  if (s.submittedDate) out.push({ phase: 'submitted', from: s.submittedDate, to: s.acknowledgedDate ?? end });
  if (s.acknowledgedDate) out.push({ phase: 'pending', from: s.acknowledgedDate, to: end });
  return out;
}
