// Study teams: members read their team; administrators and the study's study managers change it
// ('team.manage' through the study role, access.ts).
import { addTeamMemberInput, changeTeamMemberInput, removeTeamMemberInput, teamCandidatesInput, teamInput } from '@ctp/contracts';
import { assertStudyVisible } from '../../access.ts';
import { permitted, router } from '../../trpc.ts';
import { studyTeam, teamCandidates } from './read.ts';
import { addTeamMember, changeTeamMember, removeTeamMember } from './write.ts';

const manage = permitted('team.manage');

export const teamsRouter = router({
  list: permitted('study.read')
    .input(teamInput)
    .query(({ ctx, input }) => {
      assertStudyVisible(ctx.scope, input.studyId);
      return studyTeam(ctx.db, input.studyId);
    }),
  candidates: manage.input(teamCandidatesInput).query(({ ctx, input }) => {
    assertStudyVisible(ctx.scope, input.studyId);
    return teamCandidates(ctx.db, input.studyId, input.search);
  }),
  add: manage.input(addTeamMemberInput).mutation(({ ctx, input }) => addTeamMember(ctx, input)),
  change: manage.input(changeTeamMemberInput).mutation(({ ctx, input }) => changeTeamMember(ctx, input)),
  remove: manage.input(removeTeamMemberInput).mutation(({ ctx, input }) => removeTeamMember(ctx, input)),
});
