// Trial detail tab Reports: four CSV reports built by trials.report from the stored data.
import { useTranslation } from 'react-i18next';
import { BarChart3, CalendarClock, DollarSign, Users } from 'lucide-react';
import { TRIAL_REPORT_KINDS } from '@ctp/contracts';
import { useCan } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTrialReport } from './use-trial-files';

const ICONS = {
  enrollment: Users,
  budget: DollarSign,
  'site-performance': BarChart3,
  timeline: CalendarClock,
} as const;

export function TrialReportsTab({ trialId }: { trialId: string }) {
  const { t } = useTranslation('ctms');
  const canExport = useCan('report.export');
  const report = useTrialReport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.reportsTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        {TRIAL_REPORT_KINDS.map((kind) => {
          const Icon = ICONS[kind];
          return (
            <div key={kind} className="grid gap-2 rounded-lg border border-border p-4">
              <Button
                variant="outline"
                className="justify-start"
                disabled={!canExport || (report.isPending && report.variables?.kind === kind)}
                onClick={() => report.mutate({ trialId, kind })}
              >
                <Icon /> {t(`trialReports.${kind}.button`)}
              </Button>
              <p className="text-xs text-muted-foreground">{t(`trialReports.${kind}.text`)}</p>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
