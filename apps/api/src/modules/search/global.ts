// search.global: the top bar's search. One term, five small statements run side by side, each within
// what its own screen would show the user (the same scope helpers, so a result never opens on
// NOT_FOUND): studies in scope, their subjects (site staff: own sites), visible sites, live forms,
// queries (site staff: own sites), trial master file documents (site staff: trial-level and own sites')
// and regulatory submissions. Every match is '%term%', case-insensitive, through a trigram index
// (migrations 0003, 0008, 0010, 0015, 0062); matches that start with the term come first. Each
// statement is planned for its pattern (PLANNED_PER_CALL): with one generic plan the queries group
// walked the scope's index and tested every query in it.
import { PLANNED_PER_CALL, sql, type Db } from '@ctp/db';
import { can, type GlobalSearchResult, type Role, type SearchGroup, type SearchItem, type SearchKind } from '@ctp/contracts';
import { visibleStudyIds, type StudyScope } from '../../access.ts';
import { containsPattern, type Fragment } from '../../sql-helpers.ts';
import { inStudies } from '../studies/scope-sql.ts';
import { scopeCondition } from '../patients/filters.ts';
import { siteScope } from '../sites/scope.ts';
import { queryWhere } from '../queries/scope.ts';
import { ownSitesOrTrialLevel } from '../etmf/scope.ts';

type Row = { id: number; title: string; subtitle: string | null };

interface Patterns {
  /** '%term%' with the term's own %, _ and \ escaped. */
  contains: string;
  /** 'term%': the same escaping, so a prefix test agrees with the contains test. */
  prefix: string;
  /** The group size as a literal: one plan per size instead of one per call (see pageWindow). */
  limit: Fragment<number>;
}

async function rows(db: Db, query: Fragment<Row>): Promise<Row[]> {
  return (await sql<Row>`${sql.raw(PLANNED_PER_CALL)} ${query}`.execute(db)).rows;
}

function studies(db: Db, ids: number[] | null, p: Patterns) {
  return rows(db, sql<Row>`
    select s.id, s.code as title, s.title as subtitle from studies s
     where ${inStudies('s.id', ids)} and (s.code ilike ${p.contains} or s.title ilike ${p.contains})
     order by s.code ilike ${p.prefix} desc, s.title ilike ${p.prefix} desc, s.code
     limit ${p.limit}`);
}

function subjects(db: Db, scope: StudyScope, p: Patterns) {
  // Subject codes are upper case (a constraint, migration 0003): LIKE upper(pattern) finds what ILIKE
  // would, at less cost per row, as the patients list does.
  return rows(db, sql<Row>`
    select p.id, p.subject_code as title, st.code || ' · ' || si.name as subtitle
      from patients p join studies st on st.id = p.study_id join sites si on si.id = p.site_id
     where ${scopeCondition(scope) ?? sql<boolean>`true`} and p.subject_code like upper(${p.contains})
     order by p.subject_code like upper(${p.prefix}) desc, p.subject_code, p.id
     limit ${p.limit}`);
}

function sites(db: Db, scope: StudyScope, role: Role, p: Patterns) {
  // siteScope is the sites screen's and the site page's own visibility (admins: every site).
  return rows(db, sql<Row>`
    select s.id, s.name as title, s.site_number as subtitle from sites s
     where ${siteScope(scope, role).visible} and (s.site_number ilike ${p.contains} or s.name ilike ${p.contains})
     order by s.site_number ilike ${p.prefix} desc, s.name ilike ${p.prefix} desc, s.site_number
     limit ${p.limit}`);
}

function forms(db: Db, ids: number[] | null, p: Patterns) {
  // lower(name) LIKE lower(pattern): the expression forms_name_trgm_idx (migration 0010) indexes.
  return rows(db, sql<Row>`
    select f.id, f.name as title, st.code || ' · ' || f.code as subtitle
      from forms f join studies st on st.id = f.study_id
     where ${inStudies('f.study_id', ids)} and f.status <> 'archived' and lower(f.name) like lower(${p.contains})
     order by lower(f.name) like lower(${p.prefix}) desc, f.name, f.id
     limit ${p.limit}`);
}

function queries(db: Db, scope: StudyScope, p: Patterns) {
  // queryWhere with no filter is the queries screen's scope (site staff: their own sites' queries).
  return rows(db, sql<Row>`
    select q.id, q.code as title, p.subject_code || ' · ' || left(q.description, 120) as subtitle
      from queries q join patients p on p.id = q.patient_id
     where ${queryWhere(scope, {})} and (q.code ilike ${p.contains} or q.description ilike ${p.contains})
     order by q.code ilike ${p.prefix} desc, q.code, q.id
     limit ${p.limit}`);
}

function documents(db: Db, scope: StudyScope, p: Patterns) {
  return rows(db, sql<Row>`
    select d.id, d.title, st.code || ' · ' || d.code || ' · ' || d.artifact_number as subtitle
      from documents d join studies st on st.id = d.study_id
     where ${inStudies('d.study_id', visibleStudyIds(scope))} and ${ownSitesOrTrialLevel(scope)} and d.status <> 'withdrawn'
       and (d.title ilike ${p.contains} or d.code ilike ${p.contains})
     order by d.title ilike ${p.prefix} desc, d.code ilike ${p.prefix} desc, d.title, d.id
     limit ${p.limit}`);
}

function submissions(db: Db, ids: number[] | null, p: Patterns) {
  return rows(db, sql<Row>`
    select r.id, r.submission_number as title, r.agency || ' · ' || left(r.title, 120) as subtitle
      from regulatory_submissions r
     where ${inStudies('r.study_id', ids)} and (r.submission_number ilike ${p.contains} or r.title ilike ${p.contains})
     order by r.submission_number ilike ${p.prefix} desc, r.submission_number, r.id
     limit ${p.limit}`);
}

export async function globalSearch(
  db: Db,
  scope: StudyScope,
  role: Role,
  input: { term: string; limit: number },
): Promise<GlobalSearchResult> {
  const contains = containsPattern(input.term);
  const p: Patterns = { contains, prefix: contains.slice(1), limit: sql.lit(input.limit) };
  const ids = visibleStudyIds(scope);
  const [st, su, si, fo, qu, docs, subs] = await Promise.all([
    studies(db, ids, p),
    subjects(db, scope, p),
    sites(db, scope, role, p),
    forms(db, ids, p),
    queries(db, scope, p),
    documents(db, scope, p),
    submissions(db, ids, p),
  ]);
  // Form builders open the form; everyone else gets the forms list filtered to it.
  const formHref = can(role, 'form.build') ? (r: Row) => `/forms/${r.id}/edit` : (r: Row) => `/forms?q=${encodeURIComponent(r.title)}`;
  const group = (kind: SearchKind, found: Row[], href: (r: Row) => string): SearchGroup => ({
    kind,
    items: found.map((r): SearchItem => ({ id: r.id, title: r.title, subtitle: r.subtitle, href: href(r) })),
  });
  return {
    term: input.term,
    groups: [
      group('studies', st, (r) => `/studies/${r.id}`),
      group('subjects', su, (r) => `/casebook/${r.id}`),
      group('sites', si, (r) => `/sites/${r.id}`),
      group('forms', fo, formHref),
      group('queries', qu, (r) => `/queries?q=${encodeURIComponent(r.title)}`),
      group('documents', docs, (r) => `/etmf?doc=${r.id}`),
      group('submissions', subs, (r) => `/ertms?submission=${r.id}`),
    ],
  };
}
