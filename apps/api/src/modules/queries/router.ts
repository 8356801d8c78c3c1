// queries.*: discrepancies and their lifecycle (lifecycle.ts), the list, cards, reports and export.
import { z } from 'zod';
import {
  id,
  queryCancelInput,
  queryCloseInput,
  queryCreateInput,
  queryFilterInput,
  queryListInput,
  queryReopenInput,
  queryRespondInput,
  queryUpdateInput,
} from '@ctp/contracts';
import { router, permitted } from '../../trpc.ts';
import { listQueries, queryReports, querySummary } from './list.ts';
import { cancelQuery, closeQuery, createQuery, queryDetail, reopenQuery, respondToQuery, updateQuery } from './lifecycle.ts';
import { exportQueriesCsv, streamQueriesCsv } from './export.ts';

const read = permitted('query.read');
const decide = permitted('query.close');

export const queriesRouter = router({
  list: read.input(queryListInput).query(({ ctx, input }) => listQueries(ctx.db, ctx.scope, input)),
  summary: read.input(queryFilterInput.optional()).query(({ ctx, input }) => querySummary(ctx.db, ctx.scope, input ?? {})),
  reports: read.input(queryFilterInput.optional()).query(({ ctx, input }) => queryReports(ctx.db, ctx.scope, input ?? {})),
  byId: read.input(z.object({ id })).query(({ ctx, input }) => queryDetail(ctx, input.id)),
  exportCsv: permitted('report.export').input(queryFilterInput.optional()).mutation(({ ctx, input }) => exportQueriesCsv(ctx.db, ctx.scope, input ?? {})),
  /** The same CSV as a stream of chunks, for GET /api/queries/export.csv (useful to server-side callers only). */
  exportCsvStream: permitted('report.export').input(queryFilterInput.optional()).query(({ ctx, input }) => streamQueriesCsv(ctx.db, ctx.scope, input ?? {})),
  create: permitted('query.raise').input(queryCreateInput).mutation(({ ctx, input }) => createQuery(ctx, input)),
  respond: permitted('query.respond').input(queryRespondInput).mutation(({ ctx, input }) => respondToQuery(ctx, input)),
  close: decide.input(queryCloseInput).mutation(({ ctx, input }) => closeQuery(ctx, input)),
  reopen: decide.input(queryReopenInput).mutation(({ ctx, input }) => reopenQuery(ctx, input)),
  cancel: decide.input(queryCancelInput).mutation(({ ctx, input }) => cancelQuery(ctx, input)),
  update: decide.input(queryUpdateInput).mutation(({ ctx, input }) => updateQuery(ctx, input)),
});
