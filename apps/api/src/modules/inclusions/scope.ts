// Which of a study's subjects the inclusions list reads: the study must be visible; site staff see
// their own sites' subjects only; a filter (search on the subject code, archived or not) and a
// selection (every match, or ticked ids) narrow it. One SQL condition for list, export and archive.
import { sql } from '@ctp/db';
import type { z } from 'zod';
import type { inclusionFilter, inclusionSelection } from '@ctp/contracts';
import { assertStudyVisible, type StudyScope } from '../../access.ts';
import { containsPattern, intArrayLiteral, type Fragment } from '../../sql-helpers.ts';

export type InclusionFilter = z.infer<typeof inclusionFilter>;
export type InclusionSelection = z.infer<typeof inclusionSelection>;

export function inclusionWhere(scope: StudyScope, f: InclusionFilter, selection?: InclusionSelection): Fragment<boolean> {
  assertStudyVisible(scope, f.studyId);
  const parts: Fragment<boolean>[] = [sql<boolean>`p.study_id = ${f.studyId}`, f.archived ? sql<boolean>`p.archived_at is not null` : sql<boolean>`p.archived_at is null`];
  const ownSites = scope.siteScoped ? scope.sites.get(f.studyId) : undefined;
  if (ownSites) parts.push(sql<boolean>`p.site_id = any(${intArrayLiteral(ownSites)}::int[])`);
  // Tested on the study's own rows (hundreds): as `subject_code ilike`, the trigram index answered
  // every study's matches first (16,693 at scale 100 for '-01-', growing with the portfolio).
  if (f.search) parts.push(sql<boolean>`lower(p.subject_code) like lower(${containsPattern(f.search)})`);
  if (selection && 'ids' in selection) parts.push(sql<boolean>`p.id = any(${intArrayLiteral(selection.ids)}::int[])`);
  return sql.join(parts, sql` and `) as Fragment<boolean>;
}
