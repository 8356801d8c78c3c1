// define.xml (Define-XML 2.1) for a run's datasets, through the Define-XML module's catalogue seam
// (../define/from-catalogue.ts): variables as generated (names, labels, types, lengths), keys, and an
// origin per variable: identifiers, sequence numbers, study days, epochs and visits derived; trial design
// and the DM reference dates assigned or derived from the system; the rest collected on the CRF. Also:
// - the dictionary-coded terms (AELLT, AEDECOD, AEHLT, AEHLGT, AEBODSYS, AESOC and MH's) point at an
//   ExternalCodeList naming the dictionary and version the study's coding used (MedDRA; the demo
//   dictionary under its own name, as it is not MedDRA);
// - each dataset's DOMAIN has its own one-term code list "Domain Abbreviation (XX)" and SUPP--'s RDOMAIN
//   one with the parent domains (as CDISC's Define-XML example), not the catalogue's first subset name;
// - a def:CommentDef on every dataset says how the run's XPT files encode text (XPT v5 cannot);
// - the Study and MetaDataVersion OIDs are the ones the Dataset-JSON files carry (defineStudyOid);
// - no stylesheet processing instruction: the package ships no define2-1.xsl (the reference material
//   has none), and a define.xml pointing at a missing stylesheet shows nothing in a browser.
import type { Db } from '@ctp/db';
import { SDTM_ENCODING_LABELS, type SdtmEncoding, type SdtmVariable } from '@ctp/contracts';
import { buildDefineXml, type DefineCodeList, type DefineComment, type DefineStandard } from '../define/define-xml.ts';
import { catalogueCode, defineMetadataFromCatalogue, loadCatalogue, type VariableInput } from '../define/from-catalogue.ts';
import { CT_STANDARD, codeListTermsOf, valueLevelOf } from './define-terms.ts';
import type { ValueMetadata } from './value-metadata.ts';
import { sdtmigDatasets } from '../standards/run-datasets.ts';
import { compareVersions } from '../standards/current.ts';
import { findTerm } from '../terminology/ct.ts';
import { activeDictionary } from '../../coding/dictionary.ts';

/** The Study OID of define.xml, which each Dataset-JSON file's studyOID repeats. */
export const defineStudyOid = (studyCode: string) => `STDY.${studyCode}`;
/** The MetaDataVersion OID of define.xml, which each Dataset-JSON file's metaDataVersionOID repeats. */
export const defineMetaDataVersionOid = (studyCode: string) => `MDV.${studyCode}.1`;

/** Variables holding a coding dictionary's terms (SDTMIG 3.4: AE, MH and CE events coded with MedDRA). */
export const DICTIONARY_CODED = /^(AE|MH|CE)(LLT|DECOD|HLT|HLGT|BODSYS|SOC)$/;

export interface CodingDictionary {
  system: string;
  version: string;
}

/** The ExternalCodeList of the dictionary the coded terms come from. */
export function dictionaryCodeList(d: CodingDictionary): DefineCodeList {
  const meddra = d.system === 'MedDRA';
  return {
    oid: meddra ? 'CL.MEDDRA' : `CL.${d.system.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`,
    name: meddra ? `MedDRA ${d.version}` : `${d.system} ${d.version} (not MedDRA)`,
    dataType: 'text',
    external: { dictionary: d.system, version: d.version, ...(meddra && { href: 'https://www.meddra.org' }) },
  };
}

/** The domain abbreviation code list of one dataset (or SUPP--'s RDOMAIN): its terms with their C-codes. */
function domainCodeList(oid: string, name: string, domains: string[]): DefineCodeList {
  return {
    oid,
    name,
    dataType: 'text',
    nciCode: 'C66734',
    terms: [...new Set(domains)].sort().map((d) => {
      const term = findTerm('C66734', d)?.term;
      return { codedValue: d, ...(term?.value === d && term.code ? { nciCode: term.code } : { extended: true }) };
    }),
  };
}

/** The define.xml note on the run's text encoding. */
export function encodingComment(encoding: SdtmEncoding, changes: number): DefineComment {
  const how =
    encoding === 'utf8'
      ? 'as UTF-8 (on request): a character outside ASCII takes two to four bytes, and tools that read XPT as Latin-1 or ASCII show other characters for it'
      : encoding === 'ascii'
        ? `as ASCII: characters outside ASCII were transliterated (${changes} value${changes === 1 ? '' : 's'} changed)`
        : `as ${SDTM_ENCODING_LABELS[encoding]}, one byte a character: characters it lacks were transliterated (${changes} value${changes === 1 ? '' : 's'} changed)`;
  return {
    oid: 'COM.XPT.ENCODING',
    description: `The SAS transport (XPT v5) files cannot declare a text encoding; their character values are written ${how}. Lengths are in bytes of that encoding. The run's encoding report lists where values were changed.`,
  };
}

/** The dictionaries the study's coded terms were coded with (newest first), else the one it codes with. */
export async function studyCodingDictionaries(db: Db, studyId: number): Promise<CodingDictionary[]> {
  const used = await db
    .selectFrom('codingDecisions as c')
    .innerJoin('codingDictionaries as d', 'd.id', 'c.dictionaryId')
    .select(['d.id', 'd.system', 'd.version'])
    .distinct()
    .where('c.studyId', '=', studyId)
    .where('c.status', '=', 'coded')
    .orderBy('d.id', 'desc')
    .execute();
  if (used.length) return used.map(({ system, version }) => ({ system, version }));
  const { system, version } = await activeDictionary(db, studyId);
  return [{ system, version }];
}

export interface RunDefineOptions {
  encoding: SdtmEncoding;
  encodingChanges: number;
  /** The dictionaries of the coded terms, newest first (studyCodingDictionaries). */
  dictionaries: CodingDictionary[];
  /** A blinded run (issue 30): DM's arm variables carry the comment saying they are written blank. */
  blinded?: boolean;
}

/** DM's variables a blinded run writes blank. */
const BLINDED_ARM_VARIABLES = new Set(['ARMCD', 'ARM', 'ACTARMCD', 'ACTARM']);

/** The reviewer-facing note on a blinded run's arm variables. */
export const BLINDED_COMMENT: DefineComment = {
  oid: 'COM.DM.BLINDED',
  description:
    "Blinded run: ARM, ARMCD, ACTARM, ACTARMCD written blank. The run was generated for a reader who does not see the subjects' arms in this blinded study; ARMNRS is given only where the subject has no arm. The trial design datasets (TA, TE) describe the protocol's arms, not the subjects'.",
};

const ASSIGNED = /^(STUDYID|DOMAIN|RDOMAIN|IDVAR|QNAM|QLABEL|QORIG|AGEU|ARMNRS|SUBJID|SITEID|.*TEST|.*TESTCD|.*ORRESU|.*STRESU|.*LLT|.*LLTCD|.*DECOD|.*PTCD|.*HLT|.*HLTCD|.*HLGT|.*HLGTCD|.*BODSYS|.*BDSYSCD|.*SOC|.*SOCCD)$/;

const METHODS: { oid: string; name: string; test: RegExp; description: string }[] = [
  { oid: 'MT.USUBJID', name: 'Unique subject identifier', test: /^USUBJID$/, description: 'STUDYID, a hyphen, and the subject code.' },
  { oid: 'MT.SEQ', name: 'Sequence number', test: /SEQ$|^IDVARVAL$/, description: "The subject's records of the domain numbered 1, 2, ... in date order (--STDTC, else --DTC; undated last)." },
  { oid: 'MT.DY', name: 'Study day', test: /DY$/, description: 'The date minus RFSTDTC, plus 1 on or after RFSTDTC (there is no day 0); empty for a partial date.' },
  { oid: 'MT.EPOCH', name: 'Epoch', test: /^EPOCH$/, description: 'SCREENING before RFSTDTC, TREATMENT from RFSTDTC to RFENDTC, FOLLOW-UP after.' },
  { oid: 'MT.VISIT', name: 'Visit', test: /^(VISITNUM|VISIT)$/, description: "The visit schedule's order number and name of the visit the entry belongs to." },
  { oid: 'MT.AGE', name: 'Age', test: /^AGE$/, description: 'The year of RFSTDTC (else of screening) minus the year of birth.' },
  { oid: 'MT.RF', name: 'Reference dates', test: /^RF.*DTC$/, description: 'RFSTDTC: the enrollment date; RFENDTC and RFPENDTC: the completion or withdrawal date.' },
  { oid: 'MT.STRES', name: 'Standard result', test: /STRES[CN]$/, description: 'The original result, as text (--STRESC) and as a number where it is one (--STRESN).' },
  { oid: 'MT.COUNTRY', name: 'Country', test: /^COUNTRY$/, description: "The site's country as ISO 3166-1 alpha-3." },
];
const methodOf = (name: string) => METHODS.find((m) => m.test.test(name));
/** The keys of the datasets whose records are not the subject's numbered ones (--SEQ). */
const KEYS: Record<string, string[]> = {
  SUPPQUAL: ['STUDYID', 'RDOMAIN', 'USUBJID', 'IDVAR', 'IDVARVAL', 'QNAM'],
  TS: ['STUDYID', 'TSPARMCD', 'TSSEQ'],
  TV: ['STUDYID', 'VISITNUM'],
  TA: ['STUDYID', 'ARMCD', 'TAETORD'],
  TE: ['STUDYID', 'ETCD'],
  DM: ['STUDYID', 'USUBJID'],
  SV: ['STUDYID', 'USUBJID', 'VISITNUM'],
};
/** Trial design datasets: reference data whose values come from the protocol. */
const TRIAL_DESIGN = new Set(['TS', 'TV', 'TA', 'TE']);

export async function runDefineXml(
  db: Db,
  study: { code: string; title: string },
  /** The SDTMIG the run was generated against (cdisc_standards.id). */
  standardId: number,
  datasets: { domain: string; label: string; variables: SdtmVariable[]; valueMetadata?: ValueMetadata | null }[],
  options: RunDefineOptions,
): Promise<string> {
  const describedBy = await sdtmigDatasets(db, standardId);
  const catalogue = await loadCatalogue(db, describedBy, datasets.map((d) => d.domain));
  // one def:Standard per SDTMIG version that describes a dataset (usually just the run's own), newest first
  const versions = [...new Set(catalogue.datasets.flatMap((d) => d.version ?? []))].sort((a, b) => compareVersions(b, a));
  const standardOid = (v: string) => `STD.SDTMIG.${v}`;
  const standardOfDataset = (domain: string) => {
    const version = describedBy.get(catalogueCode(domain))?.version;
    return version ? standardOid(version) : undefined;
  };
  const codeListOf = (dataset: string, variable: string) => catalogue.variables.find((v) => v.dataset === dataset && v.name === variable)?.codelistCode ?? null;
  // the newest dictionary the coded terms used (a study that changed versions mid-way is told in the list's name)
  const dictionary = options.dictionaries[0] ? dictionaryCodeList(options.dictionaries[0]) : undefined;
  if (dictionary && options.dictionaries.length > 1) dictionary.name = `${dictionary.name} (also ${options.dictionaries.slice(1).map((d) => `${d.system} ${d.version}`).join(', ')})`;
  const rdomains = datasets.filter((d) => d.variables.some((v) => v.name === 'RDOMAIN')).flatMap((d) => d.valueMetadata?.terms.RDOMAIN ?? (/^SUPP/.test(d.domain) ? [d.domain.slice(4)] : []));
  const codeLists: DefineCodeList[] = [
    ...datasets.filter((d) => d.variables.some((v) => v.name === 'DOMAIN')).map((d) => domainCodeList(`CL.${d.domain}.DOMAIN`, `Domain Abbreviation (${d.domain})`, [d.domain])),
    ...(rdomains.length ? [domainCodeList('CL.RDOMAIN', 'Domain Abbreviation (RDOMAIN)', rdomains)] : []),
    ...(dictionary && datasets.some((d) => d.variables.some((v) => DICTIONARY_CODED.test(v.name))) ? [dictionary] : []),
  ];
  const encodingNote = encodingComment(options.encoding, options.encodingChanges);
  const { metadata } = defineMetadataFromCatalogue(catalogue, {
    codeListTerms: codeListTermsOf(datasets.map((d) => ({ ...d, valueMetadata: d.valueMetadata ?? null })), codeListOf),
    base: {
      fileOid: `DEFINE.${study.code}`,
      creationDateTime: new Date(),
      originator: 'Clinical Trials Platform',
      study: { oid: defineStudyOid(study.code), studyName: study.code, studyDescription: study.title, protocolName: study.code },
      metaDataVersion: { oid: defineMetaDataVersionOid(study.code) },
      // no stylesheet instruction: the package has no define2-1.xsl to point at
      stylesheetHref: null,
      codeLists,
      comments: options.blinded ? [encodingNote, BLINDED_COMMENT] : [encodingNote],
      standards: [...versions.map((v): DefineStandard => ({ oid: standardOid(v), name: 'SDTMIG', type: 'IG', version: v, status: 'Final' })), CT_STANDARD],
      methods: METHODS.map(({ oid, name, description }) => ({ oid, name, type: 'Computation' as const, description })),
    },
    datasets: datasets.map((d) => {
      const names = d.variables.map((v) => v.name);
      const seq = names.find((n) => n.endsWith('SEQ'));
      const keys = KEYS[catalogueCode(d.domain)] ?? ['STUDYID', 'USUBJID', ...(seq ? [seq] : [])];
      const variables: Record<string, VariableInput> = Object.fromEntries(
        d.variables.map((v) => [
          v.name,
          (TRIAL_DESIGN.has(d.domain)
            ? { origin: { type: 'Protocol' } }
            : ASSIGNED.test(v.name)
              ? { origin: { type: 'Assigned', source: 'Sponsor' } }
              : methodOf(v.name)
                ? { origin: { type: 'Derived' }, methodOid: methodOf(v.name)!.oid }
                : { origin: { type: 'Collected', source: 'Investigator' } }) as VariableInput,
        ]),
      );
      for (const [name, valueLevel] of Object.entries(valueLevelOf(d.domain, d.variables, d.valueMetadata ?? null, 'MT.STRES'))) variables[name] = { ...variables[name]!, valueLevel };
      if (options.blinded && d.domain === 'DM') for (const name of names) if (BLINDED_ARM_VARIABLES.has(name)) variables[name] = { ...variables[name]!, commentOid: BLINDED_COMMENT.oid };
      for (const name of names) {
        const codeListOid =
          name === 'DOMAIN' ? `CL.${d.domain}.DOMAIN` : name === 'RDOMAIN' ? 'CL.RDOMAIN' : DICTIONARY_CODED.test(name) && dictionary ? dictionary.oid : undefined;
        if (codeListOid) variables[name] = { ...variables[name]!, codeListOid };
      }
      return {
        xpt: { name: d.domain, label: d.label, variables: d.variables.map((v) => ({ name: v.name, label: v.label, type: v.type === 'Num' ? 'num' : 'char', length: v.length })) },
        keys: keys.filter((k) => names.includes(k)),
        standardOid: standardOfDataset(d.domain),
        repeating: !['DM', 'TS'].includes(d.domain),
        isReferenceData: TRIAL_DESIGN.has(d.domain),
        commentOid: encodingNote.oid,
        variables,
      };
    }),
  });
  return buildDefineXml(metadata);
}
