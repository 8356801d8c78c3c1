// Trial detail tab Milestones: name, date, status, description; Add Milestone and per-row Edit for
// roles that manage trials (the server checks again).
import { useTranslation } from 'react-i18next';
import { Pencil, Plus } from 'lucide-react';
import { useCan } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';
import { MilestoneDialog, type Milestone } from './milestone-dialog';
import type { TrialDetail } from './trial-header';

export function TrialMilestonesTab({
  trial,
  reload,
}: {
  trial: TrialDetail;
  reload: () => Promise<TrialDetail | undefined>;
}) {
  const { t } = useTranslation('ctms');
  const canManage = useCan('trial.manage');
  const reloadOne = (id: number) => async (): Promise<Milestone | undefined> =>
    (await reload())?.milestones.find((m) => m.id === id);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('milestones.title')}</CardTitle>
        {canManage && (
          <MilestoneDialog
            studyId={trial.dbId}
            reload={async () => undefined}
            trigger={
              <Button size="sm">
                <Plus /> {t('milestones.add')}
              </Button>
            }
          />
        )}
      </CardHeader>
      <CardContent>
        {trial.milestones.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('milestones.none')}</p>
        ) : (
          <ol className="grid gap-3">
            {trial.milestones.map((m) => (
              <li
                key={m.id}
                className="flex flex-wrap items-start gap-3 rounded-lg border border-border p-3"
                data-testid="milestone-row"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium" data-testid="milestone-name">
                      {m.name}
                    </span>
                    <StatusBadge status={m.status} />
                  </div>
                  <div className="text-xs text-muted-foreground">{formatDate(m.date)}</div>
                  {m.description && <p className="mt-1 text-sm text-slate-700">{m.description}</p>}
                </div>
                {canManage && (
                  <MilestoneDialog
                    studyId={trial.dbId}
                    milestone={m}
                    reload={reloadOne(m.id)}
                    trigger={
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('milestones.editLabel', { name: m.name })}
                      >
                        <Pencil /> {t('milestones.edit')}
                      </Button>
                    }
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
