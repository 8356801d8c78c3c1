// Define-XML v2.1: a small SDTM study (DM, AE, VS, SUPPAE, TS) built into a define.xml that the official
// Define-XML 2.1 schema accepts (xmllint; apt-get install -y libxml2-utils; SKIP_XMLLINT=1 skips the
// schema tests), with its content checked: ItemDef lengths are the XPT lengths, code lists carry NCI
// C-codes, VSORRES has value-level metadata per VSTESTCD, every dataset links its XPT file. The harness
// is proven on CDISC's own SDTM example (valid) and on a broken document (invalid). Then the refusals,
// and the catalogue helper on the checked-in SDTMIG 3.4 catalogue.
// Fixtures: test/fixtures/define-xml-2.1 (the schema set and the example, unmodified; see its README).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  buildDefineXml,
  DefineXmlError,
  type DefineCodeList,
  type DefineDataset,
  type DefineMetadata,
  type DefineOrigin,
  type DefineVariable,
} from '../src/modules/cdisc/define/define-xml.ts';
import {
  defineMetadataFromCatalogue,
  type Catalogue,
  type CatalogueDefineInput,
} from '../src/modules/cdisc/define/from-catalogue.ts';
import type { XptDatasetSpec, XptVariable } from '../src/modules/cdisc/formats/xpt.ts';
import { DEFINE_FIXTURES, expectSchemaValid, itXsd, skipXmllint, xmllint, xmlTempDir } from './support/xmllint.ts';

const EXAMPLE = join(DEFINE_FIXTURES, 'examples', 'defineV21-SDTM.xml');

// --- xmllint: test/support/xmllint.ts -------------------------------------------------------------
const tempDir = xmlTempDir();

// --- A small study -----------------------------------------------------------------------------------
// The XPT descriptors as the dataset writer has them; the define.xml lengths must be these.
const X = (name: string, label: string, type: 'char' | 'num', length: number): XptVariable => ({
  name,
  label,
  type,
  length,
});
const XPT: Record<string, XptDatasetSpec> = {
  DM: {
    name: 'DM',
    label: 'Demographics',
    variables: [
      X('STUDYID', 'Study Identifier', 'char', 12),
      X('DOMAIN', 'Domain Abbreviation', 'char', 2),
      X('USUBJID', 'Unique Subject Identifier', 'char', 20),
      X('SUBJID', 'Subject Identifier for the Study', 'char', 6),
      X('RFSTDTC', 'Subject Reference Start Date/Time', 'char', 10),
      X('SITEID', 'Study Site Identifier', 'char', 3),
      X('BRTHDTC', 'Date/Time of Birth', 'char', 10),
      X('AGE', 'Age', 'num', 8),
      X('AGEU', 'Age Units', 'char', 5),
      X('SEX', 'Sex', 'char', 1),
      X('ARMCD', 'Planned Arm Code', 'char', 8),
      X('COUNTRY', 'Country', 'char', 3),
    ],
  },
  AE: {
    name: 'AE',
    label: 'Adverse Events',
    variables: [
      X('STUDYID', 'Study Identifier', 'char', 12),
      X('DOMAIN', 'Domain Abbreviation', 'char', 2),
      X('USUBJID', 'Unique Subject Identifier', 'char', 20),
      X('AESEQ', 'Sequence Number', 'num', 8),
      X('AETERM', 'Reported Term for the Adverse Event', 'char', 200),
      X('AEDECOD', 'Dictionary-Derived Term', 'char', 100),
      X('AESER', 'Serious Event', 'char', 1),
      X('AESTDTC', 'Start Date/Time of Adverse Event', 'char', 19),
      X('AESTDY', 'Study Day of Start of Adverse Event', 'num', 8),
    ],
  },
  VS: {
    name: 'VS',
    label: 'Vital Signs',
    variables: [
      X('STUDYID', 'Study Identifier', 'char', 12),
      X('DOMAIN', 'Domain Abbreviation', 'char', 2),
      X('USUBJID', 'Unique Subject Identifier', 'char', 20),
      X('VSSEQ', 'Sequence Number', 'num', 8),
      X('VSTESTCD', 'Vital Signs Test Short Name', 'char', 8),
      X('VSTEST', 'Vital Signs Test Name', 'char', 40),
      X('VSORRES', 'Result or Finding in Original Units', 'char', 3),
      X('VSORRESU', 'Original Units', 'char', 4),
      X('VSSTRESN', 'Numeric Result/Finding in Standard Units', 'num', 8),
      X('VISITNUM', 'Visit Number', 'num', 8),
      X('VISIT', 'Visit Name', 'char', 20),
      X('VSDTC', 'Date/Time of Measurements', 'char', 16),
    ],
  },
  SUPPAE: {
    name: 'SUPPAE',
    label: 'Supplemental Qualifiers for AE',
    variables: [
      X('STUDYID', 'Study Identifier', 'char', 12),
      X('RDOMAIN', 'Related Domain Abbreviation', 'char', 2),
      X('USUBJID', 'Unique Subject Identifier', 'char', 20),
      X('IDVAR', 'Identifying Variable', 'char', 8),
      X('IDVARVAL', 'Identifying Variable Value', 'char', 3),
      X('QNAM', 'Qualifier Variable Name', 'char', 8),
      X('QLABEL', 'Qualifier Variable Label', 'char', 40),
      X('QVAL', 'Data Value', 'char', 1),
      X('QORIG', 'Origin', 'char', 8),
      X('QEVAL', 'Evaluator', 'char', 12),
    ],
  },
  TS: {
    name: 'TS',
    label: 'Trial Summary',
    variables: [
      X('STUDYID', 'Study Identifier', 'char', 12),
      X('DOMAIN', 'Domain Abbreviation', 'char', 2),
      X('TSSEQ', 'Sequence Number', 'num', 8),
      X('TSPARMCD', 'Trial Summary Parameter Short Name', 'char', 8),
      X('TSPARM', 'Trial Summary Parameter', 'char', 40),
      X('TSVAL', 'Parameter Value', 'char', 200),
    ],
  },
};

const collected: DefineOrigin = {
  type: 'Collected',
  source: 'Investigator',
  documentRefs: [{ documentId: 'LF.acrf', pages: '3 4' }],
};
const assigned: DefineOrigin = { type: 'Assigned', source: 'Sponsor' };
const derived: DefineOrigin = { type: 'Derived', source: 'Sponsor' };
const protocol: DefineOrigin = { type: 'Protocol', source: 'Sponsor' };

type Extra = Omit<DefineVariable, 'name' | 'label' | 'length' | 'dataType'> &
  Partial<Pick<DefineVariable, 'dataType' | 'length' | 'label'>>;
/** A Define variable from its XPT descriptor: char length = XPT length; num and dates as given. */
function variables(spec: XptDatasetSpec, extra: Record<string, Extra>): DefineVariable[] {
  return spec.variables.map((xv) => {
    const e = extra[xv.name];
    if (!e) throw new Error(`test fixture: no metadata for ${spec.name}.${xv.name}`);
    const dataType = e.dataType ?? (xv.type === 'char' ? 'text' : 'integer');
    return {
      name: xv.name,
      label: xv.label,
      length: dataType === 'text' ? xv.length : undefined,
      dataType,
      ...e,
    } as DefineVariable;
  });
}
const common = {
  STUDYID: { mandatory: true, origin: protocol, role: 'Identifier' },
  DOMAIN: { mandatory: true, origin: assigned, role: 'Identifier' },
  USUBJID: { mandatory: true, origin: derived, methodOid: 'MT.USUBJID', role: 'Identifier' },
} satisfies Record<string, Extra>;

const codeLists: DefineCodeList[] = [
  {
    oid: 'CL.SEX',
    name: 'Sex',
    dataType: 'text',
    nciCode: 'C66731',
    terms: [
      { codedValue: 'F', decode: 'Female', nciCode: 'C16576', orderNumber: 1 },
      { codedValue: 'M', decode: 'Male', nciCode: 'C20197', orderNumber: 2 },
    ],
  },
  {
    oid: 'CL.AGEU',
    name: 'Age Unit',
    dataType: 'text',
    nciCode: 'C66781',
    terms: [{ codedValue: 'YEARS', nciCode: 'C29848' }],
  },
  {
    oid: 'CL.NY',
    name: 'No Yes Response',
    dataType: 'text',
    nciCode: 'C66742',
    terms: [
      { codedValue: 'N', decode: 'No', nciCode: 'C49487' },
      { codedValue: 'Y', decode: 'Yes', nciCode: 'C49488' },
    ],
  },
  {
    oid: 'CL.VSTESTCD',
    name: 'Vital Signs Test Code',
    dataType: 'text',
    nciCode: 'C66741',
    terms: [
      { codedValue: 'DIABP', decode: 'Diastolic Blood Pressure', nciCode: 'C25299' },
      { codedValue: 'SYSBP', decode: 'Systolic Blood Pressure', nciCode: 'C25298' },
    ],
  },
  {
    oid: 'CL.VSRESU',
    name: 'Units for Vital Signs Results',
    dataType: 'text',
    nciCode: 'C66770',
    terms: [{ codedValue: 'mmHg', nciCode: 'C49670' }],
  },
  // A sponsor code list: no C-codes, an extended value.
  {
    oid: 'CL.ARMCD',
    name: 'Planned Arm Code',
    dataType: 'text',
    terms: [{ codedValue: 'DRUG10', decode: 'Drug 10 mg & "placebo" <run-in>' }],
  },
  {
    oid: 'CL.AEDICT',
    name: 'Adverse Event Dictionary',
    dataType: 'text',
    external: { dictionary: 'MedDRA', version: '26.1' },
  },
];

const datasets: DefineDataset[] = [
  {
    name: 'DM',
    label: 'Demographics',
    class: 'SPECIAL PURPOSE',
    structure: 'One record per subject',
    keys: ['STUDYID', 'USUBJID'],
    repeating: false,
    href: 'dm.xpt',
    title: 'dm.xpt',
    variables: variables(XPT.DM!, {
      ...common,
      SUBJID: { mandatory: true, origin: collected, role: 'Topic' },
      RFSTDTC: {
        mandatory: false,
        dataType: 'date',
        origin: derived,
        methodOid: 'MT.RFSTDTC',
        role: 'Record Qualifier',
      },
      SITEID: { mandatory: true, origin: collected, role: 'Record Qualifier' },
      BRTHDTC: {
        mandatory: false,
        dataType: 'partialDate',
        origin: { type: 'Collected', source: 'Subject' },
        role: 'Record Qualifier',
      },
      AGE: { mandatory: false, length: 2, origin: derived, methodOid: 'MT.AGE', role: 'Record Qualifier' },
      AGEU: { mandatory: false, origin: assigned, codeListOid: 'CL.AGEU', role: 'Variable Qualifier' },
      SEX: { mandatory: true, origin: collected, codeListOid: 'CL.SEX', role: 'Record Qualifier' },
      ARMCD: { mandatory: true, origin: assigned, codeListOid: 'CL.ARMCD', role: 'Record Qualifier' },
      COUNTRY: {
        mandatory: true,
        origin: { type: 'Other', description: 'Site master data' },
        role: 'Record Qualifier',
        commentOid: 'COM.COUNTRY',
      },
    }),
  },
  {
    name: 'AE',
    label: 'Adverse Events',
    class: 'EVENTS',
    structure: 'One record per adverse event per subject',
    keys: ['STUDYID', 'USUBJID', 'AEDECOD', 'AESTDTC'],
    href: 'ae.xpt',
    variables: variables(XPT.AE!, {
      ...common,
      AESEQ: { mandatory: true, length: 2, origin: derived, methodOid: 'MT.SEQ', role: 'Identifier' },
      AETERM: { mandatory: true, origin: collected, role: 'Topic' },
      AEDECOD: {
        mandatory: true,
        origin: { type: 'Assigned', source: 'Vendor', description: 'Coded with MedDRA' },
        codeListOid: 'CL.AEDICT',
        role: 'Synonym Qualifier',
      },
      AESER: { mandatory: false, origin: collected, codeListOid: 'CL.NY', role: 'Record Qualifier' },
      AESTDTC: { mandatory: false, dataType: 'partialDatetime', origin: collected, role: 'Timing' },
      AESTDY: { mandatory: false, length: 4, origin: derived, methodOid: 'MT.STUDYDAY', role: 'Timing' },
    }),
  },
  {
    name: 'VS',
    label: 'Vital Signs',
    class: 'FINDINGS',
    structure: 'One record per vital sign measurement per visit per subject',
    keys: ['STUDYID', 'USUBJID', 'VSTESTCD', 'VISITNUM'],
    href: 'vs.xpt',
    variables: variables(XPT.VS!, {
      ...common,
      VSSEQ: { mandatory: true, length: 3, origin: derived, methodOid: 'MT.SEQ', role: 'Identifier' },
      VSTESTCD: { mandatory: true, origin: assigned, codeListOid: 'CL.VSTESTCD', role: 'Topic' },
      VSTEST: { mandatory: true, origin: assigned, role: 'Synonym Qualifier' },
      VSORRES: {
        mandatory: false,
        origin: collected,
        role: 'Result Qualifier',
        valueLevel: [
          {
            where: [{ variable: 'VSTESTCD', comparator: 'EQ', values: ['SYSBP'] }],
            label: 'Systolic Blood Pressure',
            dataType: 'integer',
            length: 3,
            mandatory: true,
            origin: collected,
          },
          {
            where: [{ variable: 'VSTESTCD', comparator: 'EQ', values: ['DIABP'] }],
            label: 'Diastolic Blood Pressure',
            dataType: 'integer',
            length: 3,
            mandatory: true,
            origin: collected,
          },
        ],
      },
      VSORRESU: { mandatory: false, origin: collected, codeListOid: 'CL.VSRESU', role: 'Variable Qualifier' },
      VSSTRESN: {
        mandatory: false,
        dataType: 'float',
        length: 5,
        significantDigits: 1,
        displayFormat: '5.1',
        origin: derived,
        methodOid: 'MT.VSSTRESN',
        role: 'Result Qualifier',
      },
      VISITNUM: { mandatory: true, length: 2, origin: protocol, role: 'Timing' },
      VISIT: { mandatory: false, origin: protocol, role: 'Timing' },
      VSDTC: { mandatory: false, dataType: 'datetime', origin: collected, role: 'Timing' },
    }),
  },
  {
    name: 'SUPPAE',
    label: 'Supplemental Qualifiers for AE',
    class: 'RELATIONSHIP',
    structure: 'One record per IDVAR, IDVARVAL, and QNAM value per subject',
    keys: ['STUDYID', 'RDOMAIN', 'USUBJID', 'IDVAR', 'IDVARVAL', 'QNAM'],
    href: 'suppae.xpt',
    domainDescription: 'Adverse Events',
    variables: variables(XPT.SUPPAE!, {
      STUDYID: common.STUDYID,
      RDOMAIN: { mandatory: true, origin: assigned, role: 'Identifier' },
      USUBJID: common.USUBJID,
      IDVAR: { mandatory: false, origin: assigned, role: 'Identifier' },
      IDVARVAL: {
        mandatory: false,
        origin: { type: 'Predecessor', description: 'AE.AESEQ' },
        role: 'Identifier',
      },
      QNAM: { mandatory: true, origin: assigned, role: 'Topic' },
      QLABEL: { mandatory: true, origin: assigned, role: 'Synonym Qualifier' },
      QVAL: {
        mandatory: true,
        origin: collected,
        role: 'Result Qualifier',
        valueLevel: [
          {
            where: [{ variable: 'QNAM', comparator: 'EQ', values: ['AETRTEM'] }],
            label: 'Treatment Emergent Flag',
            dataType: 'text',
            length: 1,
            mandatory: true,
            origin: derived,
            methodOid: 'MT.AETRTEM',
            codeListOid: 'CL.NY',
          },
        ],
      },
      QORIG: { mandatory: true, origin: assigned, role: 'Record Qualifier' },
      QEVAL: { mandatory: false, origin: { type: 'Not Available' }, role: 'Record Qualifier' },
    }),
  },
  {
    name: 'TS',
    label: 'Trial Summary',
    class: 'TRIAL DESIGN',
    structure: 'One record per trial summary parameter value',
    keys: ['STUDYID', 'TSPARMCD', 'TSSEQ'],
    repeating: false,
    isReferenceData: true,
    href: 'ts.xpt',
    variables: variables(XPT.TS!, {
      STUDYID: common.STUDYID,
      DOMAIN: common.DOMAIN,
      TSSEQ: { mandatory: true, length: 1, origin: derived, methodOid: 'MT.SEQ', role: 'Identifier' },
      TSPARMCD: { mandatory: true, origin: protocol, role: 'Topic' },
      TSPARM: { mandatory: true, origin: protocol, role: 'Synonym Qualifier' },
      TSVAL: { mandatory: true, origin: protocol, role: 'Result Qualifier' },
    }),
  },
];

const study: DefineMetadata = {
  fileOid: 'www.example.org/CTP-001/define-2.1',
  creationDateTime: new Date('2025-03-01T10:20:30.456Z'),
  originator: 'Clinical Trials Platform',
  sourceSystem: 'CTP',
  sourceSystemVersion: '2.0.1',
  study: {
    studyName: 'CTP-001',
    studyDescription: 'A study of "Drug X" & <placebo> in adults',
    protocolName: 'CTP-001 v2',
  },
  standards: [
    { oid: 'STD.SDTMIG.3-4', name: 'SDTMIG', type: 'IG', version: '3.4' },
    {
      oid: 'STD.CT.SDTM.2024-03-29',
      name: 'CDISC/NCI',
      type: 'CT',
      publishingSet: 'SDTM',
      version: '2024-03-29',
    },
  ],
  datasets,
  codeLists,
  methods: [
    {
      oid: 'MT.USUBJID',
      name: 'Algorithm to derive USUBJID',
      type: 'Computation',
      description: 'STUDYID || "-" || SITEID || "-" || SUBJID',
    },
    {
      oid: 'MT.RFSTDTC',
      name: 'Algorithm to derive RFSTDTC',
      type: 'Computation',
      description: 'Date of first dose',
    },
    {
      oid: 'MT.AGE',
      name: 'Algorithm to derive AGE',
      type: 'Computation',
      description: 'Age in completed years at RFSTDTC:\nfloor((RFSTDTC - BRTHDTC) / 365.25)',
      formalExpressions: [{ context: 'SAS 9.4', expression: 'AGE = floor(yrdif(BRTHDT, RFSTDT, "AGE"));' }],
      documentRefs: [{ documentId: 'LF.algorithms', pages: 'AGE', pageType: 'NamedDestination' }],
    },
    {
      oid: 'MT.SEQ',
      name: 'Algorithm to derive --SEQ',
      type: 'Computation',
      description: 'Sequential number per USUBJID in key order',
    },
    {
      oid: 'MT.STUDYDAY',
      name: 'Algorithm to derive --DY',
      type: 'Computation',
      description: '--DTC - RFSTDTC + 1 on or after RFSTDTC, else --DTC - RFSTDTC',
    },
    {
      oid: 'MT.VSSTRESN',
      name: 'Algorithm to derive VSSTRESN',
      type: 'Computation',
      description: 'VSORRES converted to standard units',
    },
    {
      oid: 'MT.AETRTEM',
      name: 'Algorithm to derive AETRTEM',
      type: 'Imputation',
      description: 'Y when AESTDTC >= RFSTDTC, partial dates imputed to the earliest date',
    },
  ],
  comments: [
    {
      oid: 'COM.COUNTRY',
      description: "ISO 3166-1 alpha-3 of the site's country",
      documentRefs: [{ documentId: 'LF.csdrg' }],
    },
  ],
  documents: [
    { id: 'LF.acrf', href: 'acrf.pdf', title: 'Annotated CRF', kind: 'annotatedCrf' },
    { id: 'LF.csdrg', href: 'csdrg.pdf', title: "Reviewer's Guide", kind: 'supplemental' },
    { id: 'LF.algorithms', href: 'algorithms.pdf', title: 'Complex Algorithms', kind: 'supplemental' },
  ],
};

// --- Reading the result back ----------------------------------------------------------------------------
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) =>
    [
      'ItemGroupDef',
      'ItemDef',
      'ItemRef',
      'CodeList',
      'CodeListItem',
      'EnumeratedItem',
      'MethodDef',
      'def:ValueListDef',
      'def:WhereClauseDef',
      'RangeCheck',
      'CheckValue',
      'def:Origin',
      'def:leaf',
      'Alias',
    ].includes(name),
});
type X = Record<string, any>; // parsed XML, checked by the assertions
function parse(xml: string) {
  const doc = parser.parse(xml) as X;
  const mdv = doc.ODM.Study.MetaDataVersion as X;
  const byOid = (list: X[] | undefined) => new Map((list ?? []).map((n) => [n.OID as string, n]));
  return {
    doc,
    mdv,
    groups: byOid(mdv.ItemGroupDef),
    items: byOid(mdv.ItemDef),
    codeLists: byOid(mdv.CodeList),
    methods: byOid(mdv.MethodDef),
    valueLists: byOid(mdv['def:ValueListDef']),
    whereClauses: byOid(mdv['def:WhereClauseDef']),
  };
}
const text = (node: X | undefined) => node?.TranslatedText?.['#text'] as string | undefined;

// --- Tests -----------------------------------------------------------------------------------------------
describe('the xmllint harness', () => {
  itXsd("accepts CDISC's official Define-XML 2.1 SDTM example", () => {
    expectSchemaValid(readFileSync(EXAMPLE, 'utf8'), 'defineV21-SDTM');
  });

  itXsd('rejects an invalid define.xml, with xmllint saying why', () => {
    const xml = buildDefineXml(study)
      .replace(' def:Context="Submission"', '')
      .replace('<def:Class Name="EVENTS"/>', '<def:Class Name="ADVERSE"/>');
    const file = join(tempDir, 'invalid.xml');
    writeFileSync(file, xml);
    const result = xmllint(file);
    expect(result.status).not.toBe(0);
    expect(result.errors).toContain("The attribute '{http://www.cdisc.org/ns/def/v2.1}Context' is required");
    expect(result.errors).toContain("'ADVERSE' is not an element of the set");
  });
});

describe('buildDefineXml', () => {
  const xml = buildDefineXml(study);
  const { doc, mdv, groups, items, codeLists: cls, methods, valueLists, whereClauses } = parse(xml);

  itXsd('writes a define.xml the Define-XML 2.1 schema accepts (xmllint)', () => {
    expectSchemaValid(xml, 'define');
  });

  it('has the stylesheet, the namespaces of the example and the study', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xsl" href="define2-1.xsl"?>\n<ODM',
      ),
    ).toBe(true);
    expect(doc.ODM).toMatchObject({
      xmlns: 'http://www.cdisc.org/ns/odm/v1.3',
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
      'xmlns:def': 'http://www.cdisc.org/ns/def/v2.1',
      ODMVersion: '1.3.2',
      FileType: 'Snapshot',
      FileOID: 'www.example.org/CTP-001/define-2.1',
      CreationDateTime: '2025-03-01T10:20:30Z',
      'def:Context': 'Submission',
    });
    expect(doc.ODM.Study.GlobalVariables).toEqual({
      StudyName: 'CTP-001',
      StudyDescription: 'A study of "Drug X" & <placebo> in adults',
      ProtocolName: 'CTP-001 v2',
    });
    expect(xml).toContain('A study of &quot;Drug X&quot; &amp; &lt;placebo&gt; in adults');
    expect(mdv['def:DefineVersion']).toBe('2.1.0');
    expect(mdv['def:Standards']['def:Standard']).toEqual([
      { OID: 'STD.SDTMIG.3-4', Name: 'SDTMIG', Type: 'IG', Version: '3.4', Status: 'Final' },
      {
        OID: 'STD.CT.SDTM.2024-03-29',
        Name: 'CDISC/NCI',
        Type: 'CT',
        PublishingSet: 'SDTM',
        Version: '2024-03-29',
        Status: 'Final',
      },
    ]);
    expect(mdv['def:AnnotatedCRF']['def:DocumentRef']).toEqual({ leafID: 'LF.acrf' });
  });

  it('gives every dataset its keys, class, structure and a def:leaf to its XPT file', () => {
    expect([...groups.keys()]).toEqual(['IG.DM', 'IG.AE', 'IG.VS', 'IG.SUPPAE', 'IG.TS']);
    for (const ds of datasets) {
      const g = groups.get(`IG.${ds.name}`)!;
      expect(g['def:leaf']).toEqual([
        {
          ID: `LF.${ds.name}`,
          'xlink:href': `${ds.name.toLowerCase()}.xpt`,
          'def:title': `${ds.name.toLowerCase()}.xpt`,
        },
      ]);
      expect(g['def:ArchiveLocationID']).toBe(`LF.${ds.name}`);
      expect(g['def:Class'].Name).toBe(ds.class);
      expect(g['def:Structure']).toBe(ds.structure);
      expect(g.Purpose).toBe('Tabulation');
      expect(g['def:StandardOID']).toBe('STD.SDTMIG.3-4');
      const keyed = (g.ItemRef as X[])
        .filter((r) => r.KeySequence)
        .sort((a, b) => Number(a.KeySequence) - Number(b.KeySequence));
      expect(keyed.map((r) => r.ItemOID)).toEqual(ds.keys.map((k) => `IT.${ds.name}.${k}`));
      expect((g.ItemRef as X[]).map((r) => r.OrderNumber)).toEqual(ds.variables.map((_, i) => String(i + 1)));
    }
    expect(groups.get('IG.DM')).toMatchObject({ Domain: 'DM', Repeating: 'No', IsReferenceData: 'No' });
    expect(groups.get('IG.TS')).toMatchObject({ Repeating: 'No', IsReferenceData: 'Yes' });
    expect(groups.get('IG.SUPPAE')).toMatchObject({
      Domain: 'AE',
      Name: 'SUPPAE',
      SASDatasetName: 'SUPPAE',
      Alias: [{ Context: 'DomainDescription', Name: 'Adverse Events' }],
    });
    const dmRefs = groups.get('IG.DM')!.ItemRef as X[];
    expect(dmRefs.find((r) => r.ItemOID === 'IT.DM.AGE')).toMatchObject({
      Mandatory: 'No',
      MethodOID: 'MT.AGE',
      Role: 'Record Qualifier',
    });
  });

  it('gives ItemDefs the XPT lengths (text), the digits (numbers) and no length for ISO 8601 dates', () => {
    for (const ds of datasets) {
      for (const xv of XPT[ds.name]!.variables) {
        const item = items.get(`IT.${ds.name}.${xv.name}`)!;
        expect(item.Name).toBe(xv.name);
        expect(item.SASFieldName).toBe(xv.name);
        expect(text(item.Description)).toBe(xv.label);
        if (item.DataType === 'text') expect(Number(item.Length), `${ds.name}.${xv.name}`).toBe(xv.length);
      }
    }
    expect(items.get('IT.AE.AETERM')).toMatchObject({ DataType: 'text', Length: '200' });
    expect(items.get('IT.DM.AGE')).toMatchObject({ DataType: 'integer', Length: '2' });
    expect(items.get('IT.VS.VSSTRESN')).toMatchObject({
      DataType: 'float',
      Length: '5',
      SignificantDigits: '1',
      'def:DisplayFormat': '5.1',
    });
    expect(items.get('IT.DM.BRTHDTC')).toMatchObject({ DataType: 'partialDate' });
    expect(items.get('IT.DM.BRTHDTC')!.Length).toBeUndefined();
  });

  it('writes origins of each kind', () => {
    const origin = (oid: string) => (items.get(oid)!['def:Origin'] as X[])[0]!;
    expect(origin('IT.DM.SEX')).toMatchObject({
      Type: 'Collected',
      Source: 'Investigator',
      'def:DocumentRef': { leafID: 'LF.acrf', 'def:PDFPageRef': { PageRefs: '3 4', Type: 'PhysicalRef' } },
    });
    expect(origin('IT.DM.AGE')).toMatchObject({ Type: 'Derived', Source: 'Sponsor' });
    expect(origin('IT.DM.AGEU')).toMatchObject({ Type: 'Assigned', Source: 'Sponsor' });
    expect(origin('IT.VS.VISIT')).toMatchObject({ Type: 'Protocol', Source: 'Sponsor' });
    expect(origin('IT.SUPPAE.IDVARVAL')).toMatchObject({ Type: 'Predecessor' });
    expect(text(origin('IT.SUPPAE.IDVARVAL').Description)).toBe('AE.AESEQ');
    expect(origin('IT.SUPPAE.QEVAL')).toEqual({ Type: 'Not Available' });
    expect(text(origin('IT.DM.COUNTRY').Description)).toBe('Site master data');
    expect(items.get('IT.DM.COUNTRY')!['def:CommentOID']).toBe('COM.COUNTRY');
  });

  it('writes code lists with NCI C-codes for the list and each term', () => {
    const sex = cls.get('CL.SEX')!;
    expect(sex).toMatchObject({
      Name: 'Sex',
      DataType: 'text',
      'def:StandardOID': 'STD.CT.SDTM.2024-03-29',
      Alias: [{ Context: 'nci:ExtCodeID', Name: 'C66731' }],
    });
    expect((sex.CodeListItem as X[]).map((t) => [t.CodedValue, text(t.Decode), t.Alias[0].Name])).toEqual([
      ['F', 'Female', 'C16576'],
      ['M', 'Male', 'C20197'],
    ]);
    expect(items.get('IT.DM.SEX')!.CodeListRef).toEqual({ CodeListOID: 'CL.SEX' });
    expect(cls.get('CL.AGEU')!.EnumeratedItem).toEqual([
      { CodedValue: 'YEARS', Alias: [{ Context: 'nci:ExtCodeID', Name: 'C29848' }] },
    ]);
    const armcd = cls.get('CL.ARMCD')!;
    expect(armcd.Alias).toBeUndefined();
    expect(armcd['def:StandardOID']).toBeUndefined();
    expect(text(armcd.CodeListItem[0].Decode)).toBe('Drug 10 mg & "placebo" <run-in>');
    expect(cls.get('CL.AEDICT')!.ExternalCodeList).toEqual({ Dictionary: 'MedDRA', Version: '26.1' });
  });

  it('writes a MethodDef for each derivation, referenced from the ItemRefs', () => {
    const age = methods.get('MT.AGE')!;
    expect(age).toMatchObject({ Name: 'Algorithm to derive AGE', Type: 'Computation' });
    expect(text(age.Description)).toBe(
      'Age in completed years at RFSTDTC:\nfloor((RFSTDTC - BRTHDTC) / 365.25)',
    );
    expect(age.FormalExpression).toEqual({
      Context: 'SAS 9.4',
      '#text': 'AGE = floor(yrdif(BRTHDT, RFSTDT, "AGE"));',
    });
    expect(age['def:DocumentRef']).toEqual({
      leafID: 'LF.algorithms',
      'def:PDFPageRef': { PageRefs: 'AGE', Type: 'NamedDestination' },
    });
    const referenced = new Set(
      [...groups.values()].flatMap((g) => (g.ItemRef as X[]).map((r) => r.MethodOID)).filter(Boolean),
    );
    for (const oid of ['MT.AGE', 'MT.SEQ', 'MT.STUDYDAY', 'MT.USUBJID', 'MT.RFSTDTC', 'MT.VSSTRESN'])
      expect(referenced).toContain(oid);
  });

  it('writes value-level metadata for VSORRES per VSTESTCD, with where clauses', () => {
    expect(items.get('IT.VS.VSORRES')!['def:ValueListRef']).toEqual({ ValueListOID: 'VL.VS.VSORRES' });
    const vl = valueLists.get('VL.VS.VSORRES')!;
    expect(vl.ItemRef).toEqual([
      {
        ItemOID: 'IT.VS.VSORRES.SYSBP',
        OrderNumber: '1',
        Mandatory: 'Yes',
        'def:WhereClauseRef': { WhereClauseOID: 'WC.VS.VSTESTCD.SYSBP' },
      },
      {
        ItemOID: 'IT.VS.VSORRES.DIABP',
        OrderNumber: '2',
        Mandatory: 'Yes',
        'def:WhereClauseRef': { WhereClauseOID: 'WC.VS.VSTESTCD.DIABP' },
      },
    ]);
    expect(whereClauses.get('WC.VS.VSTESTCD.SYSBP')!.RangeCheck).toEqual([
      { Comparator: 'EQ', SoftHard: 'Soft', 'def:ItemOID': 'IT.VS.VSTESTCD', CheckValue: ['SYSBP'] },
    ]);
    expect(items.get('IT.VS.VSORRES.SYSBP')).toMatchObject({
      Name: 'VSORRES',
      DataType: 'integer',
      Length: '3',
    });
    expect(text(items.get('IT.VS.VSORRES.SYSBP')!.Description)).toBe('Systolic Blood Pressure');
    // SUPPAE.QVAL per QNAM, derived with its method.
    expect(valueLists.get('VL.SUPPAE.QVAL')!.ItemRef).toEqual([
      {
        ItemOID: 'IT.SUPPAE.QVAL.AETRTEM',
        OrderNumber: '1',
        Mandatory: 'Yes',
        MethodOID: 'MT.AETRTEM',
        'def:WhereClauseRef': { WhereClauseOID: 'WC.SUPPAE.QNAM.AETRTEM' },
      },
    ]);
  });

  it('shares a where clause between value lists and supports IN and other datasets', () => {
    const vs = structuredClone(datasets[2]!);
    const orresu = vs.variables.find((v) => v.name === 'VSORRESU')!;
    const sysbp = { variable: 'VSTESTCD', comparator: 'EQ' as const, values: ['SYSBP'] };
    orresu.valueLevel = [
      {
        where: [sysbp],
        dataType: 'text',
        length: 4,
        mandatory: true,
        origin: collected,
        codeListOid: 'CL.VSRESU',
      },
      {
        where: [
          { variable: 'VSTESTCD', comparator: 'IN', values: ['DIABP'] },
          { dataset: 'DM', variable: 'COUNTRY', comparator: 'IN', values: ['USA', 'CAN'] },
        ],
        dataType: 'text',
        length: 4,
        mandatory: false,
        origin: collected,
      },
    ];
    const out = buildDefineXml({ ...study, datasets: [datasets[0]!, vs] });
    const p = parse(out);
    expect(p.valueLists.get('VL.VS.VSORRESU')!.ItemRef[0]['def:WhereClauseRef'].WhereClauseOID).toBe(
      'WC.VS.VSTESTCD.SYSBP',
    );
    expect(p.whereClauses.size).toBe(3);
    expect(p.whereClauses.get('WC.VS.VSTESTCD.IN.DIABP.[DM].COUNTRY.IN.USA.CAN')!.RangeCheck[1]).toEqual({
      Comparator: 'IN',
      SoftHard: 'Soft',
      'def:ItemOID': 'IT.DM.COUNTRY',
      CheckValue: ['USA', 'CAN'],
    });
    if (!skipXmllint) expectSchemaValid(out, 'define-shared-where');
  });
});

describe('buildDefineXml refusals', () => {
  const withVariable = (name: string, change: Partial<DefineVariable>): DefineMetadata => {
    const copy = structuredClone(study);
    const dm = copy.datasets[0]!;
    dm.variables = dm.variables.map((v) => (v.name === name ? { ...v, ...change } : v));
    return copy;
  };
  it.each([
    [
      'a code list that is not defined',
      withVariable('SEX', { codeListOid: 'CL.NOPE' }),
      /DM\.SEX refers to the code list "CL\.NOPE"/,
    ],
    [
      'a Derived origin without a method',
      withVariable('AGE', { methodOid: undefined }),
      /DM\.AGE is Derived but names no method/,
    ],
    ['a Length on a date', withVariable('BRTHDTC', { length: 10 }), /DataType partialDate takes no Length/],
    [
      'a text variable without a Length',
      withVariable('SEX', { length: undefined }),
      /DataType text needs a Length/,
    ],
    [
      'a Predecessor without its source',
      withVariable('SUBJID', { origin: { type: 'Predecessor' } }),
      /Predecessor origin without its description/,
    ],
    [
      'a variable name that is not a SAS name',
      withVariable('SEX', { name: 'SEX_OF_SUBJECT' }),
      /not a SAS name/,
    ],
    [
      'a character XML cannot carry',
      withVariable('SEX', { label: 'Sex\u0001' }),
      /character XML 1\.0 cannot carry/,
    ],
    [
      'a key that is not a variable',
      { ...study, datasets: [{ ...datasets[0]!, keys: ['STUDYID', 'SUBJECT'] }] },
      /key variable SUBJECT is not among its variables/,
    ],
    [
      'a where clause on an unknown variable',
      {
        ...study,
        datasets: [datasets[2]!].map((d) => ({
          ...d,
          variables: d.variables.map((v) =>
            v.name === 'VSORRES'
              ? {
                  ...v,
                  valueLevel: [
                    {
                      ...v.valueLevel![0]!,
                      where: [{ variable: 'VSTESTX', comparator: 'EQ' as const, values: ['SYSBP'] }],
                    },
                  ],
                }
              : v,
          ),
        })),
      },
      /VS\.VSTESTX, which is not a variable/,
    ],
    [
      'terms with and without decodes',
      {
        ...study,
        codeLists: [
          ...codeLists.slice(1),
          { ...codeLists[0]!, terms: [{ codedValue: 'F', decode: 'Female' }, { codedValue: 'M' }] },
        ],
      },
      /either every term has a decode or none has/,
    ],
    [
      'a document reference to no document',
      { ...study, documents: study.documents!.filter((d) => d.id !== 'LF.acrf') },
      /refers to the document "LF\.acrf"/,
    ],
  ])('refuses %s', (_what, meta, message) => {
    expect(() => buildDefineXml(meta)).toThrow(DefineXmlError);
    expect(() => buildDefineXml(meta)).toThrow(message);
  });
});

describe('defineMetadataFromCatalogue', () => {
  // The SDTMIG 3.4 rows of the checked-in catalogue migration 0019 loads, as loadCatalogue returns them.
  const json = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '../../../packages/db/src/reference/cdisc-catalogue.json'),
      'utf8',
    ),
  ) as {
    datasets: (string | null)[][];
    variables: (string | number | null)[][];
  };
  const catalogue: Catalogue = {
    datasets: json.datasets
      .filter((d) => d[0] === 'SDTMIG')
      .map(([, code, name, cls, structure]) => ({
        code: code!,
        name: name!,
        class: cls ?? null,
        structure: structure ?? null,
      })),
    variables: json.variables
      .filter((v) => v[0] === 'SDTMIG')
      .map((v) => ({
        dataset: String(v[1]),
        name: String(v[3]),
        label: String(v[4]),
        simpleType: v[6] as 'Char' | 'Num',
        role: (v[7] as string | null) || null,
        core: (v[8] as string | null) || null,
        codelistCode: (v[9] as string | null) || null,
        codelistName: (v[10] as string | null) || null,
      })),
  };
  const { datasets: _d, codeLists: _c, ...base } = study;
  const origins = (spec: XptDatasetSpec, origin = collected) =>
    Object.fromEntries(spec.variables.map((v) => [v.name, { origin }]));
  const input: CatalogueDefineInput = {
    base: { ...base, codeLists: [] },
    datasets: [
      {
        xpt: XPT.DM!,
        keys: ['STUDYID', 'USUBJID'],
        repeating: false,
        variables: {
          ...origins(XPT.DM!),
          AGE: { origin: derived, methodOid: 'MT.AGE', length: 2, dataType: 'integer' },
          BRTHDTC: { origin: collected, dataType: 'partialDate' },
        },
      },
      {
        xpt: XPT.SUPPAE!,
        keys: ['STUDYID', 'RDOMAIN', 'USUBJID', 'IDVAR', 'IDVARVAL', 'QNAM'],
        variables: origins(XPT.SUPPAE!, assigned),
      },
    ],
    codeListTerms: { C66731: codeLists[0]!.terms! },
  };

  it('fills class, structure, roles, core and C-coded code lists from the catalogue', () => {
    const { metadata, notes } = defineMetadataFromCatalogue(catalogue, input);
    const [dm, suppae] = metadata.datasets;
    expect(dm).toMatchObject({
      name: 'DM',
      label: 'Demographics',
      class: 'SPECIAL PURPOSE',
      structure: 'One record per subject',
      href: 'dm.xpt',
    });
    expect(suppae).toMatchObject({ class: 'RELATIONSHIP', domainDescription: 'Adverse Events' });
    const sex = dm!.variables.find((v) => v.name === 'SEX')!;
    expect(sex).toMatchObject({
      dataType: 'text',
      length: 1,
      mandatory: true,
      role: 'Record Qualifier',
      codeListOid: 'CL.C66731',
    });
    expect(metadata.codeLists).toEqual([
      { oid: 'CL.C66731', name: 'SEX', dataType: 'text', nciCode: 'C66731', terms: codeLists[0]!.terms },
    ]);
    expect(dm!.variables.find((v) => v.name === 'RFSTDTC')).toMatchObject({
      dataType: 'datetime',
      length: undefined,
    });
    expect(dm!.variables.find((v) => v.name === 'AGE')).toMatchObject({
      dataType: 'integer',
      length: 2,
      mandatory: false,
    });
    expect(notes).toContain('DM.AGEU: code list C66781 (AGEU) left out, no terms given');
    const xml = buildDefineXml(metadata);
    expect(parse(xml).codeLists.get('CL.C66731')!.Alias).toEqual([
      { Context: 'nci:ExtCodeID', Name: 'C66731' },
    ]);
    if (!skipXmllint) expectSchemaValid(xml, 'define-from-catalogue');
  });

  it('asks for the origins it cannot know', () => {
    const missing = {
      ...input,
      datasets: [{ ...input.datasets[0]!, variables: { SEX: { origin: collected } } }],
    };
    expect(() => defineMetadataFromCatalogue(catalogue, missing)).toThrow(
      /no origin given for STUDYID, DOMAIN/,
    );
  });
});
