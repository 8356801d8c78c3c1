// Which sites a user sees, and which studies' figures count for them.
//   admin          every site
//   everyone else  the sites taking part in at least one study they may see, plus, for roles that
//                  create sites (site.create), the sites not yet assigned to any study (else a new
//                  site would vanish from its creator's list until it is assigned)
//   with studyId   only the sites of that study (NOT_FOUND when the study is not visible), and the
//                  per-site figures (target, enrollment, study count) count that study only.
import { sql } from '@ctp/db';
import { can, type Role } from '@ctp/contracts';
import { assertStudyVisible, visibleStudyIds, type StudyScope } from '../../access.ts';
import { type Fragment } from '../../sql-helpers.ts';
import { inStudies } from '../studies/scope-sql.ts';

export interface SiteScope {
  /** `true` when the site aliased `s` is visible. */
  visible: Fragment<boolean>;
  /** `true` when the study id in `column` counts towards a site's figures. */
  studyCounts(column: string): Fragment<boolean>;
  /** The studies whose figures count; null means all of them (admin without a study filter). */
  studyIds: number[] | null;
}

export function siteScope(scope: StudyScope, role: Role, studyId?: number): SiteScope {
  if (studyId !== undefined) assertStudyVisible(scope, studyId);
  const studyIds = studyId !== undefined ? [studyId] : visibleStudyIds(scope);
  const studyCounts = (column: string) => inStudies(column, studyIds);
  let visible: Fragment<boolean>;
  if (studyId !== undefined || studyIds !== null) {
    const member = sql<boolean>`exists (select 1 from study_sites vss where vss.site_id = s.id and ${studyCounts('vss.study_id')})`;
    visible =
      studyId === undefined && can(role, 'site.create')
        ? sql<boolean>`(${member} or not exists (select 1 from study_sites uss where uss.site_id = s.id))`
        : member;
  } else {
    visible = sql<boolean>`true`;
  }
  return { visible, studyCounts, studyIds };
}
