// One subject's SDTM records, domain by domain: DM from the subject, site and study (plus DM-targeted form
// fields), SV from the visits done, DS from the subject's disposition (or a DS form), and every other
// domain (AE, VS, CM, MH, EX, LB, DS, ...) from the submitted form entries through the field targets, with
// the coded AE/MH terms from medical coding; supplemental qualifiers to SUPP--. And the trial design
// datasets TS and TV, from the study and its visit schedule (TA and TE: trial-design.ts).
import type { FieldTarget } from './targets.ts';
import { blindedDmArmVariables, dmArmVariables } from './trial-design.ts';
import { DEFAULT_STEPS, elementSpans, epochAt, stepsOf, type EpochDesign } from './epochs.ts';
import {
  assignSeq,
  combineDateTime,
  exposureOngoing,
  exposureRange,
  findingsRecords,
  isoDtc,
  plannedStudyDay,
  studyDay,
  usubjid as usubjidOf,
  type SdtmRecord,
  type SdtmTarget,
  type SdtmValue,
} from './derive.ts';
import { recodeValue, standardiseFindings, type RecodeLog } from '../terminology/recode.ts';

export interface CatalogueVariable {
  name: string;
  label: string;
  type: 'Char' | 'Num';
  ordinal: number;
  core: string | null;
  /** The CDISC CT code list's NCI C-code. */
  codelist?: string | null;
}
/** SDTMIG variables by dataset code, in the guide's order. */
export type Catalogue = Map<string, Map<string, CatalogueVariable>>;

export interface StudyInfo {
  id: number;
  code: string;
  title: string;
  phase: string;
  startDate: string | null;
  plannedEndDate: string | null;
  targetEnrollment: number;
  sponsorName: string | null;
}
export interface VisitDef {
  id: number;
  code: string;
  name: string;
  dayOffset: number;
  sortOrder: number;
}
export interface SubjectRow {
  id: number;
  subjectCode: string;
  siteNumber: string;
  country: string;
  yearOfBirth: number | null;
  sex: string | null;
  ethnicity: string | null;
  status: string;
  screeningDate: string;
  enrollmentDate: string | null;
  completionDate: string | null;
  withdrawalDate: string | null;
  /** The planned (randomised) and the actual arm, code and name (trial design, migration 0023); absent or null: none. */
  plannedArmCode?: string | null;
  plannedArm?: string | null;
  actualArmCode?: string | null;
  actualArm?: string | null;
}
export interface SubjectVisitRow {
  id: number;
  visitDefinitionId: number;
  status: string;
  actualDate: string | null;
}
export interface SubmissionRow {
  id: number;
  formId: number;
  formVersionId: number;
  subjectVisitId: number | null;
  visitDate: string | null;
  data: Record<string, unknown>;
}
export interface CodedTerm {
  lltCode: string | null;
  lltName: string | null;
  ptCode: string | null;
  ptName: string | null;
  hltCode: string | null;
  hltName: string | null;
  hlgtCode: string | null;
  hlgtName: string | null;
  socCode: string | null;
  socName: string | null;
}

/** ISO 3166-1 alpha-3 for the countries of the demo's sites (and a few more). */
const COUNTRY_ALPHA3: Record<string, string> = {
  'united states': 'USA', usa: 'USA', 'united states of america': 'USA', canada: 'CAN', 'united kingdom': 'GBR',
  france: 'FRA', germany: 'DEU', spain: 'ESP', japan: 'JPN', australia: 'AUS', netherlands: 'NLD', italy: 'ITA',
  belgium: 'BEL', switzerland: 'CHE', austria: 'AUT', sweden: 'SWE', denmark: 'DNK', norway: 'NOR', poland: 'POL',
  portugal: 'PRT', ireland: 'IRL', china: 'CHN', india: 'IND', brazil: 'BRA', mexico: 'MEX', 'south korea': 'KOR',
};
export const countryAlpha3 = (name: string) => COUNTRY_ALPHA3[name.trim().toLowerCase()] ?? '';

const SEX: Record<string, string> = { m: 'M', male: 'M', f: 'F', female: 'F', u: 'U', unknown: 'U' };
const ETHNIC: Record<string, string> = {
  'hispanic or latino': 'HISPANIC OR LATINO',
  'not hispanic or latino': 'NOT HISPANIC OR LATINO',
  'not reported': 'NOT REPORTED',
  unknown: 'UNKNOWN',
};
const PHASE: Record<string, string> = { 'Phase I': 'PHASE I TRIAL', 'Phase II': 'PHASE II TRIAL', 'Phase III': 'PHASE III TRIAL', 'Phase IV': 'PHASE IV TRIAL' };

/** Events and interventions domains whose records come one per entry (or per repeating row). */
const CODED_PREFIX: Record<string, string[]> = { AE: ['AE'], MH: ['MH'] };

export interface SubjectContext {
  study: StudyInfo;
  catalogue: Catalogue;
  visitDefs: Map<number, VisitDef>;
  targets: (formVersionId: number) => FieldTarget[];
  coding: Map<string, CodedTerm>;
  /** Controlled-terminology recoding counts for the run's notes. */
  terminology: RecodeLog;
  /** Notes for the run (no clinical values). */
  note: (text: string) => void;
  /** The arms' element steps for EPOCH (epochs.ts); absent: screening, treatment and follow-up by exposure. */
  design?: EpochDesign;
  /** A blinded run: DM's ARM, ARMCD, ACTARM and ACTARMCD blank (EPOCH comes from blindedDesign). */
  blinded?: boolean;
}

const NO_DESIGN: EpochDesign = { arms: new Map(), unassigned: DEFAULT_STEPS };

export interface SubjectInput {
  subject: SubjectRow;
  visits: SubjectVisitRow[];
  submissions: SubmissionRow[];
}

const has = (cat: Catalogue, domain: string, variable: string) => cat.get(domain)?.has(variable) ?? false;
const isFindings = (cat: Catalogue, domain: string) => has(cat, domain, `${domain}TESTCD`);

/** A field value as SDTM text or number (dates as ISO 8601, choice lists as their coded value). */
function valueOf(field: FieldTarget, raw: unknown): SdtmValue {
  if (raw === undefined || raw === null || raw === '') return null;
  if (field.type === 'date' || field.type === 'partialDate') return isoDtc(raw) || null;
  if (Array.isArray(raw)) return raw.length === 0 ? null : raw.length === 1 ? String(raw[0]) : 'MULTIPLE';
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'boolean') return raw ? 'Y' : 'N';
  if (typeof raw === 'string') return raw.trim() || null;
  return null;
}

/** Yes/no fields onto variables that are not NY: --STAT (performed), --ENRF / --ENRTPT (ongoing), AEREL. */
function recode(variable: string, domain: string, value: SdtmValue, type: string): SdtmValue {
  if (type !== 'yesNo' || (value !== 'Y' && value !== 'N')) return value;
  if (variable === `${domain}STAT`) return value === 'N' ? 'NOT DONE' : null;
  if (variable === `${domain}ENRF`) return value === 'Y' ? 'DURING/AFTER' : null;
  if (variable === `${domain}ENRTPT`) return value === 'Y' ? 'ONGOING' : null;
  if (variable === 'AEREL') return value === 'Y' ? 'RELATED' : 'NOT RELATED';
  return value;
}

/** A value of a variable with a CT code list as its submission value (the choice's label helps). */
function toTerminology(ctx: SubjectContext, f: FieldTarget, value: SdtmValue): SdtmValue {
  if (f.target.qnam) return value;
  const codelist = ctx.catalogue.get(f.target.domain)?.get(f.target.variable)?.codelist ?? null;
  if (!codelist || typeof value !== 'string') return value;
  const label = f.choices?.find((c) => c.code === value)?.label;
  return recodeValue(codelist, value, label ? [label] : [], ctx.terminology, `${f.target.domain}.${f.target.variable}`);
}

interface Pending {
  domain: string;
  record: SdtmRecord;
  supp: { qnam: string; label: string; value: string }[];
}

/** The subject's records by dataset name (SUPP-- included). */
export function subjectRecords(ctx: SubjectContext, input: SubjectInput): Map<string, SdtmRecord[]> {
  const { study, catalogue: cat } = ctx;
  const s = input.subject;
  const USUBJID = usubjidOf(study.code, s.subjectCode);
  // RFSTDTC: the reference start, the day of randomisation (Day 0: the first dose in the protocol);
  // RFPENDTC: the end of participation (completion or withdrawal). RFENDTC is set below from exposure.
  const rfst = s.enrollmentDate ?? '';
  const rfpen = s.completionDate ?? s.withdrawalDate ?? '';
  const visitsById = new Map(input.visits.map((v) => [v.id, v]));
  const out = new Map<string, SdtmRecord[]>();
  const pending: Pending[] = [];
  const dmExtra: SdtmRecord = {};
  const dmSupp: Pending['supp'] = [];

  for (const sub of input.submissions) {
    const targets = ctx.targets(sub.formVersionId);
    if (!targets.length) continue;
    const visit = sub.subjectVisitId ? visitsById.get(sub.subjectVisitId) : undefined;
    const def = visit ? ctx.visitDefs.get(visit.visitDefinitionId) : undefined;
    const visitVars: SdtmRecord = def ? { VISITNUM: def.sortOrder, VISIT: def.name.toUpperCase() } : {};
    const collected = isoDtc(sub.visitDate ?? '');
    // rows: the entry itself (group null) and each row of each repeating group
    const scopes: { group: string | null; index: number; values: Record<string, unknown> }[] = [{ group: null, index: 0, values: sub.data }];
    for (const t of targets) {
      if (t.group && !scopes.some((x) => x.group === t.group)) {
        const rows = Array.isArray(sub.data[t.group]) ? (sub.data[t.group] as Record<string, unknown>[]) : [];
        rows.forEach((row, index) => scopes.push({ group: t.group, index, values: row ?? {} }));
      }
    }
    for (const scope of scopes) {
      const fields = targets.filter((t) => t.group === scope.group);
      // values per domain in this scope
      const perDomain = new Map<string, { target: SdtmTarget; label: string; unit?: string; value: SdtmValue; field: FieldTarget }[]>();
      const dtcParts = new Map<string, { date?: unknown; time?: unknown }>();
      for (const f of fields) {
        const raw = scope.values[f.code];
        if (f.target.variable.endsWith('DTC') && !f.target.qnam && (f.type === 'time' || f.type === 'date' || f.type === 'partialDate')) {
          const key = `${f.target.domain}.${f.target.variable}`;
          const part = dtcParts.get(key) ?? {};
          if (f.type === 'time') part.time = raw;
          else part.date = raw;
          dtcParts.set(key, part);
          continue;
        }
        const value = toTerminology(ctx, f, recode(f.target.variable, f.target.domain, valueOf(f, raw), f.type));
        const list = perDomain.get(f.target.domain) ?? [];
        list.push({ target: f.target, label: f.label, ...(f.unit && { unit: f.unit }), value, field: f });
        perDomain.set(f.target.domain, list);
        if (Array.isArray(raw) && raw.length > 1) {
          raw.forEach((r, k) => list.push({ target: { domain: f.target.domain, variable: 'QVAL', qnam: `${f.target.variable.slice(0, 7)}${k + 1}` }, label: `${f.label} ${k + 1}`, value: String(r), field: f }));
        }
      }
      for (const [key, part] of dtcParts) {
        const [domain, variable] = key.split('.') as [string, string];
        const value = combineDateTime(part.date, part.time) || null;
        const list = perDomain.get(domain) ?? [];
        list.push({ target: { domain, variable }, label: variable, value, field: fields[0]! });
        perDomain.set(domain, list);
      }
      for (const [domain, values] of perDomain) {
        if (!values.some((v) => v.value !== null && v.value !== '')) continue;
        const supp: Pending['supp'] = [];
        const direct = values.filter((v) => {
          if (v.target.qnam || (!has(cat, domain, v.target.variable) && cat.has(domain))) {
            if (v.value !== null && v.value !== '') supp.push({ qnam: v.target.qnam ?? v.target.variable, label: v.label.slice(0, 40), value: String(v.value) });
            return false;
          }
          return true;
        });
        if (domain === 'DM') {
          for (const v of direct) if (v.value !== null && dmExtra[v.target.variable] == null) dmExtra[v.target.variable] = v.value;
          dmSupp.push(...supp);
          continue;
        }
        if (!cat.has(domain)) {
          ctx.note(`Form fields target ${domain}, which is not an SDTMIG 3.4 dataset: left out`);
          continue;
        }
        const base: SdtmRecord = { ...visitVars };
        if (has(cat, domain, `${domain}DTC`) && collected) base[`${domain}DTC`] = collected;
        const findings = isFindings(cat, domain);
        const records = findings ? findingsRecords(domain, direct) : [Object.fromEntries(direct.map((v) => [v.target.variable, v.value]))];
        if (findings) for (const r of records) standardiseFindings(domain, r, (variable) => cat.get(domain)?.get(variable)?.codelist ?? null, ctx.terminology);
        for (const r of records) {
          const record: SdtmRecord = { ...base, ...r };
          if (CODED_PREFIX[domain]) {
            const termField = fields.find((f) => f.target.domain === domain && f.target.variable === `${domain}TERM`);
            const path = termField ? (scope.group ? `${scope.group}.${scope.index}.${termField.code}` : termField.code) : '';
            const coded = ctx.coding.get(`${sub.id}:${path}`);
            if (coded) {
              const p = domain;
              const codedVars: Record<string, string | null> = {
                [`${p}LLT`]: coded.lltName, [`${p}LLTCD`]: coded.lltCode, [`${p}DECOD`]: coded.ptName, [`${p}PTCD`]: coded.ptCode,
                [`${p}HLT`]: coded.hltName, [`${p}HLTCD`]: coded.hltCode, [`${p}HLGT`]: coded.hlgtName, [`${p}HLGTCD`]: coded.hlgtCode,
                [`${p}BODSYS`]: coded.socName, [`${p}BDSYSCD`]: coded.socCode, [`${p}SOC`]: coded.socName, [`${p}SOCCD`]: coded.socCode,
              };
              for (const [k, v] of Object.entries(codedVars)) if (v && has(cat, domain, k)) record[k] = /CD$/.test(k) && /^\d+$/.test(v) ? Number(v) : v;
            }
          }
          pending.push({ domain, record, supp });
        }
      }
    }
  }

  // DS: the disposition from the subject when no DS entry was made
  if (!pending.some((p) => p.domain === 'DS') && cat.has('DS')) {
    if (s.completionDate) pending.push({ domain: 'DS', supp: [], record: { DSTERM: 'COMPLETED', DSDECOD: 'COMPLETED', DSCAT: 'DISPOSITION EVENT', DSSTDTC: s.completionDate } });
    else if (s.withdrawalDate) pending.push({ domain: 'DS', supp: [], record: { DSTERM: 'WITHDRAWN FROM STUDY', DSDECOD: 'OTHER', DSCAT: 'DISPOSITION EVENT', DSSTDTC: s.withdrawalDate } });
  }

  // RFXSTDTC/RFXENDTC: the first and last exposure (EX): the earliest EXSTDTC, the latest EXENDTC or EXSTDTC
  // where a record has no end (SDTMIG 3.4), so a subject still on treatment has RFXENDTC = its latest start.
  // RFENDTC, the reference end, is the last exposure of a randomised subject (SDTMIG 3.4: "often equivalent
  // to the date/time of last exposure"), chosen for every subject alike so that the reference period is the
  // treatment period; empty for a subject not randomised, or randomised without exposure recorded.
  const exposure = pending.filter((p) => p.domain === 'EX').map((p) => p.record);
  const { RFXSTDTC, RFXENDTC } = exposureRange(exposure);
  const rfen = rfst && RFXENDTC ? RFXENDTC : '';
  if (rfst && !RFXENDTC) ctx.note('RFENDTC (the last exposure) left empty for randomised subjects with no exposure recorded');
  // EPOCH: the subject's elements (its arm's, from the design) started by its own dates; while exposure is
  // ongoing (a record without an end) the last dose is not known yet, so an element that starts after the
  // last dose starts when the treatment element's planned duration has passed
  const spans = elementSpans(stepsOf(ctx.design ?? NO_DESIGN, s.actualArmCode, s.plannedArmCode), {
    consent: typeof dmExtra.RFICDTC === 'string' ? dmExtra.RFICDTC : s.screeningDate,
    referenceStart: rfst || null,
    firstDose: RFXSTDTC,
    lastDose: exposureOngoing(exposure) ? null : RFXENDTC,
  });

  // Common variables, --DY, EPOCH and --SEQ per domain
  const byDomain = new Map<string, Pending[]>();
  for (const p of pending) byDomain.set(p.domain, [...(byDomain.get(p.domain) ?? []), p]);
  for (const [domain, list] of byDomain) {
    for (const { record } of list) {
      for (const [dtc, dy] of [[`${domain}DTC`, `${domain}DY`], [`${domain}STDTC`, `${domain}STDY`], [`${domain}ENDTC`, `${domain}ENDY`]] as const) {
        const d = record[dtc];
        if (typeof d === 'string' && d && has(cat, domain, dy)) record[dy] = studyDay(d, rfst);
      }
      if (has(cat, domain, 'EPOCH')) {
        const d = record[`${domain}STDTC`] ?? record[`${domain}DTC`];
        record.EPOCH = typeof d === 'string' ? epochAt(d, spans) || null : null;
      }
      // --ENRF is relative to the reference period: none without its end (CORE-000177)
      if (!rfen && record[`${domain}ENRF`] != null) {
        record[`${domain}ENRF`] = null;
        ctx.note(`${domain}ENRF left empty for subjects without a reference end date (RFENDTC)`);
      }
      Object.assign(record, { STUDYID: study.code, DOMAIN: domain, USUBJID });
    }
    const records = list.map((p) => p.record);
    assignSeq(records, `${domain}SEQ`, [`${domain}STDTC`, `${domain}DTC`]);
    out.set(domain, records);
    const supps: SdtmRecord[] = [];
    for (const p of list) {
      for (const q of p.supp) {
        supps.push({ STUDYID: study.code, RDOMAIN: domain, USUBJID, IDVAR: `${domain}SEQ`, IDVARVAL: String(p.record[`${domain}SEQ`]), QNAM: q.qnam, QLABEL: q.label, QVAL: q.value, QORIG: 'CRF', QEVAL: null });
      }
    }
    if (supps.length) out.set(`SUPP${domain}`, supps);
  }

  // DM
  const country = countryAlpha3(s.country);
  if (!country) ctx.note(`Site country "${s.country}" has no ISO 3166-1 alpha-3 code here: COUNTRY left empty`);
  const refYear = Number((s.enrollmentDate ?? s.screeningDate).slice(0, 4));
  const dm: SdtmRecord = {
    STUDYID: study.code,
    DOMAIN: 'DM',
    USUBJID,
    SUBJID: s.subjectCode,
    RFSTDTC: rfst || null,
    RFENDTC: rfen || null,
    RFXSTDTC,
    RFXENDTC,
    RFPENDTC: rfpen || null,
    SITEID: s.siteNumber,
    BRTHDTC: s.yearOfBirth ? String(s.yearOfBirth) : null,
    AGE: s.yearOfBirth ? refYear - s.yearOfBirth : null,
    AGEU: s.yearOfBirth ? 'YEARS' : null,
    SEX: SEX[(s.sex ?? '').toLowerCase()] ?? 'U',
    ETHNIC: s.ethnicity ? (ETHNIC[s.ethnicity.toLowerCase()] ?? 'NOT REPORTED') : 'NOT REPORTED',
    ...(ctx.blinded ? blindedDmArmVariables(s) : dmArmVariables(s)),
    COUNTRY: country || null,
    ...Object.fromEntries(Object.entries(dmExtra).filter(([k]) => ['BRTHDTC', 'RACE', 'DMDTC', 'DTHDTC', 'RFICDTC'].includes(k))),
  };
  if (typeof dm.DMDTC === 'string') dm.DMDY = studyDay(dm.DMDTC, rfst);
  if (dm.DTHDTC) dm.DTHFL = 'Y';
  out.set('DM', [dm]);
  if (dmSupp.length) {
    out.set('SUPPDM', dmSupp.map((q) => ({ STUDYID: study.code, RDOMAIN: 'DM', USUBJID, IDVAR: null, IDVARVAL: null, QNAM: q.qnam, QLABEL: q.label, QVAL: q.value, QORIG: 'CRF', QEVAL: null })));
  }

  // SV: the visits done
  const sv: SdtmRecord[] = [];
  for (const v of input.visits) {
    if (!v.actualDate || !['completed', 'warning'].includes(v.status)) continue;
    const def = ctx.visitDefs.get(v.visitDefinitionId);
    if (!def) continue;
    const d = isoDtc(v.actualDate);
    sv.push({ STUDYID: study.code, DOMAIN: 'SV', USUBJID, VISITNUM: def.sortOrder, VISIT: def.name.toUpperCase(), SVPRESP: 'Y', SVOCCUR: 'Y', VISITDY: plannedStudyDay(def.dayOffset), SVSTDTC: d, SVENDTC: d, SVSTDY: studyDay(d, rfst), SVENDY: studyDay(d, rfst) });
  }
  sv.sort((a, b) => Number(a.VISITNUM) - Number(b.VISITNUM));
  if (sv.length) out.set('SV', sv);
  return out;
}

/** TS: the trial summary parameters the study holds. */
export function trialSummary(study: StudyInfo, actualSubjects: number): SdtmRecord[] {
  const params: [string, string, string | null][] = [
    ['TITLE', 'Trial Title', study.title],
    ['TPHASE', 'Trial Phase Classification', PHASE[study.phase] ?? null],
    ['SSTDTC', 'Study Start Date', study.startDate ? isoDtc(study.startDate) : null],
    ['PLANSUB', 'Planned Number of Subjects', String(study.targetEnrollment)],
    ['ACTSUB', 'Actual Number of Subjects', String(actualSubjects)],
    ['SPONSOR', 'Clinical Study Sponsor', study.sponsorName],
    ['SDTIGVER', 'SDTM IG Version', '3.4'],
  ];
  return params
    .filter(([, , v]) => v)
    .map(([code, name, value], i) => ({ STUDYID: study.code, DOMAIN: 'TS', TSSEQ: 1, TSGRPID: null, TSPARMCD: code, TSPARM: name, TSVAL: value, TSVALNF: null, TSVALCD: null, TSVCDREF: null, TSVCDVER: null, _order: i }))
    .map(({ _order: _, ...r }) => r);
}

/** TV: the planned visits, in schedule order. */
export function trialVisits(study: StudyInfo, defs: VisitDef[]): SdtmRecord[] {
  return [...defs]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((d) => ({ STUDYID: study.code, DOMAIN: 'TV', VISITNUM: d.sortOrder, VISIT: d.name.toUpperCase(), VISITDY: plannedStudyDay(d.dayOffset), ARMCD: null, ARM: null, TVSTRL: `Day ${plannedStudyDay(d.dayOffset)} from the reference start date`, TVENRL: null }));
}
