// CDISC ODM 1.3.2 clinical data, written as a stream of text chunks (one per page of subjects), so a
// study of any size leaves with bounded memory. The file:
//   ODM (FileType Transactional with the audit trail, else Snapshot; Granularity SingleSubject/SingleSite/All)
//     Study            the metadata (odm-write.ts: forms at their latest version, visits, MDV.1)
//     AdminData        Users (authors of changes, signers, query writers), Locations (sites), SignatureDefs
//     ClinicalData     one per page of subjects, StudyOID + MetaDataVersionOID MDV.1
//       SubjectData    SubjectKey = subject code; Signature = the latest casebook signature; SiteRef;
//                      Annotations = queries not about a form entry
//         StudyEventData  per visit (SE.<visit code>), log forms under SE.UNSCHEDULED
//           FormData      FormOID F.<form code>, FormRepeatKey = the entry's id; AuditRecord = its last change;
//                         Annotations = the entry's queries not about one field
//             ItemGroupData  IG.<FORM> for the scalar fields; IG.<FORM>.<group> per repeating row (RepeatKey 1..n)
//               ItemData     IT.<FORM>.<field>, Value (multiple choice: codes joined by ','; yes/no as Y/N);
//                            IsNull="Yes" for an emptied value. With the audit trail, a field's history as
//                            ItemData in order (TransactionType Insert, then Update), each with its
//                            AuditRecord (who: UserRef, where: LocationRef, when, why: ReasonForChange):
//                            the old value is the preceding ItemData's. Annotations = the field's queries.
//       Signatures     earlier (superseded) signatures of the page's subjects, the subject named in the manifest
// Signature: UserRef (signer), LocationRef (site), SignatureRef SD.<meaning> (AdminData's SignatureDef
// carries the meaning), DateTimeStamp, CryptoBindingManifest "sha256:<hash>; entries:<n>; valid:yes|no".
// Queries: Annotation with a Comment holding the thread ("Q-0001 [open] raised by ...: text | response by ...").
// No arm is ever written (ODM 1.3.2 has no element for it), so a blinded reader never receives one.
import type { Db } from '@ctp/db';
import type { FormDefinition, ScalarField } from '@ctp/contracts';
import { ODM_NS } from '../forms/interchange/odm-model.ts';
import { METADATA_VERSION_OID, planForms, studyMetadataXml } from '../forms/interchange/odm-write.ts';
import { entryHistories, type EntryChange } from './entry-history.ts';
import { queryThreads, subjectSignatures, type QueryThread, type SubjectSignature } from './threads.ts';
import {
  adminData,
  DefinitionCache,
  entriesOf,
  eventOid,
  locationOid,
  studyMetadata,
  subjectsPage,
  UNSCHEDULED_EVENT_OID,
  userOid,
  type EntryRow,
  type ExportTarget,
  type StudyHead,
} from './load.ts';
import { XmlText } from './xml-text.ts';

export const ODM_INCLUDES = ['audit', 'signatures', 'queries'] as const;
export type OdmInclude = (typeof ODM_INCLUDES)[number];

export interface OdmExportOptions {
  include: ReadonlySet<OdmInclude>;
  /** Subjects per ClinicalData block (and per round of reads). */
  pageSize?: number;
  now?: Date;
}

const MEANINGS: Record<SubjectSignature['meaning'], string> = {
  authorship: 'Authorship: I am the author of the casebook data',
  review: 'Review: I have reviewed the casebook data',
  approval: 'Approval: I approve the casebook data',
};
const LEGAL_REASON = 'Electronic signature under 21 CFR Part 11: password re-entered at signing, bound to the sha256 of the signed content';

/** A value as ODM text: null when empty (IsNull). */
export function odmValue(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'boolean') return v ? 'Y' : 'N';
  if (Array.isArray(v)) return v.length ? v.map(String).join(',') : null;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function itemData(x: XmlText, itemOid: string, value: unknown, extra: { transaction?: string; audit?: () => void; annotations?: () => void } = {}) {
  const text = odmValue(value);
  const attrs = { ItemOID: itemOid, TransactionType: extra.transaction, ...(text === null ? { IsNull: 'Yes' } : { Value: text }) };
  if (!extra.audit && !extra.annotations) return void x.empty('ItemData', attrs);
  x.open('ItemData', attrs);
  extra.audit?.();
  extra.annotations?.();
  x.close('ItemData');
}

function auditRecord(x: XmlText, c: EntryChange, siteNumber: string) {
  x.open('AuditRecord');
  x.empty('UserRef', { UserOID: userOid(c.userId) });
  x.empty('LocationRef', { LocationOID: locationOid(siteNumber) });
  x.text('DateTimeStamp', c.at.toISOString());
  if (c.reason) x.text('ReasonForChange', c.reason);
  x.text('SourceID', `audit_events.${c.eventId}`);
  x.close('AuditRecord');
}

function signature(x: XmlText, s: SubjectSignature, siteNumber: string, subjectCode: string | null) {
  x.open('Signature', subjectCode === null ? {} : { ID: `SIG.${s.id}` });
  x.empty('UserRef', { UserOID: userOid(s.signerId) });
  x.empty('LocationRef', { LocationOID: locationOid(siteNumber) });
  x.empty('SignatureRef', { SignatureOID: `SD.${s.meaning}` });
  x.text('DateTimeStamp', s.signedAt);
  const subject = subjectCode === null ? '' : `subject:${subjectCode}; `;
  x.text('CryptoBindingManifest', `${subject}printedName:${s.printedName}; sha256:${s.contentHash}; entries:${s.entries}; valid:${s.valid ? 'yes' : 'no'}`);
  x.close('Signature');
}

/** The query thread as one line of text. */
export function threadText(q: QueryThread): string {
  const head = `${q.code} [${q.status}] raised by ${q.raisedByName ?? 'system'} at ${q.raisedAt}${q.field ? ` on ${q.field}` : ''}: ${q.description}`;
  const rest = q.messages.filter((m, i) => !(i === 0 && m.kind === 'question' && m.body === q.description)).map((m) => `${m.kind} by ${m.authorName ?? 'system'} at ${m.at}: ${m.body}`);
  return [head, ...rest].join(' | ');
}

function annotations(x: XmlText, threads: QueryThread[]) {
  threads.forEach((q, i) => {
    x.open('Annotation', { SeqNum: i + 1 });
    x.text('Comment', threadText(q), { SponsorOrSite: 'Sponsor' });
    x.close('Annotation');
  });
}

/** Field history per field code: the values in order with the change that set each. */
function fieldHistories(changes: EntryChange[]): Map<string, { value: unknown; change: EntryChange }[]> {
  const out = new Map<string, { value: unknown; change: EntryChange }[]>();
  for (const c of changes) for (const f of c.fields) out.set(f.field, [...(out.get(f.field) ?? []), { value: f.new, change: c }]);
  return out;
}

interface PageData {
  histories: Map<number, EntryChange[]>;
  queries: QueryThread[];
  signatures: SubjectSignature[];
}

function formData(x: XmlText, e: EntryRow, def: FormDefinition | undefined, form: { oid: string; code: string }, page: PageData, include: ReadonlySet<OdmInclude>) {
  const history = include.has('audit') ? (page.histories.get(e.id) ?? []) : [];
  const queries = include.has('queries') ? page.queries.filter((q) => q.submissionId === e.id) : [];
  const data = (typeof e.data === 'string' ? JSON.parse(e.data) : (e.data ?? {})) as Record<string, unknown>;
  const fields = def?.fields ?? [];
  const scalarCodes = new Set(fields.filter((f) => f.type !== 'repeatingGroup').map((f) => f.code));
  const formQueries = queries.filter((q) => !q.field || !scalarCodes.has(q.field));
  x.open('FormData', { FormOID: form.oid, FormRepeatKey: e.id });
  const last = history.at(-1);
  if (last) auditRecord(x, last, e.siteNumber);
  annotations(x, formQueries);
  const perField = fieldHistories(history);
  const scalars = fields.filter((f): f is ScalarField => f.type !== 'repeatingGroup' && data[f.code] !== undefined);
  if (scalars.length) {
    x.open('ItemGroupData', { ItemGroupOID: `IG.${form.code}` });
    for (const f of scalars) {
      const itemOid = `IT.${form.code}.${f.code}`;
      const fieldQueries = queries.filter((q) => q.field === f.code);
      const steps = perField.get(f.code) ?? [];
      // The recorded history, then the current value when the trail does not end on it.
      const endsOnCurrent = steps.length > 0 && JSON.stringify(steps.at(-1)!.value ?? null) === JSON.stringify(data[f.code] ?? null);
      steps.forEach((s, i) => {
        const isLast = i === steps.length - 1 && endsOnCurrent;
        itemData(x, itemOid, s.value, {
          transaction: i === 0 ? 'Insert' : 'Update',
          audit: () => auditRecord(x, s.change, e.siteNumber),
          annotations: isLast && fieldQueries.length ? () => annotations(x, fieldQueries) : undefined,
        });
      });
      if (!endsOnCurrent) itemData(x, itemOid, data[f.code], { transaction: steps.length ? 'Update' : undefined, annotations: fieldQueries.length ? () => annotations(x, fieldQueries) : undefined });
    }
    x.close('ItemGroupData');
  }
  for (const g of fields) {
    if (g.type !== 'repeatingGroup') continue;
    const rows = Array.isArray(data[g.code]) ? (data[g.code] as Record<string, unknown>[]) : [];
    rows.forEach((row, i) => {
      x.open('ItemGroupData', { ItemGroupOID: `IG.${form.code}.${g.code}`, ItemGroupRepeatKey: i + 1 });
      for (const f of g.fields) if (row[f.code] !== undefined) itemData(x, `IT.${form.code}.${f.code}`, row[f.code]);
      x.close('ItemGroupData');
    });
  }
  x.close('FormData');
}

/**
 * The export as text chunks. The caller has checked the reader's role and scope for the target;
 * `study` is the target's study.
 */
export async function* odmClinicalData(db: Db, study: StudyHead, target: ExportTarget, opts: OdmExportOptions): AsyncGenerator<string> {
  const include = opts.include;
  const pageSize = opts.pageSize ?? 50;
  const meta = await studyMetadata(db, study, planForms);
  const x = new XmlText();
  const granularity = target.patientId !== undefined ? 'SingleSubject' : target.siteId !== undefined ? 'SingleSite' : 'All';
  x.raw('<?xml version="1.0" encoding="UTF-8"?>');
  x.open('ODM', {
    xmlns: ODM_NS,
    FileType: include.has('audit') ? 'Transactional' : 'Snapshot',
    Granularity: granularity,
    FileOID: `${meta.interchange.studyOid}.CLINICAL.${(opts.now ?? new Date()).getTime()}`,
    CreationDateTime: (opts.now ?? new Date()).toISOString(),
    ODMVersion: '1.3.2',
    Originator: 'CTP',
    SourceSystem: 'Clinical trial platform',
  });
  x.raw(studyMetadataXml(meta.interchange).replace(/^/gm, '  ').trimEnd());
  const admin = await adminData(db, target);
  x.open('AdminData', { StudyOID: meta.interchange.studyOid });
  x.open('User', { OID: userOid(null), UserType: 'Other' }).text('FullName', 'System (automatic change)').close('User');
  for (const u of admin.users) x.open('User', { OID: userOid(u.id) }).text('FullName', u.fullName).close('User');
  const effective = (opts.now ?? new Date()).toISOString().slice(0, 10);
  for (const s of admin.sites) {
    x.open('Location', { OID: locationOid(s.siteNumber), Name: s.name, LocationType: 'Site' });
    x.empty('MetaDataVersionRef', { StudyOID: meta.interchange.studyOid, MetaDataVersionOID: METADATA_VERSION_OID, EffectiveDate: effective });
    x.close('Location');
  }
  for (const meaning of Object.keys(MEANINGS) as SubjectSignature['meaning'][]) {
    x.open('SignatureDef', { OID: `SD.${meaning}`, Methodology: 'Electronic' }).text('Meaning', MEANINGS[meaning]).text('LegalReason', LEGAL_REASON).close('SignatureDef');
  }
  x.close('AdminData');
  yield x.take();

  const definitions = new DefinitionCache(db);
  let after = 0;
  for (;;) {
    const subjects = await subjectsPage(db, target, after, pageSize);
    if (!subjects.length) break;
    after = subjects.at(-1)!.id;
    const ids = subjects.map((s) => s.id);
    const entries = await entriesOf(db, ids);
    await definitions.load(entries.map((e) => e.formVersionId));
    const page: PageData = {
      histories: include.has('audit') ? await entryHistories(db, entries.map((e) => e.id)) : new Map(),
      queries: include.has('queries') ? await queryThreads(db, ids) : [],
      signatures: include.has('signatures') ? await subjectSignatures(db, ids) : [],
    };
    const earlier: { s: SubjectSignature; siteNumber: string; code: string }[] = [];
    x.open('ClinicalData', { StudyOID: meta.interchange.studyOid, MetaDataVersionOID: METADATA_VERSION_OID });
    for (const subject of subjects) {
      const sigs = page.signatures.filter((s) => s.patientId === subject.id);
      x.open('SubjectData', { SubjectKey: subject.subjectCode });
      const latest = sigs.at(-1);
      if (latest) signature(x, latest, subject.siteNumber, null);
      for (const s of sigs.slice(0, -1)) earlier.push({ s, siteNumber: subject.siteNumber, code: subject.subjectCode });
      x.empty('SiteRef', { LocationOID: locationOid(subject.siteNumber) });
      annotations(x, page.queries.filter((q) => q.patientId === subject.id && q.submissionId === null));
      let event: string | null = null;
      for (const e of entries.filter((en) => en.patientId === subject.id)) {
        const form = meta.forms.get(e.formId);
        if (!form) continue;
        const oid = e.visitCode ? eventOid(e.visitCode) : UNSCHEDULED_EVENT_OID;
        if (oid !== event) {
          if (event) x.close('StudyEventData');
          x.open('StudyEventData', { StudyEventOID: oid, StudyEventRepeatKey: oid === UNSCHEDULED_EVENT_OID ? 1 : undefined });
          event = oid;
        }
        formData(x, e, definitions.get(e.formVersionId), form, page, include);
      }
      if (event) x.close('StudyEventData');
      x.close('SubjectData');
    }
    if (earlier.length) {
      x.open('Signatures');
      for (const { s, siteNumber, code } of earlier) signature(x, s, siteNumber, code);
      x.close('Signatures');
    }
    x.close('ClinicalData');
    yield x.take();
  }
  x.close('ODM');
  yield x.take();
}
