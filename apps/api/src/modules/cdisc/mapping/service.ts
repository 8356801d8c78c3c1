// Form-field-to-SDTM mappings of a study (AI Mappings tab; POST /api/cdisc/generate-mappings):
// - generate, AI mode: a suggestion for every field of the form's latest definition (suggest.ts), stored
//   as a 'suggested' row; approved rows are left untouched, a rejected row keeps its rejection while the
//   suggestion is the same target, suggestions for fields no longer on the form are removed.
// - generate, Manual mode: the form's fields with their current mapping (or none), no writes.
// - approve / reject a row; edit: the user's own domain.variable (test code, QNAM) with a reason, stored
//   as an approved manual mapping.
// Every write runs in withActor with a reason, so the audit trail records it (cdisc_mappings is audited).
import { TRPCError } from '@trpc/server';
import { sql, withActor, type Db, type Tx } from '@ctp/db';
import type { CdiscEditMapping, CdiscMapping, CdiscSummary, FormDefinition, MappingEvidence, MappingLogic } from '@ctp/contracts';
import { assertStudyVisible, visibleStudyIds } from '../../../access.ts';
import { actorOf } from '../../../trpc.ts';
import type { ProcedureCtx } from '../../../procedure-context.ts';
import { storedDefinition, visibleForm } from '../../forms/detail.ts';
import { intArrayLiteral, staleVersion } from '../../../sql-helpers.ts';
import { describeTarget, mappingLogicOf, suggestMapping, type Catalogue, type FieldToMap } from './suggest.ts';
import { currentStandards } from '../standards/current.ts';
import { refuse } from '../../../refusal.ts';

export const MAPPING_NOT_FOUND = 'Mapping not found';

// The catalogue: the variables of the current SDTMIG and CDASHIG (standards/current.ts). Reference data
// that changes only when a standard is imported: read once per database handle and set of current
// standards, so an import is seen at the next call.
const catalogues = new WeakMap<object, Map<string, Promise<Catalogue>>>();
export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const current = await currentStandards(db);
  const sdtm = current.get('SDTMIG');
  const cdash = current.get('CDASHIG');
  const key = `${sdtm?.id ?? ''}:${cdash?.id ?? ''}`;
  let byKey = catalogues.get(db);
  if (!byKey) catalogues.set(db, (byKey = new Map()));
  let c = byKey.get(key);
  if (!c) {
    // Only the latest set is worth keeping: an earlier one is never current again.
    byKey.clear();
    c = (async () => {
      const ids = [sdtm?.id, cdash?.id].filter((id): id is number => id !== undefined);
      const { rows } = await sql<{ standard: string; domain: string; name: string; label: string; simpleType: 'Char' | 'Num'; codelistCode: string | null; sdtmTargets: string | null }>`
        select s.code as standard, d.code as domain, v.name, v.label, v.simple_type, v.codelist_code, v.sdtm_targets
          from cdisc_variables v join cdisc_datasets d on d.id = v.dataset_id join cdisc_standards s on s.id = d.standard_id
         where s.id = any(${intArrayLiteral(ids)}::int[]) order by s.code, d.ordinal, v.ordinal, v.id`.execute(db);
      return {
        sdtmVersion: sdtm?.version,
        sdtm: rows.filter((r) => r.standard === 'SDTMIG').map((r) => ({ domain: r.domain, name: r.name, label: r.label, simpleType: r.simpleType, codelistCode: r.codelistCode })),
        cdash: rows.filter((r) => r.standard === 'CDASHIG').map((r) => ({ dataset: r.domain, name: r.name, label: r.label, sdtmTargets: r.sdtmTargets })),
      };
    })();
    const entry = c;
    entry.catch(() => byKey.delete(key));
    byKey.set(key, entry);
  }
  return c;
}

/** The fields of a definition, flat: a repeating group's fields as group.code. */
export function fieldsOf(def: FormDefinition): (FieldToMap & { type: string })[] {
  const out: FieldToMap[] = [];
  const one = (f: FormDefinition['fields'][number], prefix = '') => {
    if (f.type === 'repeatingGroup') {
      for (const sub of f.fields) one(sub, `${f.code}.`);
      return;
    }
    out.push({
      path: `${prefix}${f.code}`,
      code: f.code,
      label: f.label,
      type: f.type,
      codeList: 'codeList' in f ? f.codeList.map((c) => c.code) : undefined,
      unit: 'unit' in f ? f.unit : undefined,
      cdashVariable: f.cdashVariable,
      sdtmTarget: f.sdtmTarget,
    });
  };
  for (const f of def.fields) one(f);
  return out;
}

async function latestDefinition(db: Db | Tx, formId: number) {
  const row = await db.selectFrom('formVersions').select(['id', 'definition']).where('formId', '=', formId).orderBy('versionNumber', 'desc').limit(1).executeTakeFirst();
  if (!row) throw refuse('NOT_FOUND', 'formNotFound');
  return { versionId: row.id, definition: storedDefinition(row.definition) };
}

interface MappingRow {
  id: number;
  formId: number;
  fieldPath: string;
  fieldLabel: string;
  targetDomain: string;
  targetVariable: string;
  testCode: string | null;
  qnam: string | null;
  confidence: number;
  reasoning: string;
  evidence: unknown;
  mappingLogic: MappingLogic;
  status: 'suggested' | 'approved' | 'rejected';
  origin: 'ai' | 'manual';
  decidedBy: string | null;
  decidedAt: Date | string | null;
  version: number;
  studyId: number;
}

const rowColumns = sql`m.id, m.form_id, m.field_path, m.field_label, m.target_domain, m.target_variable, m.test_code, m.qnam,
  m.confidence::float8 as confidence, m.reasoning, m.evidence, m.mapping_logic, m.status, m.origin, u.full_name as decided_by,
  m.decided_at, m.version, m.study_id`;

async function rowsOf(db: Db | Tx, where: ReturnType<typeof sql>) {
  const { rows } = await sql<MappingRow>`select ${rowColumns} from cdisc_mappings m left join users u on u.id = m.decided_by where ${where} order by m.form_id, m.id`.execute(db);
  return rows;
}

function toMapping(row: MappingRow | undefined, field: { path: string; code: string; label: string; type: string } | null): CdiscMapping {
  const path = field?.path ?? row!.fieldPath;
  return {
    id: row?.id ?? null,
    formId: row?.formId ?? 0,
    fieldName: field?.code ?? path.split('.').pop()!,
    fieldPath: path,
    fieldLabel: field?.label ?? row!.fieldLabel,
    fieldType: field?.type ?? 'unknown',
    suggestedDomain: row?.targetDomain ?? null,
    suggestedVariable: row?.targetVariable ?? null,
    testCode: row?.testCode ?? null,
    qnam: row?.qnam ?? null,
    confidence: row ? Number(row.confidence) : null,
    reasoning: row?.reasoning ?? null,
    mappingLogic: row?.mappingLogic ?? null,
    evidence: row ? ((typeof row.evidence === 'string' ? JSON.parse(row.evidence) : row.evidence) as MappingEvidence[]) : [],
    status: row?.status ?? null,
    origin: row?.origin ?? null,
    decidedBy: row?.decidedBy ?? null,
    decidedAt: row?.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    version: row?.version ?? null,
  };
}

/** The form's fields in order, each with its mapping (null fields when it has none). */
async function formMappings(db: Db | Tx, formId: number): Promise<CdiscMapping[]> {
  const { definition } = await latestDefinition(db, formId);
  const rows = new Map((await rowsOf(db, sql`m.form_id = ${formId}`)).map((r) => [r.fieldPath, r]));
  return fieldsOf(definition).map((f) => ({ ...toMapping(rows.get(f.path), f), formId }));
}

export async function listMappings(ctx: ProcedureCtx, input: { formId?: number; studyId?: number; status?: 'suggested' | 'approved' | 'rejected' }): Promise<CdiscMapping[]> {
  if (input.formId !== undefined) {
    const form = await visibleForm(ctx, input.formId);
    if (input.studyId !== undefined && input.studyId !== form.studyId) throw refuse('NOT_FOUND', 'formNotFound');
    const all = await formMappings(ctx.db, form.id);
    return input.status ? all.filter((m) => m.status === input.status) : all;
  }
  assertStudyVisible(ctx.scope, input.studyId!);
  const rows = await rowsOf(ctx.db, sql`m.study_id = ${input.studyId!} ${input.status ? sql`and m.status = ${input.status}` : sql``}`);
  return rows.map((r) => toMapping(r, null));
}

export async function generateMappings(ctx: ProcedureCtx, input: { formId: number; useAI: boolean }): Promise<CdiscMapping[]> {
  const form = await visibleForm(ctx, input.formId);
  if (!input.useAI) return formMappings(ctx.db, form.id);
  const catalogue = await loadCatalogue(ctx.db);
  const { versionId, definition } = await latestDefinition(ctx.db, form.id);
  const fields = fieldsOf(definition);
  const suggestions = fields.map((f) => suggestMapping(f, form.libraryDomain, catalogue));
  const reason = `Mapping suggestions generated for form ${form.name} (${form.code})`;
  return withActor(ctx.db, actorOf(ctx, reason), async (tx) => {
    // Serialise concurrent generations of one form (the row lock on the form).
    await sql`select id from forms where id = ${form.id} for update`.execute(tx);
    const existing = new Map((await rowsOf(tx, sql`m.form_id = ${form.id}`)).map((r) => [r.fieldPath, r]));
    for (const s of suggestions) {
      const row = existing.get(s.fieldPath);
      const values = {
        fieldLabel: s.fieldLabel,
        formVersionId: versionId,
        targetDomain: s.domain,
        targetVariable: s.variable,
        testCode: s.testCode,
        qnam: s.qnam,
        confidence: s.confidence,
        reasoning: s.reasoning,
        evidence: JSON.stringify(s.evidence),
        mappingLogic: s.mappingLogic,
      };
      if (!row) {
        await tx.insertInto('cdiscMappings').values({ ...values, studyId: form.studyId, formId: form.id, fieldPath: s.fieldPath, status: 'suggested', origin: 'ai' }).execute();
        continue;
      }
      if (row.status === 'approved') continue;
      const sameTarget = describeTarget({ domain: row.targetDomain, variable: row.targetVariable, testCode: row.testCode, qnam: row.qnam }) === describeTarget(s);
      if (row.status === 'rejected' && sameTarget) continue;
      const unchanged = row.status === 'suggested' && sameTarget && Number(row.confidence) === s.confidence && row.reasoning === s.reasoning && row.mappingLogic === s.mappingLogic;
      if (unchanged) continue;
      await tx
        .updateTable('cdiscMappings')
        .set({ ...values, status: 'suggested', origin: 'ai', decidedBy: null, decidedAt: null, updatedAt: sql<Date>`now()` as never, version: sql<number>`version + 1` as never })
        .where('id', '=', row.id)
        .execute();
    }
    const paths = new Set(fields.map((f) => f.path));
    const gone = [...existing.values()].filter((r) => !paths.has(r.fieldPath) && r.status === 'suggested').map((r) => r.id);
    if (gone.length) await tx.deleteFrom('cdiscMappings').where('id', 'in', gone).execute();
    return formMappings(tx, form.id);
  });
}

async function visibleMapping(ctx: ProcedureCtx, id: number): Promise<MappingRow> {
  const row = (await rowsOf(ctx.db, sql`m.id = ${id}`))[0];
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MAPPING_NOT_FOUND });
  assertStudyVisible(ctx.scope, row.studyId, 'Mapping');
  return row;
}

async function decide(ctx: ProcedureCtx, input: { id: number; version: number; reason?: string }, status: 'approved' | 'rejected'): Promise<CdiscMapping> {
  const row = await visibleMapping(ctx, input.id);
  const target = describeTarget({ domain: row.targetDomain, variable: row.targetVariable, testCode: row.testCode, qnam: row.qnam });
  const reason = input.reason ?? `${status === 'approved' ? 'Approved' : 'Rejected'} mapping ${row.fieldPath} -> ${target}`;
  return withActor(ctx.db, actorOf(ctx, reason), async (tx) => {
    const updated = await tx
      .updateTable('cdiscMappings')
      .set({ status, decidedBy: ctx.user.id, decidedAt: sql<Date>`now()` as never, updatedAt: sql<Date>`now()` as never, version: sql<number>`version + 1` as never })
      .where('id', '=', row.id)
      .where('version', '=', input.version)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw staleVersion();
    const fresh = (await rowsOf(tx, sql`m.id = ${row.id}`))[0]!;
    return toMapping(fresh, { path: fresh.fieldPath, code: fresh.fieldPath.split('.').pop()!, label: fresh.fieldLabel, type: 'unknown' });
  });
}

export const approveMapping = (ctx: ProcedureCtx, input: { id: number; version: number; reason?: string }) => decide(ctx, input, 'approved');
export const rejectMapping = (ctx: ProcedureCtx, input: { id: number; version: number; reason: string }) => decide(ctx, input, 'rejected');

export async function editMapping(ctx: ProcedureCtx, input: CdiscEditMapping): Promise<CdiscMapping> {
  const form = await visibleForm(ctx, input.formId);
  const { versionId, definition } = await latestDefinition(ctx.db, form.id);
  const field = fieldsOf(definition).find((f) => f.path === input.fieldPath);
  if (!field) throw refuse('NOT_FOUND', 'noSuchField');
  const supp = input.domain.startsWith('SUPP');
  if (supp) {
    if (input.variable !== 'QVAL') throw refuse('BAD_REQUEST', 'suppQval');
    if (!input.qnam) throw refuse('BAD_REQUEST', 'suppQnam');
  } else {
    const catalogue = await loadCatalogue(ctx.db);
    if (!catalogue.sdtm.some((v) => v.domain === input.domain && v.name === input.variable)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `${input.domain}.${input.variable} is not an SDTMIG${catalogue.sdtmVersion ? ` ${catalogue.sdtmVersion}` : ''} variable` });
    }
  }
  const target = { domain: input.domain, variable: input.variable, testCode: supp ? null : (input.testCode ?? null), qnam: supp ? input.qnam! : null };
  const logic = input.mappingLogic ?? mappingLogicOf(field, target);
  const values = {
    fieldLabel: field.label,
    formVersionId: versionId,
    targetDomain: target.domain,
    targetVariable: target.variable,
    testCode: target.testCode,
    qnam: target.qnam,
    confidence: 1,
    reasoning: `Mapped by hand by ${ctx.user.fullName} to ${describeTarget(target)}: ${input.reason}`,
    evidence: JSON.stringify([{ source: 'name', weight: 1, detail: `Chosen by hand: ${input.reason}` }]),
    mappingLogic: logic,
    status: 'approved' as const,
    origin: 'manual' as const,
    decidedBy: ctx.user.id,
    decidedAt: sql<Date>`now()` as never,
  };
  return withActor(ctx.db, actorOf(ctx, input.reason), async (tx) => {
    const existing = await tx.selectFrom('cdiscMappings').select(['id', 'version']).where('formId', '=', form.id).where('fieldPath', '=', field.path).forUpdate().executeTakeFirst();
    if (existing) {
      if (input.version === undefined || input.version !== existing.version) throw staleVersion();
      await tx
        .updateTable('cdiscMappings')
        .set({ ...values, updatedAt: sql<Date>`now()` as never, version: sql<number>`version + 1` as never })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await tx.insertInto('cdiscMappings').values({ ...values, studyId: form.studyId, formId: form.id, fieldPath: field.path }).execute();
    }
    const fresh = (await rowsOf(tx, sql`m.form_id = ${form.id} and m.field_path = ${field.path}`))[0]!;
    return { ...toMapping(fresh, field), formId: form.id };
  });
}

/** SDTMIG variables of one domain for the Edit pickers. */
export async function variablesByDomain(db: Db, domain: string) {
  const catalogue = await loadCatalogue(db);
  return catalogue.sdtm.filter((v) => v.domain === domain).map((v) => ({ name: v.name, label: v.label, simpleType: v.simpleType, codelistCode: v.codelistCode }));
}

/**
 * Mapped Domains = SDTM domains with an approved mapping / domains the study's forms feed (the forms'
 * library domains and every target domain of their mappings); a SUPP-- domain counts as its parent.
 * AI Suggestions = mappings waiting for a decision. Over one study, or every study the user sees.
 */
export async function mappingSummary(ctx: ProcedureCtx, studyId?: number): Promise<CdiscSummary> {
  if (studyId !== undefined) assertStudyVisible(ctx.scope, studyId);
  const ids = studyId !== undefined ? [studyId] : visibleStudyIds(ctx.scope);
  const inScope = (col: ReturnType<typeof sql>) => (ids === null ? sql`true` : sql`${col} = any(${intArrayLiteral(ids)}::int[])`);
  const { rows } = await sql<CdiscSummary>`
    with m as (
      select regexp_replace(target_domain, '^SUPP', '') as domain, status from cdisc_mappings where ${inScope(sql`study_id`)}
    ), fed as (
      select domain from m union select library_domain from forms where library_domain is not null and status <> 'archived' and ${inScope(sql`study_id`)}
    )
    select (select count(distinct domain) from m where status = 'approved')::int as "mappedDomains",
           (select count(distinct domain) from fed)::int as "fedDomains",
           (select count(*) from m where status = 'suggested')::int as "pendingSuggestions",
           (select count(*) from m where status = 'approved')::int as "approvedMappings"`.execute(ctx.db);
  return rows[0]!;
}
