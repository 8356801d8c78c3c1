// A subject's casebook as a PDF (pdfkit), with DejaVu Sans embedded (the npm package dejavu-fonts-ttf,
// pinned, so every machine renders the same and any script in the data prints): a cover page (study,
// site, subject, when and by whom it was made, the signatures), then one section per visit, a bookmark
// (PDF outline entry) each, with every form entry: its review state, fields as labels and values, its
// change history (old -> new, who, when, why) and query threads. Every page carries a header with
// study, site and subject and a footer with its page number of the total.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { CasebookContent, PrintedEntry, PrintedField } from './content.ts';
import type { EntryChange } from '../../clinical-data/entry-history.ts';
import type { QueryThread } from '../../clinical-data/threads.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
const TOP = 70;
const GREY = '#555555';

const utc = (iso: string | Date) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const MEANING: Record<string, string> = { authorship: 'Authorship', review: 'Review', approval: 'Approval' };

/** A value of the history as text (a repeating group's rows as JSON, empty as —). */
function historyValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function casebookPdf(c: CasebookContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: MARGIN + 10, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Casebook ${c.subject.code}`, Author: 'Clinical trial platform', Subject: `${c.study.code} · site ${c.site.number} · subject ${c.subject.code}` },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 2 * MARGIN;
  const ensure = (h: number) => {
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const body = (size = 9.5) => doc.font('body').fontSize(size).fillColor('black');
  const bold = (size = 9.5) => doc.font('bold').fontSize(size).fillColor('black');

  // Cover page.
  bold(20).text('Subject casebook', MARGIN, TOP + 40);
  doc.moveDown(0.5);
  body(11);
  const line = (label: string, value: string) => {
    doc.font('bold').text(`${label}: `, { continued: true }).font('body').text(value);
  };
  line('Study', `${c.study.code} — ${c.study.title}`);
  line('Site', `${c.site.number} — ${c.site.name}`);
  line('Subject', `${c.subject.code} (${c.subject.status})`);
  if (c.subject.screeningDate) line('Screened', c.subject.screeningDate);
  if (c.subject.enrollmentDate) line('Enrolled', c.subject.enrollmentDate);
  line('Form entries', String(c.visits.reduce((n, v) => n + v.entries.length, 0)));
  line('Generated', `${utc(c.generatedAt)} by ${c.generatedBy}`);
  doc.moveDown(1);
  bold(13).text('Electronic signatures');
  body();
  if (!c.signatures.length) doc.text('The casebook has not been signed.');
  for (const s of [...c.signatures].reverse()) {
    doc.text(`${s.printedName} — ${MEANING[s.meaning] ?? s.meaning} — signed ${utc(s.signedAt)} — ${s.entries} entries — ${s.valid ? 'valid' : 'no longer valid (the casebook changed after signing)'}`);
    doc.fillColor(GREY).fontSize(8).text(`Content sha256 ${s.contentHash}`);
    body();
  }
  doc.moveDown(1);
  body(8.5).fillColor(GREY).text(
    'Values are printed as entered (partial dates as typed, units after numbers, choices as label and code). Each entry lists its review state, its change history from the audit trail (old → new, who, when, why) and its query threads. Times are in UTC.',
    { width },
  );
  if (c.subjectQueries.length) {
    doc.moveDown(1);
    bold(13).text('Queries about the subject');
    for (const q of c.subjectQueries) thread(q);
  }

  function thread(q: QueryThread) {
    ensure(30);
    bold(9).text(`${q.code} [${q.status}]${q.field ? ` on ${q.field}` : ''} — raised by ${q.raisedByName ?? 'system'}, ${utc(q.raisedAt)}`, { width });
    body(9).text(q.description, { width, indent: 12 });
    for (const m of q.messages) {
      if (m.kind === 'question' && m.body === q.description) continue;
      ensure(20);
      body(9).text(`${m.kind} — ${m.authorName ?? 'system'}, ${utc(m.at)}: ${m.body}`, { width, indent: 12 });
    }
  }

  function change(ch: EntryChange, labels: Record<string, string>) {
    const head = `${utc(ch.at)} — ${ch.userName ?? 'system'} — ${ch.action === 'insert' ? 'entered' : 'changed'}${ch.reason ? ` — reason: ${ch.reason}` : ''}`;
    ensure(24);
    body(8.5).text(head, { width, indent: 12 });
    if (ch.status && ch.status.old !== ch.status.new) doc.text(`status: ${ch.status.old ?? '—'} → ${ch.status.new ?? '—'}`, { width, indent: 24 });
    for (const f of ch.fields) {
      if (ch.action === 'insert' && (f.new === null || f.new === undefined)) continue;
      doc.text(`${labels[f.field] ?? f.field} (${f.field}): ${historyValue(f.old)} → ${historyValue(f.new)}`, { width, indent: 24 });
    }
  }

  function fieldRow(f: PrintedField, indent = 0) {
    ensure(16);
    const y = doc.y;
    const labelWidth = 200 - indent;
    body(9).fillColor(GREY).text(f.label, MARGIN + indent, y, { width: labelWidth });
    const afterLabel = doc.y;
    body(9).text(f.rows ? (f.rows.length ? `${f.rows.length} row${f.rows.length === 1 ? '' : 's'}` : '—') : f.value || '—', MARGIN + 210, y, { width: width - 210 });
    doc.y = Math.max(afterLabel, doc.y) + 2;
    doc.x = MARGIN;
    f.rows?.forEach((row, i) => {
      ensure(14);
      bold(8.5).text(`Row ${i + 1}`, MARGIN + indent + 12);
      for (const cell of row) fieldRow(cell, indent + 24);
    });
  }

  function entry(e: PrintedEntry) {
    ensure(60);
    doc.moveDown(0.6);
    bold(11).text(`${e.formName} (version ${e.formVersion})${e.visitDate ? ` — ${e.visitDate}` : ''}`, MARGIN);
    const states = [
      `status ${e.status}`,
      e.sdv ? `SDV ${utc(e.sdv.at)} by ${e.sdv.by ?? '—'}` : 'not source-verified',
      e.frozen ? `frozen ${utc(e.frozen.at)} by ${e.frozen.by ?? '—'}` : null,
      e.locked ? `locked ${utc(e.locked.at)} by ${e.locked.by ?? '—'}` : 'not locked',
    ].filter(Boolean);
    body(8.5).fillColor(GREY).text(states.join(' · '), { width });
    doc.moveDown(0.3);
    for (const f of e.fields) fieldRow(f);
    if (e.history.length) {
      ensure(20);
      doc.moveDown(0.3);
      bold(9.5).text('Change history', MARGIN);
      for (const ch of e.history) change(ch, e.labels);
    }
    if (e.queries.length) {
      ensure(20);
      doc.moveDown(0.3);
      bold(9.5).text('Queries', MARGIN);
      for (const q of e.queries) thread(q);
    }
  }

  for (const v of c.visits) {
    doc.addPage();
    doc.outline.addItem(v.title);
    bold(15).text(v.title, MARGIN, TOP);
    for (const e of v.entries) entry(e);
  }

  // Header and footer on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keepTop = doc.page.margins.top;
    const keepBottom = doc.page.margins.bottom;
    doc.page.margins.top = 0;
    doc.page.margins.bottom = 0;
    body(8).fillColor(GREY).text(`${c.study.code} · Site ${c.site.number} ${c.site.name} · Subject ${c.subject.code}`, MARGIN, 30, { width, lineBreak: false });
    doc.moveTo(MARGIN, 44).lineTo(MARGIN + width, 44).strokeColor('#cccccc').stroke();
    body(8).fillColor(GREY).text(`Casebook of ${c.subject.code} · generated ${utc(c.generatedAt)} · page ${i - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.top = keepTop;
    doc.page.margins.bottom = keepBottom;
  }
  doc.end();
  return done;
}
