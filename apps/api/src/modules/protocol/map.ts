// Which form an assessment named in a protocol needs: a dictionary of assessment concepts, each with
// the words that name it and the CDASH library form that captures it (null where the library has no
// form: the proposal is then an empty draft to design, or no form at all for a procedure such as
// informed consent). Matching is by these words only; the evidence shows which words matched.
import type { FormCategory } from '@ctp/contracts';

export interface Concept {
  key: string;
  /** What names it in a protocol (case-insensitive). */
  pattern: RegExp;
  /** The CDASH library form (packages/contracts cdash-library) that captures it. */
  libraryDomain: string | null;
  /** The draft form's name when there is no library form. */
  formName: string;
  category: FormCategory;
  /** A procedure recorded elsewhere (consent, randomisation): listed, no form proposed. */
  noForm?: boolean;
}

export const CONCEPTS: readonly Concept[] = [
  {
    key: 'vitalSigns',
    pattern:
      /\bvital signs?\b|\bblood pressure\b|\bpulse(?: rate)?\b(?! oximetry)|\bheart rate\b|\brespiratory rate\b|\b(?:body |axillary |tympanic |oral )?temperature\b|\bheight\b|\b(?:body )?weight\b|\bBMI\b|\bbody mass index\b|\bpulse oximetry\b|\boxygen saturation\b/i,
    libraryDomain: 'VS',
    formName: 'Vital Signs',
    category: 'Visit',
  },
  {
    key: 'pharmacokinetics',
    pattern: /\bpharmacokinetic\w*|\bPK\b(?: (?:blood |urine |plasma )?sampl\w*)?/i,
    libraryDomain: null,
    formName: 'Pharmacokinetic Sampling',
    category: 'Lab',
  },
  {
    key: 'laboratory',
    pattern:
      /\blaborator\w*|\blabs?\b|\bha?ematology\b|\b(?:clinical |serum |blood )?chemistry\b|\bbiochemistry\b|\burinalysis\b|\bcoagulation\b|\blipid (?:panel|profile)\b|\bHbA1c\b|\bliver function\b|\brenal function\b|\bserology\b|\bpregnancy test\b|\bdrug screen\w*|\bblood tests?\b|\bsafety (?:blood|laborator\w*)\b|\burine (?:drug|cotinine)\b|\balcohol (?:breath )?test\b|\bHIV and hepatitis\b/i,
    libraryDomain: 'LB',
    formName: 'Laboratory Test Results',
    category: 'Lab',
  },
  {
    key: 'ecg',
    pattern: /\bECGs?\b|\bEKGs?\b|\belectrocardiogra\w*|\b12[- ]lead\b/i,
    libraryDomain: null,
    formName: 'Electrocardiogram (ECG)',
    category: 'Visit',
  },
  { key: 'physicalExam', pattern: /\bphysical exam\w*/i, libraryDomain: null, formName: 'Physical Examination', category: 'Visit' },
  {
    key: 'adverseEvents',
    pattern: /\badverse (?:events?|experiences?|reactions?)\b|\bAEs?\b|\bSAEs?\b/i,
    libraryDomain: 'AE',
    formName: 'Adverse Events',
    category: 'Safety',
  },
  {
    key: 'concomitantMedications',
    pattern: /\bconcomitant (?:medications?|meds|therap(?:y|ies)|treatments?)\b|\bprior (?:and concomitant )?medications?\b|\bmedication histor(?:y|ies)\b|\bcon[- ]?meds\b/i,
    libraryDomain: 'CM',
    formName: 'Concomitant/Prior Medications',
    category: 'Medication',
  },
  {
    key: 'medicalHistory',
    pattern: /\bmedical (?:and \w+ )?histor(?:y|ies)\b|\bsurgical history\b|\bdisease history\b/i,
    libraryDomain: 'MH',
    formName: 'Medical History',
    category: 'Baseline',
  },
  { key: 'demographics', pattern: /\bdemograph\w*/i, libraryDomain: 'DM', formName: 'Demographics', category: 'Baseline' },
  {
    key: 'exposure',
    pattern:
      /\b(?:study|trial) (?:drug|treatment|medication|intervention|product) (?:administration|dosing|dispens\w*|intake|compliance|accountability)\b|\bdrug administration\b|\binvestigational (?:medicinal )?product (?:administration|dispens\w*|intake|accountability)\b|\bdosing\b|\btreatment compliance\b|\bdrug accountability\b|\bIMP (?:administration|dispens\w*)\b/i,
    libraryDomain: 'EX',
    formName: 'Exposure',
    category: 'Medication',
  },
  {
    key: 'disposition',
    pattern: /\bdisposition\b|\bstudy (?:completion|discontinuation)\b|\bend of (?:study|treatment) (?:status|form|disposition)\b|\breason for (?:discontinuation|withdrawal)\b/i,
    libraryDomain: 'DS',
    formName: 'Disposition',
    category: 'Visit',
  },
  {
    key: 'eligibility',
    pattern: /\binclusion\s*\/\s*exclusion\b|\beligibility(?: criteria| check| review| assessment)?\b|\bin\/exclusion\b/i,
    libraryDomain: null,
    formName: 'Eligibility Criteria',
    category: 'Baseline',
  },
  { key: 'informedConsent', pattern: /\binformed consent\b/i, libraryDomain: null, formName: 'Informed Consent', category: 'Baseline', noForm: true },
  { key: 'randomisation', pattern: /\brandomi[sz](?:ation|ed)\b/i, libraryDomain: null, formName: 'Randomisation', category: 'Baseline', noForm: true },
];

/** Named instruments: each is a questionnaire or rating scale form of its own. */
const INSTRUMENTS: readonly { name: string; pattern: RegExp; category: FormCategory }[] = [
  { name: 'EQ-5D', pattern: /\bEQ-?5D(?:-[35]L)?\b/i, category: 'PRO' },
  { name: 'SF-36', pattern: /\bSF-?36\b/i, category: 'PRO' },
  { name: 'SF-12', pattern: /\bSF-?12\b/i, category: 'PRO' },
  { name: 'PHQ-9', pattern: /\bPHQ-?9\b/i, category: 'PRO' },
  { name: 'GAD-7', pattern: /\bGAD-?7\b/i, category: 'PRO' },
  { name: 'HADS', pattern: /\bHADS\b|\bhospital anxiety and depression scale\b/i, category: 'PRO' },
  { name: 'PROMIS-10', pattern: /\bPROMIS(?:-?10)?\b/i, category: 'PRO' },
  { name: 'EORTC QLQ-C30', pattern: /\bQLQ-?C30\b/i, category: 'PRO' },
  { name: 'FACT-G', pattern: /\bFACT-?G\b/i, category: 'PRO' },
  { name: 'Brief Pain Inventory', pattern: /\bbrief pain inventory\b|\bBPI\b/i, category: 'PRO' },
  { name: 'PDQ-39', pattern: /\bPDQ-?39\b/i, category: 'PRO' },
  { name: 'MIDAS', pattern: /\bMIDAS\b|\bmigraine disability assessment\b/i, category: 'PRO' },
  { name: 'MADRS', pattern: /\bMADRS\b/i, category: 'Visit' },
  { name: 'HAM-D', pattern: /\bHAM-?D\b|\bhamilton depression\b/i, category: 'Visit' },
  { name: 'CGI', pattern: /\bCGI(?:-[SI])?\b|\bclinical global impression\b/i, category: 'Visit' },
  { name: 'ADAS-Cog', pattern: /\bADAS-?Cog\b/i, category: 'Visit' },
  { name: 'MMSE', pattern: /\bMMSE\b|\bmini[- ]mental state\b/i, category: 'Visit' },
  { name: 'MoCA', pattern: /\bMoCA\b|\bmontreal cognitive assessment\b/i, category: 'Visit' },
  { name: 'NIHSS', pattern: /\bNIHSS\b|\bnational institutes? of health stroke scale\b/i, category: 'Visit' },
  { name: 'Modified Rankin Scale', pattern: /\bmodified rankin\b|\bmRS\b/i, category: 'Visit' },
  { name: 'Fugl-Meyer Assessment', pattern: /\bfugl-?meyer\b/i, category: 'Visit' },
  { name: 'Barthel Index', pattern: /\bbarthel\b/i, category: 'Visit' },
  { name: 'UPDRS', pattern: /\bUPDRS\b/i, category: 'Visit' },
  { name: 'ALSFRS-R', pattern: /\bALSFRS(?:-R)?\b/i, category: 'Visit' },
];

/** Any other questionnaire or scale, named by the protocol's own words. */
const GENERIC_INSTRUMENT = /\bquestionnaires?\b|\bquality of life\b|\bpatient[- ]reported\b|\b(?:rating |pain |symptom )?scales?\b|\bdiar(?:y|ies)\b|\binventory\b|\bVAS\b/i;

export interface ConceptMatch {
  key: string;
  matched: string;
  libraryDomain: string | null;
  formName: string;
  category: FormCategory;
  noForm: boolean;
  /** Named by a generic word only ('questionnaire', 'scale', 'diary'), not a known instrument or domain. */
  generic?: boolean;
}

/** A label without footnote marks and trailing punctuation ('Vital signs a' -> 'Vital signs'). */
export function tidyLabel(label: string): string {
  return label
    .replace(/[*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]+/g, '')
    .replace(/\s+[a-z](?:,\s*[a-z])*$/, '')
    .replace(/[\s:;,.]+$/, '')
    .trim();
}

/** Every concept the text names; instruments first, then the dictionary (one text may name several). */
export function matchConcepts(text: string): ConceptMatch[] {
  const out: ConceptMatch[] = [];
  for (const i of INSTRUMENTS) {
    const m = i.pattern.exec(text);
    if (m) out.push({ key: `instrument:${i.name}`, matched: m[0], libraryDomain: null, formName: i.name, category: i.category, noForm: false });
  }
  for (const c of CONCEPTS) {
    const m = c.pattern.exec(text);
    if (m) out.push({ key: c.key, matched: m[0], libraryDomain: c.libraryDomain, formName: c.formName, category: c.category, noForm: !!c.noForm });
  }
  if (!out.some((m) => m.key.startsWith('instrument:'))) {
    const m = GENERIC_INSTRUMENT.exec(text);
    if (m) {
      const tidy = tidyLabel(text).slice(0, 80);
      const name = tidy.charAt(0).toUpperCase() + tidy.slice(1);
      out.push({ key: `instrument:${name.toLowerCase()}`, matched: m[0], libraryDomain: null, formName: name, category: 'PRO', noForm: false, generic: true });
    }
  }
  return out;
}
