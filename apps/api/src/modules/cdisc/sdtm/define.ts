// define.xml (Define-XML 2.1) for a run's datasets, through the Define-XML module's catalogue seam
// (../define/from-catalogue.ts): variables as generated (names, labels, types, lengths), keys, and an
// origin per variable: identifiers, sequence numbers, study days, epochs and visits derived; trial design
// and the DM reference dates assigned or derived from the system; the rest collected on the CRF.
import type { Db } from '@ctp/db';
import type { SdtmVariable } from '@ctp/contracts';
import { buildDefineXml, type DefineStandard } from '../define/define-xml.ts';
import { catalogueCode, defineMetadataFromCatalogue, loadCatalogue, type VariableInput } from '../define/from-catalogue.ts';
import { CT_STANDARD, codeListTermsOf, valueLevelOf } from './define-terms.ts';
import type { ValueMetadata } from './value-metadata.ts';
import { sdtmigDatasets } from '../standards/run-datasets.ts';
import { compareVersions } from '../standards/current.ts';

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
  const { metadata } = defineMetadataFromCatalogue(catalogue, {
    codeListTerms: codeListTermsOf(datasets.map((d) => ({ ...d, valueMetadata: d.valueMetadata ?? null })), codeListOf),
    base: {
      fileOid: `DEFINE.${study.code}`,
      creationDateTime: new Date(),
      originator: 'Clinical Trials Platform',
      study: { studyName: study.code, studyDescription: study.title, protocolName: study.code },
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
      return {
        xpt: { name: d.domain, label: d.label, variables: d.variables.map((v) => ({ name: v.name, label: v.label, type: v.type === 'Num' ? 'num' : 'char', length: v.length })) },
        keys: keys.filter((k) => names.includes(k)),
        standardOid: standardOfDataset(d.domain),
        repeating: !['DM', 'TS'].includes(d.domain),
        isReferenceData: TRIAL_DESIGN.has(d.domain),
        variables,
      };
    }),
  });
  return buildDefineXml(metadata);
}
