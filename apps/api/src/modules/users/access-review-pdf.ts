// The access review as a PDF (pdfkit, as the compliance evidence report): a document an administrator
// files for the periodic review of user access and shows an inspector. Header with the time and the
// administrator who generated it, a summary, one block per account (sorted by name) with its study
// memberships as a table, a sign-off section for the reviewer, and a footer with page numbers.
import PDFDocument from 'pdfkit';
import { USER_STATUSES } from '@ctp/contracts';
import { mfaLabel, passwordLabel, periodLabel, sitesLabel, tokenLabel, utc, type AccessReview, type ReviewUser } from './access-review.ts';

const MARGIN = 50;
/** The memberships table: x offset from the left margin and width of each column. */
const COLUMNS = [
  { key: 'study', label: 'Study', width: 80 },
  { key: 'role', label: 'Study role', width: 80 },
  { key: 'sites', label: 'Sites', width: 185 },
  { key: 'start', label: 'Start', width: 75 },
  { key: 'end', label: 'End', width: 75 },
] as const;

export function accessReviewPdf(review: AccessReview): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: 'Periodic access review', Author: 'Clinical trial platform', Subject: `User access as of ${utc(review.generatedAt)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensureSpace(60);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text, MARGIN).moveDown(0.3).font('Helvetica').fontSize(9.5);
  };

  const by = `${review.generatedBy.fullName} <${review.generatedBy.email}>`;
  doc.font('Helvetica-Bold').fontSize(18).text('Periodic access review');
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Generated ${utc(review.generatedAt)} by ${by}.`);
  doc.text('Every user account of the clinical trial platform with its global role, status, last log-in, two-factor authentication, password log-in, active API tokens and study memberships (past and present), sorted by name.');
  doc.moveDown(0.3);
  doc.fillColor('#444444').text(
    'Purpose: the periodic review of who has access and with which rights (21 CFR 11.10(d) and (g), 11.300(b); EU GMP Annex 11 §12). ' +
      'Confirm for each account that the person still needs it and that its roles, study memberships and sites are right; record the changes to make below. ' +
      'Accounts are never deleted: people who left are deactivated and stay listed. Times are in UTC; memberships run from their start to their end date.',
  );
  doc.fillColor('black');

  summary(doc, review, heading);

  heading(`Accounts (${review.users.length})`);
  for (const u of review.users) account(doc, u, width, ensureSpace);

  heading('Review sign-off');
  doc.text('Reviewed by (name and role): ______________________________________________');
  doc.moveDown(1);
  doc.text('Date: ____________________        Signature: ______________________________');
  doc.moveDown(1);
  doc.text('Accounts to change (deactivate, role or membership changes) and reasons:');
  doc.moveDown(4);

  // Footer on every page: what the document is, when and by whom, and the page of the total.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666666')
      .text(`Access review generated ${utc(review.generatedAt)} by ${by} · page ${i - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 15, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = keep;
  }
  doc.fillColor('black');
  doc.end();
  return done;
}

function summary(doc: PDFKit.PDFDocument, review: AccessReview, heading: (text: string) => void) {
  const users = review.users;
  const count = (test: (u: ReviewUser) => boolean) => users.filter(test).length;
  const active = users.filter((u) => u.status === 'active' || u.status === 'locked');
  heading('Summary');
  doc.text(`Accounts: ${users.length} (${USER_STATUSES.map((s) => `${s} ${count((u) => u.status === s)}`).join(', ')}).`);
  doc.text(`Two-factor authentication enabled: ${active.filter((u) => u.mfaEnabledAt).length} of ${active.length} accounts that can sign in (active or locked).`);
  doc.text(`Single sign-on only (password log-in off): ${count((u) => !u.passwordLogin)}.`);
  doc.text(`Active API tokens: ${users.reduce((n, u) => n + u.tokens.length, 0)}, held by ${count((u) => u.tokens.length > 0)} accounts.`);
  const open = users.reduce((n, u) => n + u.memberships.filter((m) => m.endedAt === null).length, 0);
  const ended = users.reduce((n, u) => n + u.memberships.filter((m) => m.endedAt !== null).length, 0);
  doc.text(`Study memberships: ${open} current, ${ended} ended.`);
}

function account(doc: PDFKit.PDFDocument, u: ReviewUser, width: number, ensureSpace: (height: number) => void) {
  ensureSpace(70);
  doc.moveDown(0.6);
  const top = doc.y;
  doc.moveTo(MARGIN, top).lineTo(MARGIN + width, top).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
  doc.y = top + 4;
  doc.font('Helvetica-Bold').fontSize(10.5).text(`${u.fullName}  <${u.email}>`, MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(9.5);
  doc.text(
    [
      `Global role: ${u.role}`,
      `Status: ${u.status}${u.deactivatedAt ? ` (deactivated ${utc(u.deactivatedAt)})` : ''}`,
      `Last login: ${u.lastLoginAt ? utc(u.lastLoginAt) : 'never'}`,
    ].join('   ·   '),
    { width },
  );
  doc.text(
    [`Two-factor authentication: ${mfaLabel(u)}${u.mfaEnabledAt ? ` (since ${utc(u.mfaEnabledAt)})` : ''}`, `Password log-in: ${passwordLabel(u)}`, `Account created: ${utc(u.createdAt)}`].join('   ·   '),
    { width },
  );
  doc.text(`Active API tokens (${u.tokens.length}): ${u.tokens.length ? u.tokens.map(tokenLabel).join('; ') : 'none'}`, { width });
  if (u.memberships.length === 0) {
    doc.text('Study memberships: none', { width });
    return;
  }
  doc.moveDown(0.2);
  row(doc, COLUMNS.map((c) => c.label), true, ensureSpace);
  for (const m of u.memberships) {
    const [start, end] = periodLabel(m).split(' to ') as [string, string];
    row(doc, [m.studyCode, m.role, sitesLabel(m), start, end === 'present' ? 'current' : end], false, ensureSpace);
  }
}

/** One row of the memberships table; text wraps within its column and the row takes the tallest cell. */
function row(doc: PDFKit.PDFDocument, cells: string[], header: boolean, ensureSpace: (height: number) => void) {
  doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const heights = cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.width - 6 }));
  const height = Math.max(...heights) + 3;
  ensureSpace(height);
  const y = doc.y;
  let x = MARGIN + 10;
  cells.forEach((text, i) => {
    doc.text(text, x, y, { width: COLUMNS[i]!.width - 6 });
    x += COLUMNS[i]!.width;
  });
  doc.x = MARGIN;
  doc.y = y + height;
  doc.font('Helvetica').fontSize(9.5);
}
