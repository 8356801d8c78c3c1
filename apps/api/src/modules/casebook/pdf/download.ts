// casebook.pdf and GET /api/patients/{id}/casebook.pdf: a subject's casebook as a PDF, for whoever may
// open the casebook page (form.read within the subject's study and, for site staff, their own site).
import type { ProcedureCtx } from '../../../procedure-context.ts';
import type { Download } from '../../compliance/downloads.ts';
import { casebookContent } from './content.ts';
import { casebookPdf } from './render.ts';

export async function casebookPdfDownload(ctx: ProcedureCtx, patientId: number): Promise<Download> {
  const content = await casebookContent(ctx, patientId);
  const pdf = await casebookPdf(content);
  const name = `casebook-${content.study.code}-${content.subject.code}`.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { filename: `${name}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' };
}
