// The Part 11 / ALCOA+ evidence report as a PDF (pdfkit): each compliance check with its result and the
// evidence behind it, the configuration that satisfies it (password policy, session timeouts, lock-out),
// the audit-readiness checks and the last verification of the audit hash chain.
import PDFDocument from 'pdfkit';
import { SECURITY, type ComplianceStatus } from '@ctp/contracts';
import type { ReadinessResult } from './readiness.ts';

export interface EvidenceInput {
  generatedAt: Date;
  generatedBy: string;
  scopeLabel: string;
  status: ComplianceStatus;
  readiness: ReadinessResult;
  chain: { verifiedAt: string | null; rows: number; intact: boolean | null; firstBrokenId: number | null };
}

export function evidencePdf(e: EvidenceInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: '21 CFR Part 11 / ALCOA+ evidence report', Author: 'Clinical trial platform' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.3).font('Helvetica').fontSize(10);

  doc.font('Helvetica-Bold').fontSize(18).text('21 CFR Part 11 / ALCOA+ evidence report');
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Generated ${e.generatedAt.toISOString()} by ${e.generatedBy}. Scope: ${e.scopeLabel}.`);

  heading('Status');
  doc.text(`21 CFR Part 11: ${e.status.cfr21Part11}`);
  doc.text(`GCP guidelines: ${e.status.gcpGuidelines}`);
  doc.text(`GDPR: ${e.status.gdpr}`);
  doc.text(`Audit trail completeness: ${e.status.auditTrailCompleteness}%`);
  doc.text(`Audit readiness: ${e.readiness.percent}%`);

  heading('Checks and their evidence');
  for (const c of e.status.checks) doc.text(`[${c.passed ? 'PASS' : 'FAIL'}] ${c.regulation}: ${c.check}`);

  heading('Audit readiness checks');
  for (const c of e.readiness.checks) doc.text(`[${c.passed ? 'PASS' : 'FAIL'}] ${c.label}`);

  heading('Configuration that satisfies the controls');
  doc.text(`Passwords: at least ${SECURITY.passwordMinLength} characters with a letter and a digit, hashed with argon2id (§11.300).`);
  doc.text(`Sessions: ${SECURITY.sessionIdleMinutes}-minute idle and ${SECURITY.sessionAbsoluteHours}-hour absolute expiry; opaque tokens stored as sha256 hashes (§11.10(d)).`);
  doc.text(`Lock-out: ${SECURITY.maxFailedLogins} failed log-ins lock an account for ${SECURITY.lockoutMinutes} minutes (§11.300(d)).`);
  doc.text('Audit trail: written by a database trigger on every audited table with user, time, reason and old and new values; rows append-only and hash-chained (§11.10(e)).');
  doc.text('Electronic signatures: password re-entered at signing; printed name, time, meaning and the sha256 of the signed content kept; append-only (§11.50, §11.70, §11.200).');
  doc.text('Locked data: the database refuses changes to frozen or locked form entries; unlocking needs a reason.');

  heading('Last verification of the audit hash chain');
  doc.text(
    e.chain.intact === null
      ? 'Not verified yet.'
      : e.chain.intact
        ? `Intact: ${e.chain.rows} rows verified at ${e.chain.verifiedAt}.`
        : `Broken at row ${e.chain.firstBrokenId} (verified at ${e.chain.verifiedAt}).`,
  );
  doc.end();
  return done;
}
