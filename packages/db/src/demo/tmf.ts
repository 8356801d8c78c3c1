// The demo trial master file and regulatory submissions of one study, told the way the application
// itself would have recorded them (apps/api/src/modules/etmf/write.ts, ertms/write.ts):
// - documents coded DOC-<study code prefix>-00001 in filing order, each with its versions (a real PDF
//   per version, stored by content hash in the BlobStore), review steps (uploaded, submitted, approved
//   with an approval signature bound to the version's sha256, returned, expired) and the status /
//   review-status combination each step leaves behind;
// - expected artifacts (TMF Reference Model data) filed at trial level and per active study site, a few
//   left missing, pending, expiring within 30 days or expired, so the completeness report shows gaps;
// - submissions numbered <agency code>-<study code>-001 in creation order, each with a step row per
//   status it went through, the documents linked while it was a draft and, once submitted, the version
//   of each that went to the agency; Submit only ever happens with the type's required artifacts
//   linked and approved at that date.
// Everything is derived from the study's index and dates (never from the shared random sequence), so
// the rest of the demo stays the same and the load is reproducible. Dates are relative to `today`.
import PDFDocument from 'pdfkit';
import { sql } from 'kysely';
import type { Tx } from '../actor.ts';
import type { BlobStore, StoredBlob } from '../files/blob-store.ts';
import type { SubmissionStatusValue } from '../schema.ts';
import tmfModel from '../reference/tmf-reference-model.json' with { type: 'json' };
import { addDays, daysBetween } from './random.ts';

export interface Person {
  id: number;
  name: string;
}

export interface TmfUsers {
  dataManager: Person;
  studyManager: Person;
  monitor: Person;
  coordinator: Person;
}

export interface TmfStudy {
  id: number;
  index: number;
  code: string;
  title: string;
  status: string;
  /** The day the study was set up (its created_at). */
  setUpOn: string;
  startDate: string;
  plannedEndDate: string;
  actualEndDate: string | null;
}

export interface TmfContext {
  today: string;
  scale: number;
  files: BlobStore;
  users: TmfUsers;
  /** Active study sites seen so far over all studies: spreads the deliberate gaps over the demo. */
  siteCounter: { n: number };
}

export interface TmfCounts {
  documents: number;
  submissions: number;
  byStatus: Record<SubmissionStatusValue, number>;
}

type Agency = 'FDA' | 'EMA' | 'Health Canada' | 'PMDA' | 'TGA';
const AGENCIES: readonly Agency[] = ['FDA', 'EMA', 'Health Canada', 'PMDA', 'TGA'];
const AGENCY_CODE: Record<Agency, string> = { FDA: 'FDA', EMA: 'EMA', 'Health Canada': 'HC', PMDA: 'PMDA', TGA: 'TGA' };
const GATEWAY: Record<Agency, string> = {
  FDA: 'the FDA Electronic Submissions Gateway',
  EMA: 'CTIS',
  'Health Canada': 'the Common Electronic Submissions Gateway',
  PMDA: 'the PMDA gateway',
  TGA: 'TGA Business Services',
};
/** The artifacts each submission type needs linked and approved to be submitted (migration 0017). */
const REQUIRED: Record<string, string[]> = {
  initial_ind: ['02.01.02', '02.01.01', '02.02.03'],
  initial_cta: ['02.01.02', '02.01.01', '02.02.03'],
  protocol_amendment: ['02.01.04'],
  safety_report: ['07.01.02'],
  end_of_trial: [],
  annual_report: ['07.01.05'],
};

const ARTIFACTS = new Map<string, { name: string; approval: boolean }>(
  tmfModel.zones.flatMap((z) => z.sections.flatMap((s) => (s.artifacts as { number: string; name: string; approval?: boolean }[]).map((a) => [a.number, { name: a.name, approval: a.approval ?? false }] as const))),
);
const artifactName = (number: string) => ARTIFACTS.get(number)!.name;

interface SiteInfo {
  id: number;
  number: string;
  name: string;
  investigator: string;
  activatedOn: string;
}

interface VersionPlan {
  label: string;
  on: string;
  expiry?: string | null;
  comment?: string | null;
  submittedOn?: string;
  approvedOn?: string;
  returnedOn?: string;
  returnComment?: string;
}

/** How the document ends up: approved, current (filed as final), in review, a draft not (or no longer) in review, expired. */
type Final = 'approved' | 'current' | 'in-review' | 'pending' | 'expired';

interface DocPlan {
  key?: string;
  artifact: string;
  site: SiteInfo | null;
  title: string;
  uploader: Person;
  approver: Person | null;
  versions: VersionPlan[];
  final: Final;
}

interface SubPlan {
  type: string;
  agency: Agency;
  title: string;
  priority: 'urgent' | 'expedited' | 'standard';
  status: SubmissionStatusValue;
  created: string;
  submitted?: string;
  acknowledged?: string;
  response?: string;
  due: string | null;
  docs: string[];
  notes?: Partial<Record<SubmissionStatusValue, string>>;
}

const minDate = (a: string, b: string) => (a < b ? a : b);
const maxDate = (a: string, b: string) => (a > b ? a : b);

/** A calendar date at an hour (UTC), never later than the present moment. */
function stamp(date: string, hour: number): string {
  const instant = `${date}T${String(hour).padStart(2, '0')}:00:00Z`;
  const now = new Date();
  return Date.parse(instant) > now.getTime() ? now.toISOString() : instant;
}

function slug(text: string) {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// --- The files -------------------------------------------------------------------------------------

interface PdfContent {
  title: string;
  artifact: string;
  study: string;
  site: string;
  version: string;
  date: string;
}

const DISCLAIMER = 'Demo document generated by the demo data loader — not a real trial document';
/** Rendered PDFs by content, kept across loads in one process (tests seed many databases). */
const rendered = new Map<string, Buffer>();

function renderPdf(c: PdfContent): Promise<Buffer> {
  const key = JSON.stringify(c);
  const cached = rendered.get(key);
  if (cached) return Promise.resolve(cached);
  // A fixed creation date: the same content gives the same file, and the same hash.
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: c.title, Author: 'Clinical trial platform (demo data)', CreationDate: new Date(`${c.date || '2024-01-01'}T09:00:00Z`) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(c.title);
  doc.moveDown(0.6).font('Helvetica').fontSize(11);
  doc.text(`TMF artifact: ${c.artifact}`);
  doc.text(`Study: ${c.study}`);
  doc.text(`Site: ${c.site}`);
  doc.text(`Version: ${c.version}`);
  if (c.date) doc.text(`Dated: ${c.date}`);
  doc.moveDown(1.5).font('Helvetica-Oblique').fontSize(10).fillColor('#b00020').text(DISCLAIMER);
  doc.end();
  return done.then((buffer) => {
    if (rendered.size > 5000) rendered.clear();
    rendered.set(key, buffer);
    return buffer;
  });
}

// --- The plan of one study's TMF --------------------------------------------------------------------

function siteLabel(site: SiteInfo) {
  return `${site.number} ${site.name}`;
}

/**
 * Versions of a document that expires and is renewed before it lapses: the first filed on `on`, dated
 * (issued, signed) `datedBack` days earlier and valid `validDays`; while the latest would lapse within
 * 45 days of today a renewal is filed 45 days before its expiry.
 */
function renewedVersions(today: string, on: string, datedBack: number, validDays: number, label: (dated: string) => string): VersionPlan[] {
  let dated = addDays(on, -datedBack);
  const versions: VersionPlan[] = [{ label: label(dated), on, expiry: addDays(dated, validDays), comment: `Dated ${dated}` }];
  while (versions.at(-1)!.expiry! < addDays(today, 45)) {
    const next = addDays(versions.at(-1)!.expiry!, -45);
    dated = addDays(next, -3);
    versions.push({ label: label(dated), on: next, expiry: addDays(dated, validDays), comment: `Renewal dated ${dated}` });
  }
  return versions;
}

function planDocuments(study: TmfStudy, sites: SiteInfo[], ctx: TmfContext, coordinatorSite: number | null, amendDate: string | null, decisionOn: string | null): DocPlan[] {
  const { today } = ctx;
  const { dataManager: dm, studyManager: sm, monitor, coordinator } = ctx.users;
  const r = study.index % 8;
  const S = study.setUpOn;
  const docs: DocPlan[] = [];
  const approvedOnce = (on: string, approvedOn: string, label = '1.0'): VersionPlan => ({ label, on, submittedOn: on, approvedOn });

  if (study.status === 'planning') {
    // A study in planning has its protocol drafted and in review, nothing else yet.
    docs.push({ key: 'protocol', artifact: '02.01.02', site: null, title: `Clinical Study Protocol ${study.code}`, uploader: sm, approver: dm, final: 'in-review', versions: [{ label: '1.0', on: addDays(S, 2), submittedOn: addDays(S, 2), comment: 'Final draft for sign-off' }] });
    return docs;
  }

  // Trial level.
  docs.push({ key: 'ib', artifact: '02.01.01', site: null, title: `Investigator's Brochure (${study.code.split('-')[0]} programme)`, uploader: sm, approver: dm, final: 'approved', versions: [approvedOnce(addDays(S, 1), addDays(S, 6))] });
  const protocolVersions = [{ ...approvedOnce(addDays(S, 2), addDays(S, 9)), comment: 'Final protocol' }];
  if (amendDate) protocolVersions.push({ label: '2.0', on: amendDate, submittedOn: amendDate, approvedOn: addDays(amendDate, 4), comment: 'Incorporates amendment 1' });
  docs.push({ key: 'protocol', artifact: '02.01.02', site: null, title: `Clinical Study Protocol ${study.code}`, uploader: sm, approver: dm, final: 'approved', versions: protocolVersions });
  docs.push({ key: 'icf', artifact: '02.02.03', site: null, title: 'Master Informed Consent Form', uploader: sm, approver: dm, final: 'approved', versions: [approvedOnce(addDays(S, 6), addDays(S, 13))] });
  if (amendDate) {
    docs.push({ key: 'amendment', artifact: '02.01.04', site: null, title: `Protocol Amendment 1 to ${study.code}`, uploader: sm, approver: dm, final: 'approved', versions: [approvedOnce(amendDate, addDays(amendDate, 4))] });
  }
  // Insurance covers the trial period; the completed study's has lapsed.
  const insuredUntil = r === 4 ? addDays(today, -20) : maxDate(addDays(study.plannedEndDate, 180), addDays(today, 60 + ((study.index * 13) % 90)));
  docs.push({ artifact: '02.01.06', site: null, title: 'Clinical Trial Insurance Certificate', uploader: sm, approver: null, final: r === 4 ? 'expired' : 'current', versions: [{ label: S.slice(0, 4), on: addDays(S, 10), expiry: insuredUntil }] });
  // Data management plan: written by the data manager, approved by the study manager; a revision in review at some studies.
  const dmp = [approvedOnce(addDays(S, 15), addDays(S, 21))];
  if (r === 2 || r === 6) dmp.push({ label: '2.0', on: addDays(today, -8), submittedOn: addDays(today, -8), comment: 'Updated for the new eCRF version' });
  docs.push({ artifact: '10.01.01', site: null, title: 'Data Management Plan', uploader: dm, approver: sm, final: dmp.length > 1 ? 'in-review' : 'approved', versions: dmp });
  const mp = [approvedOnce(addDays(S, 20), addDays(S, 27))];
  if (r === 1 || r === 7) mp.push({ label: '2.0', on: addDays(today, -(5 + r)), submittedOn: addDays(today, -(5 + r)), comment: 'Risk-based monitoring update' });
  docs.push({ artifact: '01.01.08', site: null, title: 'Monitoring Plan', uploader: sm, approver: dm, final: mp.length > 1 ? 'in-review' : 'approved', versions: mp });
  // Statistical analysis plan: approved at most studies, in review or still a draft at some.
  if (r === 1 || r === 5) {
    docs.push({ artifact: '11.01.01', site: null, title: 'Statistical Analysis Plan', uploader: dm, approver: sm, final: 'in-review', versions: [{ label: '1.0', on: addDays(today, -14), submittedOn: addDays(today, -14) }] });
  } else if (r === 7) {
    docs.push({ artifact: '11.01.01', site: null, title: 'Statistical Analysis Plan', uploader: dm, approver: null, final: 'pending', versions: [{ label: '0.3', on: addDays(today, -20), comment: 'Working draft' }] });
  } else {
    docs.push({ artifact: '11.01.01', site: null, title: 'Statistical Analysis Plan', uploader: dm, approver: sm, final: 'approved', versions: [approvedOnce(addDays(S, 45), addDays(S, 52))] });
  }
  if (decisionOn) {
    docs.push({ artifact: '03.01.02', site: null, title: `Regulatory Authority Decision: ${AGENCIES[study.index % 5]} approval`, uploader: sm, approver: null, final: 'current', versions: [{ label: '1', on: decisionOn }] });
  }
  // An expedited safety report (reviewed and approved before it goes to the agency).
  if (r === 2 || r === 6) {
    const on = addDays(today, r === 2 ? -9 : -42);
    docs.push({ key: 'safety', artifact: '07.01.02', site: null, title: `Expedited Safety Report ${study.code.split('-')[0]}-SUSAR-${String(study.index + 1).padStart(3, '0')}`, uploader: sm, approver: dm, final: 'approved', versions: [{ label: '1.0', on, submittedOn: on, approvedOn: addDays(on, 2) }] });
  }

  // Site level: the expected artifacts of each active study site (the first three at scale > 1).
  for (const [k, site] of (ctx.scale === 1 ? sites : sites.slice(0, 3)).entries()) {
    const g = ctx.siteCounter.n++;
    const A = site.activatedOn;
    const uploader = site.id === coordinatorSite ? coordinator : monitor;
    const title = (what: string) => `${what} — ${siteLabel(site)}`.slice(0, 200);

    // Principal investigator CV: valid 2 years from the date it was signed. One lapsed at the completed
    // study, two expiring within 30 days at studies under way.
    const cvOn = addDays(A, -20);
    let cv = renewedVersions(today, cvOn, (g * 53) % 240, 730, (d) => d.slice(0, 7));
    const lapseIn = r === 4 && k === 0 ? -(9 + (study.index % 7)) : r === 0 && k === 0 ? 12 : r === 1 && k === 0 ? 26 : null;
    if (lapseIn !== null) {
      const signed = addDays(today, lapseIn - 730);
      cv = signed >= cvOn ? [cv[0]!, { label: signed.slice(0, 7), on: minDate(addDays(signed, 7), today), expiry: addDays(signed, 730), comment: `Updated CV signed ${signed}` }] : [{ label: signed.slice(0, 7), on: cvOn, expiry: addDays(signed, 730), comment: `Signed ${signed}` }];
    }
    docs.push({ artifact: '05.02.05', site, title: title(`Principal Investigator CV, ${site.investigator}`), uploader, approver: null, final: lapseIn !== null && lapseIn < 0 ? 'expired' : 'current', versions: cv });

    // Ethics approval, renewed every year.
    if (g % 13 !== 6) {
      const irb: VersionPlan[] = [];
      for (let on = addDays(A, -35), n = 0; on <= today; on = addDays(on, 365), n++) {
        irb.push({ label: n === 0 ? 'Initial approval' : `Annual renewal ${n}`, on, expiry: addDays(on, 365) });
      }
      docs.push({ artifact: '04.01.02', site, title: title('IEC approval'), uploader, approver: null, final: 'current', versions: irb });
    }

    // Clinical trial agreement: approved before activation; an amendment in review or returned at some sites.
    const cta: VersionPlan[] = [approvedOnce(addDays(A, -30), addDays(A, -26))];
    let ctaFinal: Final = 'approved';
    if (g % 7 === 3) {
      const on = addDays(today, -(4 + (g % 6)));
      cta.push({ label: '2.0', on, submittedOn: on, comment: 'Budget amendment' });
      ctaFinal = 'in-review';
    } else if (g % 11 === 8) {
      const on = addDays(today, -20);
      cta.push({ label: '2.0', on, submittedOn: on, returnedOn: addDays(on, 4), returnComment: 'Exhibit B (payment schedule) is missing the signature page', comment: 'Budget amendment' });
      ctaFinal = 'pending';
    }
    docs.push({ artifact: '05.02.09', site, title: title('Clinical Trial Agreement'), uploader, approver: sm, final: ctaFinal, versions: cta });

    // The other expected site documents: the investigator's financial disclosure and the initiation visit report.
    if (g % 9 !== 7) docs.push({ artifact: '05.02.07', site, title: title(`Financial Disclosure Form, ${site.investigator}`), uploader, approver: null, final: 'current', versions: [{ label: '1', on: addDays(A, -24) }] });
    if (g % 8 !== 5) docs.push({ artifact: '05.03.01', site, title: title('Site initiation visit report'), uploader: monitor, approver: null, final: 'current', versions: [{ label: '1', on: minDate(addDays(A, 2), today) }] });

    // Local laboratory: accreditation certificate and normal ranges, missing at some sites.
    if (g % 6 !== 4) {
      docs.push({ artifact: '08.01.01', site, title: title('Laboratory accreditation certificate'), uploader, approver: null, final: 'current', versions: renewedVersions(today, addDays(A, -28), (g * 29) % 120, 730, (d) => `Issued ${d}`) });
    }
    if (g % 4 !== 0) {
      docs.push({ artifact: '08.01.04', site, title: title('Laboratory normal ranges'), uploader, approver: null, final: 'current', versions: renewedVersions(today, addDays(A, -28), 0, 730, (d) => d.slice(0, 7)) });
    }
  }
  return docs;
}

function planSubmissions(study: TmfStudy, today: string, amendDate: string | null): { subs: SubPlan[]; decisionOn: string | null } {
  const r = study.index % 8;
  const S = study.setUpOn;
  const primary = AGENCIES[study.index % 5]!;
  const secondary = AGENCIES[(study.index + 1) % 5]!;
  const initialType = (a: Agency) => (a === 'FDA' ? 'initial_ind' : 'initial_cta');
  const initialTitle = (a: Agency) => (a === 'FDA' ? `Initial IND application: ${study.code}` : `Clinical trial application (${a}): ${study.code}`);
  const decided = (a: Agency, ok: boolean) => (ok ? (a === 'FDA' ? 'Study may proceed: no clinical hold within 30 days' : 'Authorised') : 'Not authorised: additional non-clinical safety data requested');
  const initialDocs = ['protocol', 'ib', 'icf'];
  const subs: SubPlan[] = [];

  if (study.status === 'planning') {
    subs.push({ type: initialType(primary), agency: primary, title: initialTitle(primary), priority: 'standard', status: 'draft', created: addDays(S, 4), due: maxDate(addDays(study.startDate, -30), addDays(today, 5)), docs: ['protocol'] });
    subs.push({ type: initialType(secondary), agency: secondary, title: initialTitle(secondary), priority: 'standard', status: 'draft', created: addDays(S, 5), due: maxDate(addDays(study.startDate, -10), addDays(today, 12)), docs: ['protocol'] });
    return { subs, decisionOn: null };
  }

  // The first application, authorised before the study started.
  const initial: SubPlan = { type: initialType(primary), agency: primary, title: initialTitle(primary), priority: 'standard', status: 'approved', created: addDays(S, 16), submitted: addDays(S, 20), acknowledged: addDays(S, 24), response: addDays(S, 60), due: addDays(S, 21), docs: initialDocs, notes: { approved: decided(primary, true) } };
  subs.push(initial);

  // A second country.
  if (r === 0 || r === 2 || r === 4) {
    subs.push({ type: initialType(secondary), agency: secondary, title: initialTitle(secondary), priority: 'standard', status: 'approved', created: addDays(S, 25), submitted: addDays(S, 30), acknowledged: addDays(S, 36), response: addDays(S, 80), due: addDays(S, 32), docs: initialDocs, notes: { approved: decided(secondary, true) } });
  } else if (r === 1) {
    subs.push({ type: initialType(secondary), agency: secondary, title: initialTitle(secondary), priority: 'expedited', status: 'pending', created: addDays(today, -80), submitted: addDays(today, -70), acknowledged: addDays(today, -64), due: addDays(today, -5), docs: initialDocs });
  } else if (r === 5) {
    subs.push({ type: initialType(secondary), agency: secondary, title: initialTitle(secondary), priority: 'standard', status: 'rejected', created: addDays(S, 25), submitted: addDays(S, 30), acknowledged: addDays(S, 36), response: addDays(S, 85), due: addDays(S, 33), docs: initialDocs, notes: { rejected: decided(secondary, false) } });
    subs.push({ type: initialType(secondary), agency: secondary, title: `${initialTitle(secondary)} (resubmission)`, priority: 'expedited', status: 'approved', created: addDays(S, 100), submitted: addDays(S, 110), acknowledged: addDays(S, 115), response: addDays(S, 150), due: addDays(S, 112), docs: initialDocs, notes: { submitted: 'Resubmitted with the additional non-clinical data', approved: decided(secondary, true) } });
  } else if (r === 7) {
    subs.push({ type: initialType(secondary), agency: secondary, title: initialTitle(secondary), priority: 'standard', status: 'submitted', created: addDays(today, -12), submitted: addDays(today, -6), due: addDays(today, 24), docs: initialDocs });
  }

  // The protocol amendment.
  if (amendDate) {
    const title = 'Substantial amendment 1 (protocol v2.0)';
    const docs = ['amendment', 'protocol'];
    if (r === 0) subs.push({ type: 'protocol_amendment', agency: primary, title, priority: 'expedited', status: 'pending', created: addDays(amendDate, 5), submitted: addDays(amendDate, 8), acknowledged: addDays(amendDate, 13), due: addDays(today, 10), docs });
    else if (r === 2) subs.push({ type: 'protocol_amendment', agency: primary, title, priority: 'standard', status: 'submitted', created: addDays(amendDate, 5), submitted: addDays(amendDate, 9), due: addDays(today, 9), docs });
    else if (r === 6) subs.push({ type: 'protocol_amendment', agency: primary, title: 'Urgent safety measure: dosing paused (amendment 1)', priority: 'urgent', status: 'pending', created: addDays(amendDate, 5), submitted: addDays(amendDate, 7), acknowledged: addDays(amendDate, 9), due: addDays(today, 5), docs });
    else subs.push({ type: 'protocol_amendment', agency: primary, title, priority: 'standard', status: 'approved', created: addDays(amendDate, 6), submitted: addDays(amendDate, 8), acknowledged: addDays(amendDate, 11), response: addDays(amendDate, 41), due: addDays(amendDate, 10), docs, notes: { approved: 'Amendment approved' } });
  }

  // Periodic and event-driven submissions.
  if (r === 0 || r === 1) {
    subs.push({ type: 'annual_report', agency: primary, title: `Development safety update report ${today.slice(0, 4)}`, priority: 'standard', status: 'draft', created: addDays(today, r === 0 ? -30 : -10), due: addDays(today, r === 0 ? -4 : 25), docs: [] });
  } else if (r === 2) {
    const on = addDays(today, -9);
    subs.push({ type: 'safety_report', agency: primary, title: 'IND safety report: suspected unexpected serious adverse reaction', priority: 'urgent', status: 'submitted', created: addDays(on, 3), submitted: addDays(on, 4), due: addDays(today, 2), docs: ['safety'], notes: { submitted: 'Sent within the 7-day clock' } });
  } else if (r === 6) {
    const on = addDays(today, -42);
    subs.push({ type: 'safety_report', agency: primary, title: 'SUSAR report behind the dosing pause', priority: 'urgent', status: 'pending', created: addDays(on, 2), submitted: addDays(on, 3), acknowledged: addDays(on, 5), due: addDays(today, 8), docs: ['safety'] });
  } else if (r === 4) {
    const end = minDate(study.actualEndDate ?? today, addDays(today, -40));
    subs.push({ type: 'end_of_trial', agency: primary, title: 'End of trial notification', priority: 'standard', status: 'approved', created: addDays(end, 3), submitted: addDays(end, 8), acknowledged: addDays(end, 10), response: addDays(end, 25), due: addDays(end, 14), docs: [], notes: { approved: 'End of trial acknowledged' } });
  }
  return { subs, decisionOn: addDays(initial.response!, 2) };
}

/** When the protocol was amended: for studies under way, recently where the amendment is still with the agency. */
function amendmentDate(study: TmfStudy, today: string): string | null {
  if (study.status === 'planning' || study.startDate > today) return null;
  const r = study.index % 8;
  const open = { 0: 60, 2: 30, 6: 45 }[r as 0 | 2 | 6];
  if (open !== undefined) return maxDate(addDays(today, -open), addDays(study.startDate, 14));
  const end = minDate(study.actualEndDate ?? today, today);
  return addDays(study.startDate, Math.round(0.35 * daysBetween(study.startDate, end)));
}

// --- Writing it ---------------------------------------------------------------------------------------

const agencyReference = (agency: Agency, studyId: number, seq: number, year: string) => {
  const n = String(((studyId * 7919 + seq * 104_729) % 900_000) + 100_000);
  switch (agency) {
    case 'FDA':
      return `IND ${n}`;
    case 'EMA':
      return `${year}-5${n.slice(1)}-${String(seq).padStart(2, '0')}-00`;
    case 'Health Canada':
      return `HC6-24-${n}`;
    case 'PMDA':
      return `${year}-${n.slice(2)}`;
    case 'TGA':
      return `CT-${year}-CTN-0${n.slice(2)}-1`;
  }
};

function statusOf(d: DocPlan): { status: 'draft' | 'current' | 'approved' | 'expired'; reviewStatus: 'pending' | 'in-review' | 'complete' } {
  switch (d.final) {
    case 'approved':
      return { status: 'approved', reviewStatus: 'complete' };
    case 'current':
    case 'expired':
      return { status: d.final, reviewStatus: 'complete' };
    case 'in-review':
      return { status: 'draft', reviewStatus: 'in-review' };
    case 'pending':
      return { status: 'draft', reviewStatus: 'pending' };
  }
}

/** Refuses a plan the application could not have produced: dates after today or out of order, Submit without its approved documents. */
function check(study: TmfStudy, today: string, docs: DocPlan[], subs: SubPlan[]) {
  const fail = (what: string) => {
    throw new Error(`Demo TMF of ${study.code}: ${what}`);
  };
  for (const d of docs) {
    let last = '';
    for (const v of d.versions) {
      for (const date of [v.on, v.submittedOn, v.approvedOn, v.returnedOn]) {
        if (!date) continue;
        if (date > today) fail(`${d.title} ${v.label} dated after today (${date})`);
        if (date < last) fail(`${d.title} ${v.label}: steps out of order`);
        last = date;
      }
    }
    const current = d.versions.at(-1)!;
    if (d.final === 'expired' ? !(current.expiry && current.expiry < today) : current.expiry && current.expiry < today) fail(`${d.title}: expiry ${current.expiry} does not match ${d.final}`);
    if (d.final === 'approved' && !current.approvedOn) fail(`${d.title}: approved without an approval`);
    if (d.final === 'in-review' && (!current.submittedOn || current.approvedOn || current.returnedOn)) fail(`${d.title}: not in review`);
    if ((current.submittedOn || current.approvedOn) && !d.approver) fail(`${d.title}: reviewed without an approver`);
  }
  const byKey = new Map(docs.filter((d) => d.key).map((d) => [d.key!, d]));
  for (const s of subs) {
    const dates = [s.created, s.submitted, s.acknowledged, s.response].filter((x): x is string => !!x);
    if (dates.some((x, i) => x > today || (i > 0 && x < dates[i - 1]!))) fail(`submission ${s.title}: dates after today or out of order`);
    if (s.status !== 'draft' && !s.submitted) fail(`submission ${s.title}: no submitted date`);
    if ((s.status === 'approved' || s.status === 'rejected') && !s.response) fail(`submission ${s.title}: no response date`);
    for (const key of s.docs) if (!byKey.has(key)) fail(`submission ${s.title}: no document ${key}`);
    if (s.status === 'draft') continue;
    for (const artifact of REQUIRED[s.type] ?? []) {
      const ok = s.docs.some((key) => {
        const d = byKey.get(key)!;
        const v = versionAt(d, s.submitted!);
        return d.artifact === artifact && v?.approvedOn !== undefined && v.approvedOn <= s.submitted!;
      });
      if (!ok) fail(`submission ${s.title}: ${artifact} not linked and approved when submitted`);
    }
  }
}

/** The version that was current on a date. */
function versionAt(d: DocPlan, date: string): VersionPlan | undefined {
  return d.versions.filter((v) => v.on <= date).at(-1);
}

interface StepRow {
  documentIndex: number;
  versionIndex: number;
  action: 'uploaded' | 'submitted' | 'approved' | 'returned' | 'expired';
  actorId: number | null;
  comment: string | null;
  signed?: boolean;
  at: string;
}

export async function seedStudyTmf(tx: Tx, study: TmfStudy, ctx: TmfContext): Promise<TmfCounts> {
  const { today, users } = ctx;
  const sm = users.studyManager;
  const sites = (
    await sql<SiteInfo>`select ss.site_id as id, si.site_number as number, si.name, si.principal_investigator as investigator, ss.activated_on as "activatedOn"
      from study_sites ss join sites si on si.id = ss.site_id
     where ss.study_id = ${study.id} and ss.status = 'active' and ss.activated_on is not null order by ss.id`.execute(tx)
  ).rows;
  const coordinatorSite =
    (await tx.selectFrom('studyMemberships').select('siteId').where('studyId', '=', study.id).where('userId', '=', users.coordinator.id).where('siteId', 'is not', null).executeTakeFirst())?.siteId ?? null;

  const amendDate = amendmentDate(study, today);
  const { subs, decisionOn } = planSubmissions(study, today, amendDate);
  // Filed in the order they were first uploaded: that order gives the codes.
  const docs = planDocuments(study, sites, ctx, coordinatorSite, amendDate, decisionOn)
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.versions[0]!.on < b.d.versions[0]!.on ? -1 : a.d.versions[0]!.on > b.d.versions[0]!.on ? 1 : a.i - b.i))
    .map(({ d }) => d);
  check(study, today, docs, subs);

  // The files.
  const prefix = study.code.split('-')[0]!;
  const stored: StoredBlob[][] = [];
  for (const d of docs) {
    const blobs: StoredBlob[] = [];
    for (const v of d.versions) {
      const content: PdfContent =
        ctx.scale === 1
          ? { title: d.title, artifact: `${d.artifact} ${artifactName(d.artifact)}`, study: `${study.code} — ${study.title}`, site: d.site ? siteLabel(d.site) : 'Trial level', version: v.label, date: v.on }
          : // Larger loads share one file per artifact and version label.
            { title: artifactName(d.artifact), artifact: `${d.artifact} ${artifactName(d.artifact)}`, study: 'Demo study', site: d.site ? 'Demo site' : 'Trial level', version: v.label, date: '' };
      blobs.push(await ctx.files.putBuffer(await renderPdf(content)));
    }
    stored.push(blobs);
  }

  // Documents, with their final status; the current version is set once the versions exist.
  const lastEvent = (d: DocPlan) => {
    const v = d.versions.at(-1)!;
    if (d.final === 'expired') return stamp(addDays(v.expiry!, 1), 2);
    return v.returnedOn ? stamp(v.returnedOn, 16) : v.approvedOn ? stamp(v.approvedOn, 15) : v.submittedOn ? stamp(v.submittedOn, 11) : stamp(v.on, 9);
  };
  const docIds = (
    await tx
      .insertInto('documents')
      .values(
        docs.map((d, i) => ({
          studyId: study.id,
          siteId: d.site?.id ?? null,
          artifactNumber: d.artifact,
          seq: i + 1,
          code: `DOC-${prefix}-${String(i + 1).padStart(5, '0')}`,
          title: d.title,
          ...statusOf(d),
          // The approver named when it was (last) sent for review stays on the document.
          approverId: d.versions.some((v) => v.submittedOn) ? d.approver!.id : null,
          createdBy: d.uploader.id,
          createdAt: stamp(d.versions[0]!.on, 9),
          updatedAt: lastEvent(d),
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => r.id);

  const versionRows = docs.flatMap((d, i) =>
    d.versions.map((v, k) => ({
      documentId: docIds[i]!,
      studyId: study.id,
      seq: k + 1,
      versionLabel: v.label,
      fileName: `${study.code}_${slug(artifactName(d.artifact))}${d.site ? `_${d.site.number}` : ''}_v${slug(v.label)}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: stored[i]![k]!.size,
      sha256: stored[i]![k]!.sha256,
      expiryDate: v.expiry ?? null,
      comment: v.comment ?? null,
      uploadedBy: d.uploader.id,
      uploadedAt: stamp(v.on, 9),
      approvedAt: v.approvedOn ? new Date(stamp(v.approvedOn, 15)) : null,
      approvedBy: v.approvedOn ? d.approver!.id : null,
    })),
  );
  const versionIdList = (await tx.insertInto('documentVersions').values(versionRows).returning('id').execute()).map((r) => r.id);
  const versionIds: number[][] = [];
  let cursor = 0;
  for (const d of docs) {
    versionIds.push(versionIdList.slice(cursor, cursor + d.versions.length));
    cursor += d.versions.length;
  }
  await sql`update documents d set current_version_id = x.vid, version_count = x.n
      from (values ${sql.join(docs.map((d, i) => sql`(${docIds[i]!}::int, ${versionIds[i]!.at(-1)!}::int, ${d.versions.length}::int)`))}) as x(id, vid, n)
     where d.id = x.id`.execute(tx);

  // Approval signatures: meaning approval, bound to the approved version's sha256.
  const approvals = docs.flatMap((d, i) => d.versions.flatMap((v, k) => (v.approvedOn ? [{ i, k, approver: d.approver!, on: v.approvedOn }] : [])));
  const signatureIds = approvals.length
    ? (
        await tx
          .insertInto('signatures')
          .values(
            approvals.map((a) => ({
              studyId: study.id,
              patientId: null,
              documentVersionId: versionIds[a.i]![a.k]!,
              signerId: a.approver.id,
              printedName: a.approver.name,
              meaning: 'approval' as const,
              signedAt: stamp(a.on, 15),
              contentHash: stored[a.i]![a.k]!.sha256,
              entries: 1,
            })),
          )
          .returning('id')
          .execute()
      ).map((r) => r.id)
    : [];
  const signatureOf = new Map(approvals.map((a, n) => [`${a.i}/${a.k}`, signatureIds[n]!]));

  // Review history, in the order it happened.
  const steps: StepRow[] = [];
  docs.forEach((d, i) => {
    d.versions.forEach((v, k) => {
      steps.push({ documentIndex: i, versionIndex: k, action: 'uploaded', actorId: d.uploader.id, comment: v.comment ?? null, at: stamp(v.on, 9) });
      if (v.submittedOn) steps.push({ documentIndex: i, versionIndex: k, action: 'submitted', actorId: d.uploader.id, comment: null, at: stamp(v.submittedOn, 11) });
      if (v.approvedOn) steps.push({ documentIndex: i, versionIndex: k, action: 'approved', actorId: d.approver!.id, comment: null, signed: true, at: stamp(v.approvedOn, 15) });
      if (v.returnedOn) steps.push({ documentIndex: i, versionIndex: k, action: 'returned', actorId: d.approver!.id, comment: v.returnComment ?? 'Returned for changes', at: stamp(v.returnedOn, 16) });
    });
    if (d.final === 'expired') steps.push({ documentIndex: i, versionIndex: d.versions.length - 1, action: 'expired', actorId: null, comment: 'Expiry date passed', at: stamp(addDays(d.versions.at(-1)!.expiry!, 1), 2) });
  });
  steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.documentIndex - b.documentIndex));
  await tx
    .insertInto('documentReviewSteps')
    .values(
      steps.map((s) => ({
        documentId: docIds[s.documentIndex]!,
        studyId: study.id,
        versionId: versionIds[s.documentIndex]![s.versionIndex]!,
        action: s.action,
        actorId: s.actorId,
        comment: s.comment,
        signatureId: s.signed ? signatureOf.get(`${s.documentIndex}/${s.versionIndex}`)! : null,
        createdAt: s.at,
      })),
    )
    .execute();

  // Regulatory submissions, numbered in the order they were created.
  const byStatus: Record<SubmissionStatusValue, number> = { draft: 0, submitted: 0, pending: 0, approved: 0, rejected: 0 };
  const ordered = subs.map((s, i) => ({ s, i })).sort((a, b) => (a.s.created < b.s.created ? -1 : a.s.created > b.s.created ? 1 : a.i - b.i)).map(({ s }) => s);
  if (ordered.length) {
    const subIds = (
      await tx
        .insertInto('regulatorySubmissions')
        .values(
          ordered.map((s, i) => {
            const last = s.response ?? s.acknowledged ?? s.submitted ?? s.created;
            return {
              studyId: study.id,
              seq: i + 1,
              submissionNumber: `${AGENCY_CODE[s.agency]}-${study.code}-${String(i + 1).padStart(3, '0')}`,
              typeCode: s.type,
              agency: s.agency,
              title: s.title,
              agencyReference: s.acknowledged ? agencyReference(s.agency, study.id, i + 1, s.submitted!.slice(0, 4)) : null,
              status: s.status,
              priority: s.priority,
              dueDate: s.due,
              submittedDate: s.submitted ?? null,
              acknowledgedDate: s.acknowledged ?? null,
              responseDate: s.response ?? null,
              reviewerId: sm.id,
              createdBy: sm.id,
              createdAt: stamp(s.created, 10),
              updatedAt: stamp(last, 10),
            };
          }),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);

    const stepRows = ordered.flatMap((s, i) => {
      const row = (fromStatus: SubmissionStatusValue | null, toStatus: SubmissionStatusValue, stepDate: string, note: string | null) => ({
        submissionId: subIds[i]!,
        studyId: study.id,
        fromStatus,
        toStatus,
        stepDate,
        actorId: sm.id,
        note,
        createdAt: stamp(stepDate, 10),
      });
      const rows = [row(null, 'draft', s.created, 'Created')];
      if (s.submitted) rows.push(row('draft', 'submitted', s.submitted, s.notes?.submitted ?? `Sent through ${GATEWAY[s.agency]}`));
      if (s.acknowledged) rows.push(row('submitted', 'pending', s.acknowledged, s.notes?.pending ?? 'Receipt acknowledged by the agency'));
      if (s.response) rows.push(row('pending', s.status, s.response, s.notes?.[s.status] ?? null));
      return rows;
    });
    await tx.insertInto('submissionSteps').values(stepRows).execute();

    const docIndex = new Map(docs.flatMap((d, i) => (d.key ? [[d.key, i] as const] : [])));
    const links = ordered.flatMap((s, i) =>
      s.docs.map((key) => {
        const n = docIndex.get(key)!;
        const d = docs[n]!;
        // The version that went to the agency: the one current on the day it was submitted.
        const sent = s.submitted ? versionIds[n]![d.versions.indexOf(versionAt(d, s.submitted)!)]! : null;
        return { submissionId: subIds[i]!, documentId: docIds[n]!, studyId: study.id, submittedVersionId: sent, linkedBy: sm.id, linkedAt: stamp(s.created, 10) };
      }),
    );
    if (links.length) await tx.insertInto('submissionDocuments').values(links).execute();
    for (const s of ordered) byStatus[s.status]++;
  }
  return { documents: docs.length, submissions: ordered.length, byStatus };
}
