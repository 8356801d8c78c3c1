// EPOCH from the trial design (SDTMIG 3.4 section 7: a subject passes through the elements of its arm in
// TA order; a record's EPOCH is the epoch of the element the subject was in on the record's date, as SE
// would give it). Pure: the generation job turns the design into each arm's steps once, and each subject's
// records are placed against the start dates of its own elements.
//
// An element's start comes from its start rule (TE.TESTRL, free text in the design) read against the
// subject's dates:
//   - the first element of the arm starts with the subject (records before it are in it too);
//   - a rule about the day after the last dose (or the end of treatment) starts the day after RFXENDTC;
//   - a rule about the first dose (or the start of treatment, or randomisation) starts on RFXSTDTC, else
//     on RFSTDTC (a randomised subject without exposure records yet is treated from the reference start);
//   - a rule about informed consent or screening starts on the consent (or screening) date;
//   - otherwise, or when the rule's date is not known yet, the element starts when the previous one's
//     planned duration (TE.TEDUR) has passed; without one it is not reached.
// A study without a design gets the usual three: screening until the first dose, treatment from the
// first to the last dose, follow-up from the day after the last dose.
import { dayNumber } from './derive.ts';

export interface EpochStep {
  /** ETCD */
  element: string;
  /** TA.EPOCH */
  epoch: string;
  /** TE.TESTRL */
  startRule: string;
  /** TE.TEDUR, ISO 8601 (P28D) */
  plannedDuration: string | null;
}

/** The design's steps per arm code, and the steps of a subject with no arm (the arms' common first element). */
export interface EpochDesign {
  arms: Map<string, EpochStep[]>;
  unassigned: EpochStep[];
}

export interface SubjectAnchors {
  /** RFICDTC, or the screening date when no consent date is collected. */
  consent: string | null;
  /** RFSTDTC */
  referenceStart: string | null;
  /** RFXSTDTC */
  firstDose: string | null;
  /** RFXENDTC */
  lastDose: string | null;
}

export interface ElementSpan {
  element: string;
  epoch: string;
  /** Day number (days since 1970-01-01) of the element's first day; null: not reached. The first
   *  element's is -Infinity (it holds everything before the next). */
  start: number | null;
}

/** The design the generator falls back to when the study defines no arms. */
export const DEFAULT_STEPS: EpochStep[] = [
  { element: 'SCRN', epoch: 'SCREENING', startRule: 'Informed consent', plannedDuration: null },
  { element: 'TRT', epoch: 'TREATMENT', startRule: 'First dose of study treatment', plannedDuration: null },
  { element: 'FU', epoch: 'FOLLOW-UP', startRule: 'Day after the last dose of study treatment', plannedDuration: null },
];

const AFTER_LAST_DOSE = /\b(after|following)\b[^.]*\blast\s+(dose|administration|exposure)\b|\bend\s+of\s+(study\s+)?treatment\b/i;
const FIRST_DOSE = /\bfirst\s+(dose|administration|exposure)\b|\bstart\s+of\s+(study\s+)?treatment\b|\brandomi[sz]/i;
const CONSENT = /\binformed\s+consent\b|\bscreening\b/i;

/** Whole days of an ISO 8601 duration (P28D, P4W, P2M as 60, P1Y as 365); null when it has a time part or none. */
export function durationDays(iso: string | null | undefined): number | null {
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$/.exec(iso ?? '');
  if (!m || iso === 'P') return null;
  const [, y, mo, w, d] = m.map((x) => Number(x ?? 0));
  return y! * 365 + mo! * 30 + w! * 7 + d!;
}

/** Which subject date an element's start rule names. */
export function startAnchor(rule: string): 'lastDose' | 'firstDose' | 'consent' | null {
  if (AFTER_LAST_DOSE.test(rule)) return 'lastDose';
  if (FIRST_DOSE.test(rule)) return 'firstDose';
  if (CONSENT.test(rule)) return 'consent';
  return null;
}

/** The start of each of the subject's elements, in TA order. */
export function elementSpans(steps: EpochStep[], a: SubjectAnchors): ElementSpan[] {
  const out: ElementSpan[] = [];
  let prev: { start: number | null; duration: number | null } | null = null;
  for (const [k, step] of steps.entries()) {
    const planned: number | null = prev && prev.start !== null && Number.isFinite(prev.start) && prev.duration !== null ? prev.start + prev.duration : null;
    let start: number | null;
    if (k === 0) start = -Infinity;
    else {
      const anchor = startAnchor(step.startRule);
      const last = dayNumber(a.lastDose ?? '');
      const first = dayNumber(a.firstDose ?? '') ?? dayNumber(a.referenceStart ?? '');
      const consent = dayNumber(a.consent ?? '');
      start = anchor === 'lastDose' && last !== null ? last + 1 : anchor === 'firstDose' && first !== null ? first : anchor === 'consent' && consent !== null ? consent : planned;
    }
    // an element cannot start before the one it follows
    if (start !== null && prev?.start != null && start < prev.start) start = prev.start;
    out.push({ element: step.element, epoch: step.epoch, start });
    // the next element's planned start counts from this one's real start (the first's: the consent)
    const base: number | null = k === 0 ? dayNumber(a.consent ?? '') : start;
    prev = { start: base, duration: durationDays(step.plannedDuration) };
  }
  return out;
}

/** EPOCH of a record's date: the epoch of the last element started on or before it; '' for a partial or
 *  missing date or a subject without elements. */
export function epochAt(dtc: string | null | undefined, spans: ElementSpan[]): string {
  const d = dayNumber(dtc ?? '');
  if (d === null || !spans.length) return '';
  let epoch = spans[0]!.epoch;
  for (const s of spans) if (s.start !== null && s.start <= d) epoch = s.epoch;
  return epoch;
}

/** The steps of a subject: its actual arm's, else its planned arm's, else the unassigned ones. */
export function stepsOf(design: EpochDesign, actualArmCode: string | null | undefined, plannedArmCode: string | null | undefined): EpochStep[] {
  return (actualArmCode && design.arms.get(actualArmCode)) || (plannedArmCode && design.arms.get(plannedArmCode)) || design.unassigned;
}

/** The design's arms as steps (with each element's start rule and duration); the default design when the
 *  study has no arm with elements. */
export function epochDesign(
  arms: { code: string; steps: { position: number; elementCode: string; epoch: string }[] }[],
  elements: { code: string; startRule: string; plannedDuration: string | null }[],
): EpochDesign {
  const byCode = new Map(elements.map((e) => [e.code, e]));
  const map = new Map<string, EpochStep[]>();
  for (const arm of arms) {
    const steps = [...arm.steps]
      .sort((x, y) => x.position - y.position)
      .map((s) => ({ element: s.elementCode, epoch: s.epoch, startRule: byCode.get(s.elementCode)?.startRule ?? '', plannedDuration: byCode.get(s.elementCode)?.plannedDuration ?? null }));
    if (steps.length) map.set(arm.code, steps);
  }
  if (!map.size) return { arms: map, unassigned: DEFAULT_STEPS };
  const firsts = [...map.values()].map((s) => s[0]!);
  const common = firsts.every((f) => f.element === firsts[0]!.element && f.epoch === firsts[0]!.epoch);
  return { arms: map, unassigned: common ? [firsts[0]!] : [] };
}

/** The design of a blinded run (issue 30): EPOCH must not tell the arm, so every subject gets the same
 *  steps. When every arm passes through the same epochs with the same start rules and durations, those
 *  (EPOCH is then what the arm's own steps give); otherwise the default design, placed by the exposure
 *  dates EX already shows. `shared` says which. */
export function blindedDesign(design: EpochDesign): { design: EpochDesign; shared: boolean } {
  const lists = [...design.arms.values()];
  const shape = (steps: EpochStep[]) => JSON.stringify(steps.map((s) => [s.epoch, s.startRule, s.plannedDuration]));
  const shared = lists.length > 0 && lists.every((l) => shape(l) === shape(lists[0]!));
  return { design: { arms: new Map(), unassigned: shared ? lists[0]! : DEFAULT_STEPS }, shared };
}
