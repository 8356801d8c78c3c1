// users.accessReview and GET /api/users/access-review.csv|.pdf: the access review as a file, in the
// compliance downloads' shape (a PDF as base64, a CSV as text), made at the moment of the request.
import type { AccessReviewFormat } from '@ctp/contracts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { todayIso } from '../../sql-helpers.ts';
import type { Download } from '../compliance/downloads.ts';
import { accessReviewCsv, loadAccessReview, type AccessReview } from './access-review.ts';
import { accessReviewPdf } from './access-review-pdf.ts';

export async function accessReviewDownload(ctx: ProcedureCtx, format: AccessReviewFormat): Promise<Download> {
  const generatedBy = await ctx.db.selectFrom('users').select(['fullName', 'email']).where('id', '=', ctx.user.id).executeTakeFirstOrThrow();
  const review: AccessReview = { generatedAt: new Date(), generatedBy, users: await loadAccessReview(ctx.db) };
  const name = `access-review-${todayIso()}`;
  if (format === 'csv') return { filename: `${name}.csv`, contentType: 'text/csv', content: accessReviewCsv(review), encoding: 'utf8' };
  const pdf = await accessReviewPdf(review);
  return { filename: `${name}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' };
}
