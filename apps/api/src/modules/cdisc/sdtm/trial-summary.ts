// TS (Trial Summary, SDTMIG 3.4 §7.6.1) from what the product knows of the study: its row (title, phase,
// dates, planned enrolment, sponsor, therapeutic area), the trial design (arms and their elements), the
// sites it runs at, the subjects enrolled and the SDTMIG the run is generated against. Pure: the
// generation job loads the inputs.
//
// Every TSPARMCD and its TSPARM are CDISC CT (C66738 / C67152, paired by the term's C-code). A value from
// a CDISC code list (TPHASE from C66737, INTMODEL from C99076, TBLIND from C66735) has its C-code in TSVALCD, TSVCDREF
// "CDISC CT" and TSVCDVER the CT version; dates and durations name ISO 8601 in TSVCDREF; countries have
// their ISO 3166-1 alpha-3 code. A parameter that a submission's TS carries (the FDA's Study Data
// Technical Conformance Guide list, the CDISC pilot's TS) but that the product does not record (randomisation, control, age limits, sex, indication, objectives, treatments, ...) is written with
// TSVALNF = "NI" (ISO 21090 No Information) and no value: nothing is guessed. Parameters that are neither
// known nor required are left out.
import type { SdtmRecord } from './derive.ts';
import { isoDtc } from './derive.ts';
import { CT_VERSION, codeList, findTerm, termByCode } from '../terminology/ct.ts';
import type { DesignArmInput, DesignElementInput } from './trial-design.ts';

export const TSPARMCD_LIST = 'C66738';
export const TSPARM_LIST = 'C67152';
const CDISC_CT = 'CDISC CT';
const ISO_8601 = 'ISO 8601';
const ISO_3166 = 'ISO 3166-1 alpha-3';
/** ISO 21090 null flavor "No Information": the product holds nothing from which the value follows. */
export const NO_INFORMATION = 'NI';

/** The value code list of a coded parameter (COSMoS's TS specializations). */
const VALUE_LIST: Record<string, string> = { TPHASE: 'C66737', INTMODEL: 'C99076', TBLIND: 'C66735' };
/** The study's blinding as TBLIND's CDISC CT term. The shipped C66735 has only SINGLE BLIND and DOUBLE BLIND: an
 * open-label study keeps TSVALNF NI (with a note) rather than a value outside the code list or an invented C-code. */
const BLINDING: Record<string, string> = { single_blind: 'SINGLE BLIND', double_blind: 'DOUBLE BLIND' };
const PHASE: Record<string, string> = { 'Phase I': 'PHASE I TRIAL', 'Phase II': 'PHASE II TRIAL', 'Phase III': 'PHASE III TRIAL', 'Phase IV': 'PHASE IV TRIAL' };
/** The SDTM model version each SDTMIG version implements (the SDTMIG's own statement of its model). */
const SDTM_VERSION_OF_IG: Record<string, string> = { '3.1.2': '1.2', '3.1.3': '1.3', '3.2': '1.4', '3.3': '1.7', '3.4': '2.0' };

/** Parameters a submission's TS carries which the product has no field for: TSVALNF NI when not derived. */
export const REQUIRED_UNRECORDED = [
  'ADAPT',
  'ADDON',
  'AGEMAX',
  'AGEMIN',
  'HLTSUBJI',
  'INDIC',
  'INTMODEL',
  'INTTYPE',
  'OBJPRIM',
  'RANDOM',
  'REGID',
  'SENDTC',
  'SEXPOP',
  'STOPRULE',
  'STYPE',
  'TBLIND',
  'TCNTRL',
  'TDIGRP',
  'TINDTP',
  'TRT',
  'TTYPE',
] as const;

export interface TrialSummaryInput {
  study: {
    code: string;
    title: string;
    phase: string;
    startDate: string | null;
    actualEndDate: string | null;
    targetEnrollment: number;
    sponsorName: string | null;
    therapeuticArea: string | null;
    /** open_label, single_blind or double_blind: TBLIND (absent: TSVALNF NI). */
    blinding?: string | null;
  };
  /** Subjects enrolled (an enrolment date): ACTSUB. */
  enrolledSubjects: number;
  /** The SDTMIG version of the run (3.4). */
  sdtmigVersion: string | null;
  arms: DesignArmInput[];
  elements: DesignElementInput[];
  /** The ISO 3166-1 alpha-3 codes of the study's sites' countries (unknown ones left out by the caller). */
  countries: string[];
}

interface Parameter {
  code: string;
  value: string | null;
  /** How the value is coded: a CDISC code list's C-code, ISO 8601, or an ISO 3166 code. */
  coding?: { list: string } | 'iso8601' | { iso3166: string };
}

/** A duration of whole days and weeks (P14D, P4W, P1W3D) in days; null for months, years or times. */
export function durationDays(iso: string | null): number | null {
  const m = iso ? /^P(?:(\d+)W)?(?:(\d+)D)?$/.exec(iso) : null;
  if (!m || (!m[1] && !m[2])) return null;
  return Number(m[1] ?? 0) * 7 + Number(m[2] ?? 0);
}

/** LENGTH: the planned time on study of a subject, the longest arm's element durations added up; null
 *  when an arm has an element without a planned duration in days or weeks. */
export function plannedLength(arms: DesignArmInput[], elements: DesignElementInput[]): string | null {
  const days = new Map(elements.map((e) => [e.code, durationDays(e.plannedDuration)]));
  let longest: number | null = null;
  for (const arm of arms) {
    if (!arm.steps.length) return null;
    let total = 0;
    for (const s of arm.steps) {
      const d = days.get(s.elementCode);
      if (d === null || d === undefined) return null;
      total += d;
    }
    longest = Math.max(longest ?? 0, total);
  }
  return longest === null ? null : `P${longest}D`;
}

/** INTMODEL PARALLEL when two or more arms each give one treatment element, different in every arm (no
 *  arm crosses over to a second treatment); otherwise the design does not say (null). */
export function interventionModel(arms: DesignArmInput[]): string | null {
  if (arms.length < 2) return null;
  const treatments = arms.map((a) => new Set(a.steps.filter((s) => /TREATMENT/.test(s.epoch)).map((s) => s.elementCode)));
  if (treatments.some((t) => t.size !== 1)) return null;
  const codes = treatments.map((t) => [...t][0]!);
  return new Set(codes).size === codes.length ? 'PARALLEL' : null;
}

export function trialSummary(input: TrialSummaryInput): { records: SdtmRecord[]; notes: string[] } {
  const { study } = input;
  const notes: string[] = [];
  const params: Parameter[] = [];
  const add = (code: string, value: string | null | undefined, coding?: Parameter['coding']) => {
    if (value !== null && value !== undefined && value !== '') params.push({ code, value, ...(coding && { coding }) });
  };
  add('TITLE', study.title);
  add('TPHASE', PHASE[study.phase], { list: VALUE_LIST.TPHASE! });
  add('TBLIND', study.blinding ? BLINDING[study.blinding] : null, { list: VALUE_LIST.TBLIND! });
  if (study.blinding === 'open_label') notes.push('TS: the study is open-label; the shipped CDISC CT has no OPEN LABEL term in TBLIND (C66735), so TBLIND is written with TSVALNF NI');
  add('SSTDTC', study.startDate ? isoDtc(study.startDate) : null, 'iso8601');
  add('SENDTC', study.actualEndDate ? isoDtc(study.actualEndDate) : null, 'iso8601');
  add('PLANSUB', String(study.targetEnrollment));
  add('ACTSUB', String(input.enrolledSubjects));
  add('SPONSOR', study.sponsorName);
  add('THERAREA', study.therapeuticArea);
  add('SDTIGVER', input.sdtmigVersion);
  add('SDTMVER', input.sdtmigVersion ? SDTM_VERSION_OF_IG[input.sdtmigVersion] : null);
  if (input.arms.length) add('NARMS', String(input.arms.length));
  add('INTMODEL', interventionModel(input.arms), { list: VALUE_LIST.INTMODEL! });
  add('LENGTH', plannedLength(input.arms, input.elements), 'iso8601');
  for (const c of [...new Set(input.countries)].sort()) add('FCNTRY', c, { iso3166: c });
  const known = new Set(params.map((p) => p.code));
  for (const code of REQUIRED_UNRECORDED) if (!known.has(code)) params.push({ code, value: null });

  const parmcd = codeList(TSPARMCD_LIST);
  const seq = new Map<string, number>();
  const records = params
    .map((p) => {
      const cd = parmcd?.terms.find((t) => t.value === p.code);
      const name = cd?.code ? termByCode(TSPARM_LIST, cd.code)?.value : undefined;
      if (!cd || !name) throw new Error(`TS parameter ${p.code} is not in the shipped CDISC CT`);
      return { p, name };
    })
    .sort((a, b) => a.p.code.localeCompare(b.p.code))
    .map(({ p, name }): SdtmRecord => {
      const n = (seq.get(p.code) ?? 0) + 1;
      seq.set(p.code, n);
      let code: string | null = null;
      let ref: string | null = null;
      let version: string | null = null;
      const coding = p.coding;
      if (p.value === null || coding === undefined) {
        // no value (TSVALNF) or an uncoded one
      } else if (coding === 'iso8601') ref = ISO_8601;
      else if ('iso3166' in coding) [code, ref] = [coding.iso3166, ISO_3166];
      else {
        const term = findTerm(coding.list, p.value)?.term;
        if (term?.value === p.value && term.code) [code, ref, version] = [term.code, CDISC_CT, CT_VERSION];
        else notes.push(`TS: the ${p.code} value has no C-code in the shipped CDISC CT; TSVALCD left empty`);
      }
      return {
        STUDYID: study.code,
        DOMAIN: 'TS',
        TSSEQ: n,
        TSGRPID: null,
        TSPARMCD: p.code,
        TSPARM: name,
        TSVAL: p.value,
        TSVALNF: p.value === null ? NO_INFORMATION : null,
        TSVALCD: code,
        TSVCDREF: ref,
        TSVCDVER: version,
      };
    });
  const unrecorded = params.filter((p) => p.value === null).map((p) => p.code);
  if (unrecorded.length) notes.push(`TS: ${unrecorded.length} parameters the product does not record are written with TSVALNF NI (${unrecorded.join(', ')})`);
  return { records, notes };
}
