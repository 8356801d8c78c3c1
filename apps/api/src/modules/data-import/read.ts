// Reading a file of clinical data into entries: one per subject, visit and (when the file says) form, with
// the values by field code as text. Two layouts: CDISC ODM 1.3.2 ClinicalData (OpenClinica, REDCap, this
// product) and REDCap's flat CSV export (one row per subject and event, columns named by field code;
// checkbox choices as `field___code` columns of 0/1). What cannot be read at all is an ImportFileError.
import { parse } from 'csv-parse/sync';
import { attr, kids, parseOdm, type XNode } from '../forms/interchange/odm-parse.ts';
import { OdmImportError } from '../forms/interchange/odm-model.ts';
import { METADATA_VERSION_OID } from '../forms/interchange/odm-write.ts';

export class ImportFileError extends Error {}

export interface ImportEntry {
  /** Where it came from, for the report: 'line 4' or 'SubjectData 3 / StudyEventData 2'. */
  origin: string;
  subject: string;
  /** A visit code, name, OID or REDCap event name; null when the file names none. */
  visit: string | null;
  /** A form OID or code when the file names one (ODM); null for REDCap rows (found from the fields). */
  form: string | null;
  /** Field code (or ODM ItemOID) to value; a checkbox's codes as an array. */
  values: Record<string, string | string[]>;
  /** ODM ItemGroupData with an ItemGroupRepeatKey: the group's OID to its rows, in repeat-key order. */
  groups: Record<string, Record<string, string>[]>;
  /** ODM FormRepeatKey (this product writes the entry's id there), else null. */
  repeatKey: string | null;
}

export interface ReadFile {
  format: 'odm' | 'redcap-csv';
  /** The study the file says it is for (ODM's StudyOID), if any. */
  studyOid: string | null;
  entries: ImportEntry[];
}

const REDCAP_META = new Set(['redcap_event_name', 'redcap_repeat_instrument', 'redcap_repeat_instance', 'redcap_data_access_group', 'redcap_survey_identifier']);
const CHECKBOX = /^(.+)___(.+)$/;
/** A REDCap instrument's completion column (`demographics_complete`): workflow, not data. */
const COMPLETE = /_complete$/;

export function readImportFile(text: string): ReadFile {
  const body = text.replace(/^\uFEFF/, '');
  return body.trimStart().startsWith('<') ? readOdm(body) : readRedcapCsv(body);
}

function readRedcapCsv(text: string): ReadFile {
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: false, skip_empty_lines: true }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new ImportFileError(`The file is neither ODM XML nor a readable CSV${line ? ` (line ${line})` : ''}.`);
  }
  const [header, ...data] = rows;
  if (!header || header.length < 2) throw new ImportFileError('The CSV needs a header row: the record id column first, then field codes.');
  const names = header.map((h) => h.trim());
  if (new Set(names).size !== names.length) throw new ImportFileError('The CSV header names a column twice.');
  const eventAt = names.indexOf('redcap_event_name');
  const entries: ImportEntry[] = data.map((row, i) => {
    const values: Record<string, string | string[]> = {};
    names.forEach((name, col) => {
      if (col === 0 || REDCAP_META.has(name) || COMPLETE.test(name)) return;
      const cell = (row[col] ?? '').trim();
      const box = CHECKBOX.exec(name);
      if (box) {
        const list = (values[box[1]!] ??= []) as string[];
        if (cell === '1') list.push(box[2]!);
        return;
      }
      if (cell !== '') values[name] = cell;
    });
    // An unticked checkbox group says nothing: left out, like an empty cell.
    for (const [k, v] of Object.entries(values)) if (Array.isArray(v) && v.length === 0) delete values[k];
    return { origin: `line ${i + 2}`, subject: (row[0] ?? '').trim(), visit: eventAt >= 0 ? (row[eventAt] ?? '').trim() || null : null, form: null, values, groups: {}, repeatKey: null };
  });
  return { format: 'redcap-csv', studyOid: null, entries };
}

function readOdm(text: string): ReadFile {
  let root;
  try {
    root = parseOdm(text);
  } catch (err) {
    if (err instanceof OdmImportError) throw new ImportFileError(err.message);
    throw err;
  }
  const clinical = kids(root, 'ClinicalData');
  if (!clinical.length) throw new ImportFileError('The ODM file has no ClinicalData.');
  const studyOids = new Set(clinical.map((c) => attr(c, 'StudyOID') ?? ''));
  if (studyOids.size > 1) throw new ImportFileError('The ODM file holds the data of more than one study.');
  // The data must be of a metadata version someone defines: this product's (its export writes MDV.1) or one
  // the file itself carries (OpenClinica and REDCap export their metadata with the data).
  const defined = new Set([METADATA_VERSION_OID, ...kids(root, 'Study').flatMap((st) => kids(st, 'MetaDataVersion').map((m) => attr(m, 'OID') ?? ''))]);
  for (const c of clinical) {
    const version = attr(c, 'MetaDataVersionOID');
    if (version && !defined.has(version)) {
      throw new ImportFileError(`ClinicalData refers to metadata version ${version.slice(0, 80)}, which neither this product nor the file defines.`);
    }
  }
  const entries: ImportEntry[] = [];
  clinical.forEach((cd) =>
    kids(cd, 'SubjectData').forEach((subject, s) =>
      kids(subject, 'StudyEventData').forEach((event, e) =>
        kids(event, 'FormData').forEach((form, f) => {
          const values: Record<string, string> = {};
          const groups: Record<string, { key: number; row: Record<string, string> }[]> = {};
          for (const group of kids(form, 'ItemGroupData')) {
            const repeatKey = attr(group, 'ItemGroupRepeatKey');
            const into: Record<string, string> = repeatKey === undefined ? values : {};
            readItems(group, into);
            if (repeatKey !== undefined) (groups[attr(group, 'ItemGroupOID') ?? ''] ??= []).push({ key: Number(repeatKey), row: into });
          }
          entries.push({
            origin: `SubjectData ${s + 1} / StudyEventData ${e + 1} / FormData ${f + 1}`,
            subject: attr(subject, 'SubjectKey') ?? '',
            visit: attr(event, 'StudyEventOID') ?? null,
            form: attr(form, 'FormOID') ?? null,
            values,
            // Rows in repeat-key order (a file may list them otherwise); a key that is not a number keeps its place.
            groups: Object.fromEntries(Object.entries(groups).map(([oid, rows]) => [oid, [...rows].sort((a, b) => (a.key || 0) - (b.key || 0)).map((r) => r.row)])),
            repeatKey: attr(form, 'FormRepeatKey') ?? null,
          });
        }),
      ),
    ),
  );
  return { format: 'odm', studyOid: [...studyOids][0] || null, entries };
}

/**
 * A group's ItemData by ItemOID. A field's history (Insert, then Updates, as this product's export writes
 * it) ends on its current value, so the last ItemData of an OID wins; IsNull="Yes" (a value emptied)
 * leaves the field out, as an empty CSV cell does.
 */
function readItems(group: XNode, into: Record<string, string>) {
  for (const item of kids(group, 'ItemData')) {
    const oid = attr(item, 'ItemOID');
    if (!oid || attr(item, 'TransactionType') === 'Remove') continue;
    const value = attr(item, 'IsNull') === 'Yes' ? '' : String((item['@']?.Value as string | undefined) ?? '');
    if (value !== '') into[oid] = value;
    else delete into[oid];
  }
}
