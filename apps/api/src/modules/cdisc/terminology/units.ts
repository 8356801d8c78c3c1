// Unit standardisation for findings: --ORRESU as the CT UNIT submission value (mm Hg -> mmHg, bpm ->
// beats/min), and --STRESN/--STRESU in the test's standard unit where the conversion is a matter of units
// alone (lb -> kg, in -> cm, F -> C, kPa -> mmHg, % -> fraction of 1). Conversions that depend on the
// analyte (glucose mg/dL -> mmol/L needs its molar mass) are not guessed: the result stays in the
// collected unit and the run says so.
import { findTerm, standardUnitOf } from './ct.ts';

/** CT code list UNIT (C71620), and the vital signs units subset VSRESU (C66770). */
export const UNIT_CODELIST = 'C71620';
const UNIT_LISTS = ['C71620', 'C66770'];

/** Spellings seen on CRFs that the CT sources do not list as synonyms. */
const SPELLINGS: Record<string, string> = {
  'mm hg': 'mmHg', mmhg: 'mmHg', bpm: 'beats/min', 'beats per minute': 'beats/min', 'breaths per minute': 'breaths/min',
  '°c': 'C', degc: 'C', celsius: 'C', '°f': 'F', degf: 'F', fahrenheit: 'F', kgs: 'kg', kilogram: 'kg', kilograms: 'kg',
  lbs: 'LB', lb: 'LB', pound: 'LB', pounds: 'LB', inch: 'in', inches: 'in', centimeter: 'cm', centimetre: 'cm',
  'kg/m^2': 'kg/m2', 'kg/m²': 'kg/m2', percent: '%',
};

/** The CT submission value of a collected unit; the unit as collected when it is not recognised. */
export function standardUnitName(unit: string): { value: string; known: boolean } {
  const raw = unit.trim();
  if (!raw) return { value: '', known: true };
  const spelled = SPELLINGS[raw.toLowerCase()] ?? raw;
  for (const list of UNIT_LISTS) {
    const hit = findTerm(list, spelled);
    if (hit) return { value: hit.term.value, known: true };
  }
  return { value: spelled, known: spelled !== raw };
}

/** Factor (and offset) to the target unit: target = value × factor + offset. Keys: "from>to". */
const CONVERSIONS: Record<string, [number, number]> = {
  'LB>kg': [0.45359237, 0], 'g>kg': [0.001, 0], 'oz>kg': [0.028349523125, 0],
  'in>cm': [2.54, 0], 'm>cm': [100, 0], 'mm>cm': [0.1, 0], 'ft>cm': [30.48, 0],
  'F>C': [5 / 9, -160 / 9], 'K>C': [1, -273.15],
  'kPa>mmHg': [7.500615758, 0], 'cmHg>mmHg': [10, 0],
  '%>fraction of 1': [0.01, 0], 'fraction of 1>%': [100, 0],
};

/** Metric standard units where the biomedical concepts name none (the product's choice, stated in the README). */
const FALLBACK_STANDARD: Record<string, string> = { 'VS.HEIGHT': 'cm', 'VS.WEIGHT': 'kg', 'VS.TEMP': 'C', 'VS.BMI': 'kg/m2' };

export interface StandardResult {
  stresn: number | null;
  stresc: string;
  stresu: string;
  /** Why the result stayed in the collected unit, when it did (no clinical values). */
  unconverted?: string;
}

/** --STRESC/--STRESN/--STRESU of a result: converted to the test's standard unit when that is possible. */
export function standardResult(domain: string, testCode: string, text: string, num: number | null, unit: string): StandardResult {
  const target = standardUnitOf(domain, testCode) ?? FALLBACK_STANDARD[`${domain}.${testCode}`];
  const same: StandardResult = { stresn: num, stresc: text, stresu: unit };
  if (!target || !unit || unit === target) return same;
  const conversion = CONVERSIONS[`${unit}>${target}`];
  if (!conversion) return { ...same, unconverted: `${domain}.${testCode}: no conversion from ${unit} to ${target}` };
  if (num === null) return same;
  const value = round(num * conversion[0] + conversion[1], decimals(text) + 2);
  return { stresn: value, stresc: String(value), stresu: target };
}

const decimals = (text: string) => (text.includes('.') ? text.split('.')[1]!.length : 0);
const round = (x: number, digits: number) => Number(x.toFixed(Math.min(digits, 6)));
