// clinicalData.odm: who may export what, then the stream. Data managers, monitors and administrators
// (permission clinicalData.export, by their role in the study); the study must be theirs (else 404),
// a site must take part in the study, a subject must belong to it (and to the site when both are
// named); a membership narrowed to sites exports only its own site. The answer carries the file name
// and the chunks; the REST path streams them (rest.ts).
import { assertStudyVisible, canSeeStudySite } from '../../access.ts';
import type { ProcedureCtx } from '../../procedure-context.ts';
import { refuse } from '../../refusal.ts';
import { odmClinicalData, type OdmInclude } from './odm-clinical.ts';
import type { ExportTarget } from './load.ts';

export interface OdmExport {
  filename: string;
  chunks: AsyncGenerator<string>;
}

export async function odmExport(ctx: ProcedureCtx, input: { studyId: number; siteId?: number; patientId?: number; include: OdmInclude[] }): Promise<OdmExport> {
  assertStudyVisible(ctx.scope, input.studyId);
  const study = await ctx.db.selectFrom('studies').select(['id', 'code', 'title']).where('id', '=', input.studyId).executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  const target: ExportTarget = { studyId: study.id };
  let suffix = '';
  if (input.siteId !== undefined) {
    const site = await ctx.db
      .selectFrom('studySites')
      .innerJoin('sites', 'sites.id', 'studySites.siteId')
      .select(['sites.id', 'sites.siteNumber'])
      .where('studySites.studyId', '=', study.id)
      .where('studySites.siteId', '=', input.siteId)
      .executeTakeFirst();
    if (!site || !canSeeStudySite(ctx.scope, study.id, site.id)) throw refuse('NOT_FOUND', 'siteNotFound');
    target.siteId = site.id;
    suffix += `-site-${site.siteNumber}`;
  } else if (ctx.scope.sites.get(study.id) && input.patientId === undefined) {
    // Staff of some sites only: never the whole study.
    throw refuse('FORBIDDEN', 'ownSiteOnly');
  }
  if (input.patientId !== undefined) {
    const p = await ctx.db.selectFrom('patients').select(['id', 'studyId', 'siteId', 'subjectCode']).where('id', '=', input.patientId).executeTakeFirst();
    const fits = p && p.studyId === study.id && (target.siteId === undefined || p.siteId === target.siteId) && canSeeStudySite(ctx.scope, p.studyId, p.siteId);
    if (!fits) throw refuse('NOT_FOUND', 'subjectNotFound');
    target.patientId = p.id;
    suffix += `-${p.subjectCode}`;
  }
  const safe = `${study.code}${suffix}`.replace(/[^A-Za-z0-9._-]+/g, '_');
  return {
    filename: `${safe}-odm-clinical-data.xml`,
    chunks: odmClinicalData(ctx.db, study, target, { include: new Set(input.include) }),
  };
}
