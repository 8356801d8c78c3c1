// Biomedical concepts (NCI C-codes, as the CDISC BC library names them) that a field of the CDASH form
// library collects. An activity whose concepts correspond to a library form takes that form; the export
// writes these codes back as the form's concept references. A concept missing here is listed on the
// draft form instead. A USDM BC surrogate naming a CDASH domain ('CDASHIG <domain>', what our export
// writes for forms whose fields carry no concept code) also points to that domain's library form.
export interface ConceptField {
  code: string;
  name: string;
  domain: string;
  field: string;
}

export const LIBRARY_CONCEPTS: readonly ConceptField[] = [
  { code: 'C69260', name: 'Subject Age', domain: 'DM', field: 'BRTHDAT' },
  { code: 'C28421', name: 'Sex', domain: 'DM', field: 'SEX' },
  { code: 'C17049', name: 'Race', domain: 'DM', field: 'RACE' },
  { code: 'C16564', name: 'Ethnic Group', domain: 'DM', field: 'ETHNIC' },
  { code: 'C25298', name: 'Systolic Blood Pressure', domain: 'VS', field: 'VSSYSBP' },
  { code: 'C25299', name: 'Diastolic Blood Pressure', domain: 'VS', field: 'VSDIABP' },
  { code: 'C49676', name: 'Pulse Rate', domain: 'VS', field: 'VSPULSE' },
  { code: 'C49678', name: 'Respiratory Rate', domain: 'VS', field: 'VSRESP' },
  { code: 'C174446', name: 'Temperature', domain: 'VS', field: 'VSTEMP' },
  { code: 'C25347', name: 'Height', domain: 'VS', field: 'VSHEIGHT' },
  { code: 'C25208', name: 'Weight', domain: 'VS', field: 'VSWEIGHT' },
  { code: 'C16358', name: 'Body Mass Index', domain: 'VS', field: 'VSBMI' },
  { code: 'C64848', name: 'Hemoglobin Concentration in Blood', domain: 'LB', field: 'LBHGB' },
  { code: 'C64796', name: 'Hematocrit', domain: 'LB', field: 'LBHCT' },
  { code: 'C51948', name: 'Leukocyte Count', domain: 'LB', field: 'LBWBC' },
  { code: 'C51951', name: 'Platelet Count', domain: 'LB', field: 'LBPLAT' },
  { code: 'C64433', name: 'Alanine Aminotransferase Concentration in Serum/Plasma', domain: 'LB', field: 'LBALT' },
  { code: 'C64467', name: 'Aspartate Aminotransferase in Serum/Plasma', domain: 'LB', field: 'LBAST' },
  { code: 'C64432', name: 'Alkaline Phosphatase Concentration in Serum/Plasma', domain: 'LB', field: 'LBALP' },
  { code: 'C38037', name: 'Total Bilirubin', domain: 'LB', field: 'LBBILI' },
  { code: 'C64547', name: 'Creatinine Concentration', domain: 'LB', field: 'LBCREAT' },
  { code: 'C64815', name: 'Urea Nitrogen', domain: 'LB', field: 'LBUREAN' },
  { code: 'C105585', name: 'Glucose', domain: 'LB', field: 'LBGLUC' },
  { code: 'C64809', name: 'Sodium Concentration', domain: 'LB', field: 'LBSODIUM' },
  { code: 'C64853', name: 'Potassium Concentration', domain: 'LB', field: 'LBK' },
  { code: 'C179175', name: 'Adverse Event Prespecified', domain: 'AE', field: 'AELOG' },
  { code: 'C41331', name: 'Adverse Event', domain: 'AE', field: 'AELOG' },
];

const byCode = new Map(LIBRARY_CONCEPTS.map((c) => [c.code, c]));

export const conceptField = (code: string | null | undefined) => (code ? byCode.get(code) : undefined);

/** The concepts the export names for a library form's fields (first concept per field). */
export function conceptsOfFields(domain: string, fieldCodes: readonly string[]): ConceptField[] {
  const wanted = new Set(fieldCodes);
  const seen = new Set<string>();
  return LIBRARY_CONCEPTS.filter((c) => c.domain === domain && wanted.has(c.field) && !seen.has(c.field) && seen.add(c.field));
}

const SURROGATE = /^CDASHIG ([A-Z]{2})\b/;
export const surrogateName = (domain: string) => `CDASHIG ${domain}`;
export const surrogateDomain = (name: string | null | undefined) => (name ? SURROGATE.exec(name)?.[1] : undefined);
