// Form definition interchange: CDISC ODM 1.3.2 and a REDCap-style CSV data dictionary, both ways.
// The exported ODM is validated against the official XSD with xmllint (apt-get install -y
// libxml2-utils); SKIP_XMLLINT=1 skips those tests. Fixtures live in test/fixtures/odm-1.3.2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { formDefinition, type FormDefinitionInput } from '@ctp/contracts';
import { formsToOdm, odmToForms, OdmImportError, type InterchangeForm, type InterchangeStudy } from '../src/modules/forms/interchange/odm.ts';
import { dictionaryCsvToForms, DictionaryImportError, formsToDictionaryCsv } from '../src/modules/forms/interchange/dictionary-csv.ts';
import { logicToRedcap, redcapToLogic } from '../src/modules/forms/interchange/redcap-logic.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'odm-1.3.2');
const XSD = join(FIXTURES, 'schema', 'ODM1-3-2.xsd');
const ODMLIB_EXAMPLE = readFileSync(join(FIXTURES, 'examples', 'odmlib-cdash-metadata.xml'), 'utf8');

// --- xmllint ---------------------------------------------------------------------------------------
const skipXmllint = process.env.SKIP_XMLLINT === '1';
if (skipXmllint) console.warn('SKIP_XMLLINT=1: the ODM XSD validation tests (xmllint) are skipped.');
const itXsd = skipXmllint ? it.skip : it;
const tempDir = mkdtempSync(join(tmpdir(), 'ctp-odm-'));
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

/** Validates the XML against the ODM 1.3.2 XSD; fails (not skips) when xmllint is missing. */
function expectSchemaValid(xml: string, name: string) {
  const version = spawnSync('xmllint', ['--version']);
  if (version.error || version.status !== 0) {
    throw new Error('xmllint is not installed: install libxml2-utils (apt-get install -y libxml2-utils), or set SKIP_XMLLINT=1 to skip the XSD validation tests.');
  }
  const file = join(tempDir, `${name}.xml`);
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], { encoding: 'utf8' });
  expect(result.stderr).toContain('validates');
  expect(result.status).toBe(0);
}

// --- A rich study ------------------------------------------------------------------------------------
function form(name: string, oid: string, definition: FormDefinitionInput, extra: Partial<InterchangeForm> = {}): InterchangeForm {
  return { name, oid, ...extra, definition: formDefinition.parse(definition) };
}

const vitals = form(
  'Vital signs & "body" <measures>',
  'F.VS',
  {
    fields: [
      { code: 'VSDAT', type: 'date', label: 'Date of measurement', required: true, cdashVariable: 'VSDAT', sdtmTarget: 'VS.VSDTC' },
      { code: 'VSTIM', type: 'time', label: 'Time', helpText: 'HH:MM, 24-hour' },
      { code: 'BIRTHYR', type: 'integer', label: 'Birth year', range: { min: 1900, max: 2025, severity: 'hard' } },
      {
        code: 'SYSBP',
        type: 'integer',
        label: 'Systolic blood pressure',
        unit: 'mmHg',
        range: { min: 60, max: 250, severity: 'hard', message: 'Systolic must be 60–250 mmHg' },
        sdtmTarget: 'VS.VSORRES where VSTESTCD = SYSBP',
        cdashVariable: 'VSORRES',
      },
      { code: 'WEIGHT', type: 'decimal', label: "Subject's weight", unit: 'kg', decimals: 1, range: { min: 20, max: 300 } },
      { code: 'HEIGHT', type: 'decimal', label: 'Height', unit: 'm', decimals: 2, range: { max: 2.5, severity: 'soft', message: 'Check the height' } },
      { code: 'TEMP', type: 'decimal', label: 'Temperature', unit: '°C', decimals: 0, range: { min: -5 } },
      { code: 'BMI', type: 'calculated', label: 'BMI', formula: { '/': [{ var: 'WEIGHT' }, { '*': [{ var: 'HEIGHT' }, { var: 'HEIGHT' }] }] }, decimals: 1, unit: 'kg/m2' },
      { code: 'AGEY', type: 'calculated', label: 'Age in years', formula: { '-': [2025, { var: 'BIRTHYR' }] }, decimals: 0 },
      { code: 'SEX', type: 'singleChoice', label: 'Sex', required: true, codeList: [{ code: '1', label: 'Male' }, { code: '2', label: 'Female' }] },
      { code: 'PREG', type: 'yesNo', label: 'Pregnant?', showIf: { and: [{ '==': [{ var: 'SEX' }, '2'] }, { '<': [{ var: 'AGEY' }, 60] }] } },
      {
        code: 'SYMPT',
        type: 'multipleChoice',
        label: 'Symptoms',
        codeList: [
          { code: 'HEADACHE', label: 'Headache' },
          { code: 'a,b', label: 'Code with a comma | and a pipe' },
        ],
      },
      { code: 'NOTES', type: 'longText', label: 'Notes', maxLength: 2000, helpText: 'Line one\nLine two\twith a tab & "quotes" <tag> \'apostrophe\'' },
      { code: 'ONSET', type: 'partialDate', label: 'Onset (YYYY, YYYY-MM or YYYY-MM-DD)' },
      {
        code: 'AELOG',
        type: 'repeatingGroup',
        label: 'Adverse events',
        helpText: 'One row per event',
        required: true,
        minRows: 1,
        maxRows: 20,
        showIf: { '!=': [{ var: 'VSDAT' }, null] },
        sdtmTarget: 'AE',
        fields: [
          { code: 'AETERM', type: 'text', label: 'Term', maxLength: 200, required: true, cdashVariable: 'AETERM', sdtmTarget: 'AE.AETERM' },
          { code: 'AESTDAT', type: 'partialDate', label: 'Start' },
          { code: 'AEENDAT', type: 'partialDate', label: 'End' },
          { code: 'AESEV', type: 'singleChoice', label: 'Severity', codeList: [{ code: 'MILD', label: 'Mild' }, { code: 'MODERATE', label: 'Moderate' }, { code: 'SEVERE', label: 'Severe' }] },
          { code: 'AESER', type: 'yesNo', label: 'Serious' },
          { code: 'AEDOSE', type: 'decimal', label: 'Dose', decimals: 3, unit: 'mg' },
        ],
      },
      // After the group: the order must survive; a leading '=' meets the CSV formula guard.
      { code: 'COMMENT', type: 'text', label: '=Comment after the group' },
    ],
    checks: [
      { id: 'preg-if-female', kind: 'requiredIf', field: 'PREG', when: { '==': [{ var: 'SEX' }, '2'] }, message: 'Answer for female subjects', severity: 'error' },
      { id: 'bp-range', kind: 'range', field: 'SYSBP', min: 80, max: 200, message: 'Unusual systolic pressure' },
      { id: 'ae-dates', kind: 'compare', left: 'AEENDAT', operator: '>=', right: 'AESTDAT', message: 'The end precedes the start', group: 'AELOG' },
      { id: 'bmi-plausible', kind: 'expression', expression: { '<': [{ var: 'BMI' }, 60] }, message: 'BMI looks implausible', severity: 'warning' },
    ],
  },
  { category: 'Visit', description: 'Vital signs taken at each visit.\nSeated, after 5 minutes.', version: 3 },
);
const consent = form('Informed consent', 'F.IC', { fields: [{ code: 'ICDAT', type: 'date', label: 'Consent date', required: true }] }, { category: 'Baseline' });

const study: InterchangeStudy = {
  studyOid: 'ST.CTP-001',
  studyName: 'CTP-001 & friends',
  forms: [vitals, consent],
  visits: [
    { oid: 'SE.SCREEN', name: 'Screening', order: 1, formOids: ['F.IC', 'F.VS'] },
    { oid: 'SE.WEEK4', name: 'Week 4', order: 2, formOids: ['F.VS'] },
  ],
};

// --- ODM -------------------------------------------------------------------------------------------------
describe('formsToOdm / odmToForms', () => {
  const xml = formsToOdm(study, { fileOid: 'ODM.TEST', creationDateTime: '2025-01-02T03:04:05Z' });

  it('round-trips a study with every field type, a repeating group, units, ranges, skip logic and checks', () => {
    expect(odmToForms(xml)).toStrictEqual(study);
  });

  it('writes ODM 1.3.2 metadata with the native elements where ODM has them', () => {
    expect(xml).toMatch(/<ODM xmlns="http:\/\/www\.cdisc\.org\/ns\/odm\/v1\.3" FileType="Snapshot" Granularity="Metadata" FileOID="ODM\.TEST"/);
    expect(xml).toContain('ODMVersion="1.3.2"');
    expect(xml).toContain('<ItemDef OID="IT.VS.WEIGHT" Name="WEIGHT" DataType="float" SignificantDigits="1">');
    expect(xml).toContain('<ItemDef OID="IT.VS.BMI" Name="BMI" DataType="float" SignificantDigits="1" Origin="Derived">');
    expect(xml).toContain('<RangeCheck Comparator="GE" SoftHard="Hard">');
    expect(xml).toContain('<MeasurementUnitRef MeasurementUnitOID="MU.mmHg"/>');
    expect(xml).toContain('<Alias Context="SDTM" Name="VS.VSORRES where VSTESTCD = SYSBP"/>');
    expect(xml).toContain('<CodeListRef CodeListOID="CL.NY"/>');
    expect(xml).toContain('<ItemGroupDef OID="IG.VS.AELOG" Name="Adverse events" Repeating="Yes">');
    expect(xml).toContain('Context="ctp:checks"');
    // Markup and line breaks are escaped, never concatenated raw.
    expect(xml).toContain('Name="Vital signs &amp; &quot;body&quot; &lt;measures&gt;"');
    expect(xml).toContain('Line one&#10;Line two&#9;with a tab &amp; &quot;quotes&quot; &lt;tag&gt; &apos;apostrophe&apos;');
  });

  itXsd('writes a file the ODM 1.3.2 XSD accepts (xmllint)', () => {
    expectSchemaValid(xml, 'rich-study');
  });

  it('derives form OIDs from names when none is given, unique within the study', () => {
    const nameless = { ...study, visits: [], forms: [{ ...consent, oid: undefined }, { ...consent, oid: undefined }] };
    const back = odmToForms(formsToOdm(nameless));
    expect(back.forms.map((f) => f.oid)).toStrictEqual(['F.INFORMED_CONSENT', 'F.INFORMED_CONSENT_2']);
    expect(back.forms[0]?.definition).toStrictEqual(consent.definition);
    const clash = { ...study, visits: [], forms: [{ ...consent, name: 'VS', oid: undefined }, vitals] };
    expect(odmToForms(formsToOdm(clash)).forms.map((f) => f.oid)).toStrictEqual(['F.VS_2', 'F.VS']);
  });

  it('imports the odmlib CDASH example (DM, VS, AE) with labels, types, code lists and CDASH/SDTM aliases', () => {
    const imported = odmToForms(ODMLIB_EXAMPLE);
    expect(imported.studyOid).toBe('trace-xml-safety01');
    expect(imported.studyName).toBe('Test Study 003');
    expect(imported.visits).toStrictEqual([{ oid: 'BASELINE', name: 'Baseline Visit', order: 1, formOids: ['ODM.F.DM', 'ODM.F.VS', 'ODM.F.AE'] }]);
    const summary = imported.forms.map((f) => [f.name, f.definition.fields.length, f.definition.fields.map((x) => (x.type === 'repeatingGroup' ? x.fields.length : 0))]);
    expect(summary).toStrictEqual([
      ['Demographics', 11, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
      ['Vital Signs', 6, [0, 0, 0, 0, 0, 18]],
      ['Adverse Event', 2, [0, 8]],
      ['Not Displayed', 5, [0, 0, 0, 0, 0]],
    ]);
    const [dm, vs, ae] = imported.forms;
    const dmFields = dm!.definition.fields;
    expect(dmFields.map((f) => f.code)).toStrictEqual(['STUDYID', 'SITEID', 'SUBJID', 'VISITDAT', 'BRTHYR', 'BRTHMO', 'BRTHDY', 'SEX', 'ETHNIC', 'RACE', 'RACEOTH']);
    expect(dmFields[0]).toMatchObject({ type: 'text', label: 'Protocol/Study', maxLength: 20, required: true, cdashVariable: 'STUDYID', sdtmTarget: 'STUDYID' });
    expect(dmFields[4]).toMatchObject({ code: 'BRTHYR', type: 'integer', label: 'Birth Year', sdtmTarget: 'BRTHDTC' });
    // The example refers to CL.SEX but defines ODM.CL.SEX: the unique suffix match resolves it.
    expect(dmFields[7]).toMatchObject({ code: 'SEX', type: 'singleChoice', codeList: [{ code: 'F' }, { code: 'M' }] });
    // A coded value keeps its whole submission value (up to 200 characters), as the label does.
    const race = dmFields[9];
    expect(race?.type === 'singleChoice' && race.codeList.find((c) => c.label === 'NATIVE HAWAIIAN OR OTHER PACIFIC ISLANDER')?.code).toBe('NATIVE HAWAIIAN OR OTHER PACIFIC ISLANDER');
    const vsGroup = vs!.definition.fields[5];
    expect(vsGroup).toMatchObject({ code: 'VS', type: 'repeatingGroup', label: 'Vital Sign Measurement', required: true });
    expect(vsGroup?.type === 'repeatingGroup' && vsGroup.fields.slice(0, 3)).toMatchObject([
      { code: 'VSDAT', type: 'partialDate', label: 'Date' },
      { code: 'HEIGHT_VSORRES', type: 'decimal', label: 'Height', sdtmTarget: 'VSORRES+VSORRESU' },
      { code: 'VS_HEIGHT_VSORRESU', type: 'singleChoice', label: 'Height Units' },
    ]);
    const [aeyn, aeGroup] = ae!.definition.fields;
    expect(aeyn).toMatchObject({ code: 'AEYN', type: 'singleChoice', codeList: [{ code: 'N' }, { code: 'Y' }] });
    // partialDatetime has no counterpart: text keeps the whole value.
    expect(aeGroup?.type === 'repeatingGroup' && aeGroup.fields.find((f) => f.code === 'AESTDTC')).toMatchObject({ type: 'text', cdashVariable: 'AESTDTC', sdtmTarget: 'AESTDTC' });
    expect(imported.forms[3]?.definition.fields.every((f) => f.type === 'yesNo')).toBe(true);
  });

  itXsd('re-exports the imported odmlib example as valid ODM that imports the same again', () => {
    const imported = odmToForms(ODMLIB_EXAMPLE);
    const again = formsToOdm(imported);
    expectSchemaValid(again, 'odmlib-again');
    expect(odmToForms(again)).toStrictEqual(imported);
  });

  it('reads units, range checks, enumerated items and odd names from other tools', () => {
    const foreign = `<?xml version="1.0" encoding="UTF-8"?>
<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" FileType="Snapshot" FileOID="X" CreationDateTime="2020-01-01T00:00:00">
  <Study OID="S"><GlobalVariables><StudyName>S</StudyName><StudyDescription>d</StudyDescription><ProtocolName>p</ProtocolName></GlobalVariables>
    <BasicDefinitions><MeasurementUnit OID="MU.1" Name="millimetre of mercury"><Symbol><TranslatedText xml:lang="fr">mm de Hg</TranslatedText><TranslatedText xml:lang="en">mmHg</TranslatedText></Symbol></MeasurementUnit></BasicDefinitions>
    <MetaDataVersion OID="M" Name="M">
      <FormDef OID="F1" Name="Vitals" Repeating="No"><ItemGroupRef ItemGroupOID="G1" Mandatory="Yes"/></FormDef>
      <ItemGroupDef OID="G1" Name="G" Repeating="No">
        <ItemRef ItemOID="IT.VS.SYSBP" Mandatory="Yes" OrderNumber="2"/>
        <ItemRef ItemOID="IT.VS.WHEN" Mandatory="No" OrderNumber="1"/>
        <ItemRef ItemOID="IT.OTHER.SYSBP" Mandatory="No" OrderNumber="3"/>
        <ItemRef ItemOID="IT.COLOUR" Mandatory="No" OrderNumber="4"/>
      </ItemGroupDef>
      <ItemDef OID="IT.VS.SYSBP" Name="Systolic BP (mmHg)" DataType="double">
        <Question><TranslatedText>Systolic &amp;#65; &#x41;</TranslatedText></Question>
        <MeasurementUnitRef MeasurementUnitOID="MU.1"/>
        <RangeCheck Comparator="GT" SoftHard="Soft"><CheckValue>50</CheckValue><ErrorMessage><TranslatedText>Too low</TranslatedText></ErrorMessage></RangeCheck>
        <RangeCheck Comparator="LE" SoftHard="Hard"><CheckValue>300</CheckValue></RangeCheck>
        <RangeCheck Comparator="IN" SoftHard="Soft"><CheckValue>1</CheckValue><CheckValue>2</CheckValue></RangeCheck>
      </ItemDef>
      <ItemDef OID="IT.VS.WHEN" Name="When" DataType="datetime"/>
      <ItemDef OID="IT.OTHER.SYSBP" Name="Systolic BP (mmHg)" DataType="URI"/>
      <ItemDef OID="IT.COLOUR" Name="COLOUR" DataType="integer"><CodeListRef CodeListOID="CL.C"/></ItemDef>
      <CodeList OID="CL.C" Name="C" DataType="integer"><EnumeratedItem CodedValue="1"/><EnumeratedItem CodedValue="2"/></CodeList>
    </MetaDataVersion>
  </Study>
</ODM>`;
    const [vitalsForm] = odmToForms(foreign).forms;
    expect(vitalsForm?.definition.fields).toStrictEqual([
      { code: 'VS_WHEN', type: 'text', label: 'When', required: false },
      { code: 'VS_SYSBP', type: 'decimal', label: 'Systolic &#65; A', required: true, unit: 'mmHg', decimals: 1, range: { min: 50, max: 300, severity: 'hard', message: 'Too low' } },
      { code: 'OTHER_SYSBP', type: 'text', label: 'Systolic BP (mmHg)', required: false },
      { code: 'COLOUR', type: 'singleChoice', label: 'COLOUR', required: false, codeList: [{ code: '1', label: '1' }, { code: '2', label: '2' }] },
    ]);
  });

  it('refuses a DOCTYPE (external entities, entity expansion) without echoing the file', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE ODM [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ODM>&xxe;</ODM>';
    expect(() => odmToForms(xxe)).toThrow(OdmImportError);
    expect(() => odmToForms(xxe)).toThrow(/DOCTYPE/);
    expect(() => odmToForms(xxe)).not.toThrow(/passwd|xxe/);
  });

  it('names the line of malformed XML, and says when there is no MetaDataVersion', () => {
    expect(() => odmToForms('<ODM>\n<Study secret="x">\n</ODM>')).toThrow(/^The file is not well-formed XML \(line 3\)\.$/);
    expect(() => odmToForms('not xml at all')).toThrow(OdmImportError);
    expect(() => odmToForms('<Other/>')).toThrow(/root element is not ODM/);
    const noMdv = '<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3"><Study OID="S"><GlobalVariables><StudyName>S</StudyName></GlobalVariables></Study></ODM>';
    expect(() => odmToForms(noMdv)).toThrow(/no MetaDataVersion/);
  });

  it('turns schema failures into an OdmImportError naming the form and item by OID', () => {
    const badChecks = xml.replace(/Context="ctp:checks" Name="[^"]*"/, `Context="ctp:checks" Name="${'[{"id":"c1","kind":"range","field":"NOPE","message":"m"}]'.replace(/"/g, '&quot;')}"`);
    expect(() => odmToForms(badChecks)).toThrow(/^Form F\.VS cannot be imported: edit check 1 of ctp:checks: Check c1 names an unknown field NOPE\.$/);
    const markup = xml.replace(/Context="ctp:checks" Name="[^"]*"/, 'Context="ctp:checks" Name="[{&quot;id&quot;:&quot;c1&quot;,&quot;kind&quot;:&quot;range&quot;,&quot;field&quot;:&quot;&lt;b&gt;x&quot;,&quot;message&quot;:&quot;m&quot;}]"');
    expect(() => odmToForms(markup)).toThrow(/^Form F\.VS cannot be imported: edit check 1 of ctp:checks: Start with a letter; use letters, digits and _ only; edit check 1 of ctp:checks: the definition names a duplicate or unknown code\.$/);
    const badFormula = xml.replace(/Context="ctp:formula" Name="[^"]*"/, 'Context="ctp:formula" Name="{not json"');
    expect(() => odmToForms(badFormula)).toThrow(/^The ctp:formula alias of IT\.VS\.BMI is not valid JSON\.$/);
    const unnamedGroup = xml.replace('<TranslatedText xml:lang="en">One row per event</TranslatedText>', `<TranslatedText xml:lang="en">ok</TranslatedText>`).replace('Name="Adverse events"', 'Name=""');
    expect(odmToForms(unnamedGroup).forms[0]?.definition.fields[14]).toMatchObject({ code: 'AELOG', label: 'AELOG', helpText: 'ok' });
    const missingGroup = xml.replace('ItemGroupOID="IG.IC"', 'ItemGroupOID="IG.MISSING"');
    expect(() => odmToForms(missingGroup)).toThrow(/^Form F\.IC refers to item group IG\.MISSING, which the file does not define\.$/);
  });
});

// --- CSV data dictionary -----------------------------------------------------------------------------------
describe('formsToDictionaryCsv / dictionaryCsvToForms', () => {
  const csv = formsToDictionaryCsv(study.forms);
  const records = parse(csv) as string[][];

  it('round-trips the same forms', () => {
    expect(dictionaryCsvToForms(csv)).toStrictEqual(study.forms);
  });

  it('writes REDCap columns first, one row per field, with REDCap choices and logic', () => {
    expect(records[0]?.slice(0, 13)).toStrictEqual([
      'Variable / Field Name',
      'Form Name',
      'Section Header',
      'Field Type',
      'Field Label',
      'Choices, Calculations, OR Slider Labels',
      'Field Note',
      'Text Validation Type OR Show Slider Number',
      'Text Validation Min',
      'Text Validation Max',
      'Identifier?',
      'Branching Logic (Show field only if...)',
      'Required Field?',
    ]);
    expect(records).toHaveLength(1 + 16 + 6 + 1);
    const row = (code: string) => records.find((r) => r[0] === code) ?? [];
    expect(row('SEX').slice(0, 6)).toStrictEqual(['SEX', vitals.name, '', 'radio', 'Sex', '1, Male | 2, Female']);
    expect(row('SYSBP').slice(7, 10)).toStrictEqual(['integer', '60', '250']);
    expect(row('PREG')[11]).toBe("([SEX] = '2') and ([AGEY] < 60)");
    expect(row('BMI')[5]).toBe('[WEIGHT] / ([HEIGHT] * [HEIGHT])');
    expect(row('SYMPT')[5]).toBe('[{"code":"HEADACHE","label":"Headache"},{"code":"a,b","label":"Code with a comma | and a pipe"}]');
    expect(row('AELOG')[3]).toBe('descriptive');
    expect(row('COMMENT')[4]).toBe("'=Comment after the group");
  });

  it('imports a REDCap data dictionary, converting its branching logic and calculations', () => {
    const redcap = [
      '"Variable / Field Name","Form Name","Section Header","Field Type","Field Label","Choices, Calculations, OR Slider Labels","Field Note","Text Validation Type OR Show Slider Number","Text Validation Min","Text Validation Max","Identifier?","Branching Logic (Show field only if...)","Required Field?","Custom Alignment","Question Number (surveys only)","Matrix Group Name","Matrix Ranking?","Field Annotation"',
      'record_id,demographics,,text,"Record ID",,,,,,,,,,,,,',
      'intro,demographics,"Section A",descriptive,"Please complete",,,,,,,,,,,,,',
      'sex,demographics,,radio,Sex,"1, Male | 2, Female",,,,,y,,y,,,,,',
      'age,demographics,,text,Age,,years,integer,18,100,,,y,,,,,',
      'pregnant,demographics,,yesno,"Pregnant?",,,,,,,"[sex] = \'2\' and [age] >= 18",,,,,,',
      'weight,demographics,,text,Weight (kg),,,number_1dp,20,300,,,,,,,,',
      'height,demographics,,text,Height (m),,,number_2dp,,,,,,,,,,',
      'bmi,demographics,,calc,BMI,"[weight] / ([height] * [height])",,,,,,,,,,,,',
      'symptoms,symptoms,,checkbox,Symptoms,"1, Fever | 2, Cough | 3, Headache",,,,,,,,,,,,',
      'headache_days,symptoms,,text,Days with headache,,,integer,,,,"[symptoms(3)] = \'1\'",,,,,,',
      'visit_date,symptoms,,text,Visit date,,,date_ymd,,,,,,,,,,',
      'comments,symptoms,,notes,Comments,,,,,,,,,,,,,',
    ].join('\n');
    const [demographics, symptoms] = dictionaryCsvToForms(redcap);
    expect(demographics?.name).toBe('demographics');
    expect(demographics?.definition.fields.map((f) => `${f.code}:${f.type}`)).toStrictEqual([
      'record_id:text',
      'sex:singleChoice',
      'age:integer',
      'pregnant:yesNo',
      'weight:decimal',
      'height:decimal',
      'bmi:calculated',
    ]);
    const fields = demographics!.definition.fields;
    expect(fields[2]).toStrictEqual({ code: 'age', type: 'integer', label: 'Age', helpText: 'years', required: true, range: { min: 18, max: 100, severity: 'soft' } });
    expect(fields[3]?.showIf).toStrictEqual({ and: [{ '==': [{ var: 'sex' }, '2'] }, { '>=': [{ var: 'age' }, 18] }] });
    expect(fields[5]).toMatchObject({ decimals: 2 });
    expect(fields[6]).toMatchObject({ formula: { '/': [{ var: 'weight' }, { '*': [{ var: 'height' }, { var: 'height' }] }] } });
    expect(symptoms?.definition.fields.map((f) => f.type)).toStrictEqual(['multipleChoice', 'integer', 'date', 'longText']);
    expect(symptoms?.definition.fields[1]?.showIf).toStrictEqual({ in: ['3', { var: 'symptoms' }] });
  });

  it('names the row of each problem', () => {
    const header = 'Variable / Field Name,Form Name,Field Type,Field Label,Show If (JSON Logic),Group,CTP Field Type';
    const fails = (rows: string[]) => () => dictionaryCsvToForms([header, ...rows].join('\r\n'));
    expect(fails(['a,F,text,A,,,', 'b,F,file,B,,,'])).toThrow(DictionaryImportError);
    expect(fails(['a,F,text,A,,,', 'b,F,file,B,,,'])).toThrow(/^Row 3: Field Type must be one of/);
    expect(fails(['a,F,text,A,,,', '', '1abc,F,text,B,,,'])).toThrow(/^Row 4: 1abc\.code: Start with a letter/);
    expect(fails(['a,F,text,A,,,', 'b,G,text,B,,,', 'a,F,notes,C,,,'])).toThrow(/^Row 4: a is used twice in this form$/);
    expect(fails(['a,F,text,A,{oops,,'])).toThrow(/^Row 2: Show If \(JSON Logic\) is not valid JSON$/);
    expect(fails(['a,F,text,A,,G,'])).toThrow(/^Row 2: Group G has no repeating-group row above this one/);
    expect(fails(['a,F,radio,A,,,', 'b,F,text,B,,,'])).toThrow(/^Row 2: a\.codeList: Add at least one choice/);
    expect(fails(['g,F,descriptive,G,,,repeatingGroup'])).toThrow(/^Row 2: g\.fields: Add at least one field to the group/);
    expect(fails(['a,F,text,"unclosed'])).toThrow(/^Row \d+: the file is not valid CSV/);
    expect(() => dictionaryCsvToForms('Variable / Field Name,Field Type,Field Label\r\na,text,A')).toThrow(/^Row 1: the header has no "Form Name" column$/);
  });
});

describe('REDCap logic <-> JSON-logic', () => {
  it('converts the supported subset both ways', () => {
    const cases: [string, unknown][] = [
      ["[sex] = '2'", { '==': [{ var: 'sex' }, '2'] }],
      ['[age] <> 18', { '!=': [{ var: 'age' }, 18] }],
      ["([a] = '1') or ([b] >= -2.5)", { or: [{ '==': [{ var: 'a' }, '1'] }, { '>=': [{ var: 'b' }, -2.5] }] }],
      ["[race(3)] = '1'", { in: ['3', { var: 'race' }] }],
      ["[race(3)] = '0'", { '!': { in: ['3', { var: 'race' }] } }],
      ['[w] / ([h] * [h])', { '/': [{ var: 'w' }, { '*': [{ var: 'h' }, { var: 'h' }] }] }],
      ['"it\'s"', "it's"],
    ];
    for (const [redcap, logic] of cases) {
      expect(redcapToLogic(redcap)).toStrictEqual(logic);
      expect(logicToRedcap(logic as never)).toBe(redcap);
    }
    expect(redcapToLogic("[a] = '1' AND [b] = '2' and [c] = '3'")).toStrictEqual({ and: ['a', 'b', 'c'].map((v, i) => ({ '==': [{ var: v }, String(i + 1)] })) });
  });

  it('leaves out what REDCap cannot say and refuses what it cannot read', () => {
    expect(logicToRedcap({ '!=': [{ var: 'VSDAT' }, null] })).toBeUndefined();
    expect(logicToRedcap({ if: [true, 1, 2] })).toBeUndefined();
    expect(() => redcapToLogic('datediff([a], [b], "d") > 3')).toThrow(/cannot be read at character 1/);
    expect(() => redcapToLogic('[a] = ')).toThrow(/ends too early/);
    expect(() => redcapToLogic('[race(1)] = 2')).toThrow(/checkbox/);
    expect(() => redcapToLogic('([a] = 1')).toThrow(/closing parenthesis/);
  });
});
