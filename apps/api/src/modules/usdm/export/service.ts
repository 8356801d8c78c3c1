// usdm.export: one study as a USDM 4.0 document. The design is exported to every reader of the study:
// arms in the design are not allocations (no subject's arm is in the document), so blinding is kept.
import type { ProcedureCtx } from '../../../procedure-context.ts';
import { assertStudyVisible } from '../../../access.ts';
import { APP_VERSION } from '../../../version.ts';
import { loadExportStudy } from './load.ts';
import { buildUsdm } from './build.ts';

export async function exportStudy(ctx: ProcedureCtx, studyId: number) {
  assertStudyVisible(ctx.scope, studyId);
  const data = await loadExportStudy(ctx.db, studyId);
  return { code: data.study.code, document: buildUsdm(data, APP_VERSION) };
}
