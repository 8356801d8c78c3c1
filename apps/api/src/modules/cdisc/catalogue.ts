// The CDISC standards catalogue as the Domains tab reads it: the loaded standards, their domains (search
// on code or name in any case, type filter, paged in SQL) with variable and mapping counts, and one
// domain's variables in the guide's order. The catalogue is reference data loaded by migration 0019 from
// the checked-in cdisc-catalogue.json, plus the standards users import (standards/); with several
// versions of a standard loaded, the domains listed are those of the current one (standards/current.ts).
import { sql, type Db } from '@ctp/db';
import type { CdiscDomain, CdiscDomainFilter, CdiscVariable } from '@ctp/contracts';
import { containsPattern, intArrayLiteral, pageWindow, type Fragment } from '../../sql-helpers.ts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { currentStandards } from './standards/current.ts';
import { refuse } from '../../refusal.ts';

interface DomainFilter {
  search?: string;
  type: CdiscDomainFilter;
  limit: number;
  offset: number;
}

// mappingCount: the approved study mappings (cdisc_mappings, the AI Mappings tab) to an SDTM domain's
// variables, within the studies the user sees; a CDASH dataset counts none (mappings target SDTM).
function mappingCount(scope: StudyScope): Fragment<number> {
  const ids = visibleStudyIds(scope);
  return sql<number>`(case when s.type = 'SDTM' then (select count(*) from cdisc_mappings m where m.status = 'approved' and m.target_domain = d.code
    ${ids === null ? sql`` : sql`and m.study_id = any(${intArrayLiteral(ids)}::int[])`}) else 0 end)`;
}

const domainColumns = (scope: StudyScope) => sql`d.id, d.code as "domainCode", d.name as "domainName", s.type as "domainType", d.description,
  s.version, (select count(*)::int from cdisc_variables v where v.dataset_id = d.id) as "variableCount",
  ${mappingCount(scope)}::int as "mappingCount", s.code as standard, d.class, d.structure`;

export async function listDomains(db: Db, f: DomainFilter, scope: StudyScope) {
  const current = [...(await currentStandards(db)).values()].map((c) => c.id);
  const where: Fragment<boolean>[] = [sql<boolean>`s.id = any(${intArrayLiteral(current)}::int[])`];
  if (f.type !== 'All') where.push(sql<boolean>`s.type = ${f.type}`);
  if (f.search) {
    const p = containsPattern(f.search);
    where.push(sql<boolean>`(d.code ilike ${p} or d.name ilike ${p})`);
  }
  const w = pageWindow(f);
  const { rows } = await sql<CdiscDomain & { total: number }>`
    select ${domainColumns(scope)}, count(*) over ()::int as total
      from cdisc_datasets d join cdisc_standards s on s.id = d.standard_id
     where ${sql.join(where, sql` and `)}
     order by case s.type when 'SDTM' then 1 when 'CDASH' then 2 else 3 end, s.code, s.version desc, d.ordinal
     limit ${w.limit} offset ${w.offset}`.execute(db);
  return {
    items: rows.map(({ total: _, ...d }) => d),
    total: rows[0]?.total ?? (f.offset > 0 ? await countDomains(db, where) : 0),
    limit: f.limit,
    offset: f.offset,
  };
}

/** The total when the page asked for lies past the end (no row carries the window count). */
async function countDomains(db: Db, where: Fragment<boolean>[]) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from cdisc_datasets d join cdisc_standards s on s.id = d.standard_id
     where ${sql.join(where, sql` and `)}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function domainVariables(db: Db, domainId: number, scope: StudyScope): Promise<{ domain: CdiscDomain; variables: CdiscVariable[] }> {
  const { rows } = await sql<CdiscDomain>`
    select ${domainColumns(scope)} from cdisc_datasets d join cdisc_standards s on s.id = d.standard_id where d.id = ${domainId}`.execute(db);
  const domain = rows[0];
  if (!domain) throw refuse('NOT_FOUND', 'domainNotFound');
  const variables = await db
    .selectFrom('cdiscVariables')
    .select(['id', 'ordinal as order', 'name', 'label', 'dataType', 'simpleType', 'role', 'core', 'codelistCode', 'codelistName', 'notes', 'sdtmTargets'])
    .where('datasetId', '=', domainId)
    .orderBy('ordinal')
    .orderBy('id')
    .execute();
  return { domain, variables };
}
