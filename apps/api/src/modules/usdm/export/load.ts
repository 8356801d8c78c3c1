// A study read for the USDM export: the study row, its design (loadDesign), visit schedule, forms that
// are not archived with the visits they are due at and the field codes of their latest definition,
// eligibility criteria, objectives and endpoints.
import { sql, type Db } from '@ctp/db';
import { loadDesign } from '../../design/read.ts';
import { storedDefinition } from '../../forms/detail.ts';
import { refuse } from '../../../refusal.ts';
import type { ExportStudy } from './study-data.ts';

export async function loadExportStudy(db: Db, studyId: number): Promise<ExportStudy> {
  const study = await db
    .selectFrom('studies')
    .select(['code', 'title', 'description', 'phase', 'therapeuticArea', 'targetEnrollment', 'sponsorName'])
    .where('id', '=', studyId)
    .executeTakeFirst();
  if (!study) throw refuse('NOT_FOUND', 'studyNotFound');
  const [design, visits, forms, criteria, objectives, endpoints] = await Promise.all([
    loadDesign(db, studyId),
    db
      .selectFrom('visitDefinitions')
      .select(['id', 'code', 'name', 'dayOffset', 'windowBefore', 'windowDays as windowAfter'])
      .where('studyId', '=', studyId)
      .orderBy('sortOrder')
      .execute(),
    sql<{ id: number; name: string; description: string | null; libraryDomain: string | null; definition: unknown; visitIds: number[] | null }>`
      select f.id, f.name, f.description, f.library_domain,
             (select v.definition from form_versions v where v.form_id = f.id order by v.version_number desc limit 1) as definition,
             (select array_agg(vf.visit_definition_id) from visit_forms vf where vf.form_id = f.id) as visit_ids
        from forms f where f.study_id = ${studyId} and f.status <> 'archived' order by f.id`.execute(db),
    db.selectFrom('studyEligibilityCriteria').select(['kind', 'code', 'text']).where('studyId', '=', studyId).orderBy('ordinal').execute(),
    db.selectFrom('studyObjectives').select(['id', 'level', 'text']).where('studyId', '=', studyId).orderBy('ordinal').execute(),
    db.selectFrom('studyEndpoints').select(['objectiveId', 'level', 'text', 'purpose']).where('studyId', '=', studyId).orderBy('ordinal').execute(),
  ]);
  const visitCode = new Map(visits.map((v) => [v.id, v.code]));
  const visitOrder = new Map(visits.map((v, i) => [v.id, i]));
  return {
    study: { ...study, targetEnrollment: Number(study.targetEnrollment) },
    elements: design.elements.map((e) => ({ code: e.code, name: e.name, startRule: e.startRule, endRule: e.endRule })),
    arms: design.arms.map((a) => ({ code: a.code, name: a.name, description: a.description, steps: a.steps.map((s) => ({ elementCode: s.elementCode, epoch: s.epoch })) })),
    visits: visits.map((v) => ({ code: v.code, name: v.name, dayOffset: v.dayOffset, windowBefore: v.windowBefore, windowAfter: v.windowAfter })),
    forms: forms.rows.map((f) => ({
      name: f.name,
      description: f.description,
      libraryDomain: f.libraryDomain,
      fieldCodes: f.definition ? storedDefinition(f.definition).fields.map((x) => x.code) : [],
      visitCodes: [...(f.visitIds ?? [])].sort((a, b) => visitOrder.get(a)! - visitOrder.get(b)!).map((id) => visitCode.get(id)!),
    })),
    criteria,
    objectives: objectives.map((o) => ({
      level: o.level,
      text: o.text,
      endpoints: endpoints.filter((e) => e.objectiveId === o.id).map((e) => ({ level: e.level, text: e.text, purpose: e.purpose })),
    })),
  };
}
