// The study's Team tab: who works on it now, with study role, sites and since when; who left and when.
// Administrators and the study's study managers add, change and remove members (with a reason).
import { useTranslation } from 'react-i18next';
import { UserMinus } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { useCanInStudy } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { ReasonActionDialog } from '@/features/admin/reason-action-dialog';
import { MemberDialog } from './member-dialog';

export function StudyTeamTab({ studyId }: { studyId: number }) {
  const { t } = useTranslation('teams');
  const tc = useTranslation('common').t;
  const canManage = useCanInStudy(studyId, 'team.manage');
  const utils = trpc.useUtils();
  const team = trpc.teams.list.useQuery({ studyId });
  const remove = trpc.teams.remove.useMutation({ onSuccess: () => utils.teams.list.invalidate({ studyId }) });
  if (team.isPending) return <Skeleton className="h-48" />;
  if (team.error) return <ErrorState message={team.error.message} />;
  const sitesText = (sites: { siteNumber: string; name: string }[]) => (sites.length ? sites.map((s) => `${s.siteNumber} ${s.name}`).join(', ') : t('wholeStudy'));
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('title', { count: team.data.members.length })}</CardTitle>
          {canManage && <MemberDialog studyId={studyId} />}
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="py-1 pr-4">{t('fields.person')}</th>
                <th className="py-1 pr-4">{t('fields.role')}</th>
                <th className="py-1 pr-4">{t('fields.sites')}</th>
                <th className="py-1 pr-4">{t('fields.since')}</th>
                {canManage && <th className="py-1" />}
              </tr>
            </thead>
            <tbody>
              {team.data.members.map((m) => (
                <tr key={m.userId} className="border-t border-border" data-testid="team-member">
                  <td className="py-2 pr-4">
                    <div className="font-medium">{m.fullName}</div>
                    <div className="text-xs text-muted-foreground">{m.email}{m.isActive ? '' : ` · ${t('inactiveAccount')}`}</div>
                  </td>
                  <td className="py-2 pr-4">{tc(`roles.${m.role}`)}</td>
                  <td className="py-2 pr-4">{sitesText(m.sites)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(m.startedAt)}</td>
                  {canManage && (
                    <td className="py-2">
                      <div className="flex justify-end gap-2">
                        <MemberDialog studyId={studyId} member={{ userId: m.userId, fullName: m.fullName, role: m.role, siteIds: m.sites.map((s) => s.siteId) }} />
                        <ReasonActionDialog
                          id={`remove-${m.userId}`}
                          label={t('remove.button')}
                          icon={<UserMinus />}
                          title={t('remove.title', { name: m.fullName })}
                          description={t('remove.description')}
                          run={(reason) => remove.mutateAsync({ studyId, userId: m.userId, reason })}
                        />
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      {team.data.past.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('past.title')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm">
            {team.data.past.map((m, i) => (
              <div key={`${m.userId}-${i}`} className="flex flex-wrap justify-between gap-2 border-b border-border py-1 last:border-0" data-testid="past-member">
                <span>{m.fullName} · {tc(`roles.${m.role}`)} · {sitesText(m.sites)}</span>
                <span className="text-xs text-muted-foreground">{t('past.period', { from: formatDate(m.startedAt), to: formatDate(m.endedAt) })}</span>
              </div>
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
