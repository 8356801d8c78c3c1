import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Progress } from '@/components/ui/progress';
import { AlertDot, useAlertText } from './alert-text';

export function QualityInsightsCard() {
  const { t } = useTranslation('dashboard');
  const q = trpc.dashboard.qualityInsights.useQuery();
  const alertText = useAlertText();
  return (
    <Card data-testid="quality-insights">
      <CardHeader>
        <CardTitle>{t('quality.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {q.isPending ? (
          <Skeleton className="h-24" />
        ) : q.data ? (
          <>
            <div className="grid gap-1">
              <div className="flex justify-between text-sm">
                <span>{t('quality.score')}</span>
                <span className="font-semibold">{q.data.dataQualityScore}%</span>
              </div>
              <Progress
                value={q.data.dataQualityScore}
                indicatorClassName="bg-green-600"
                aria-label={t('quality.score')}
              />
            </div>
            <div className="grid gap-3">
              <h4 className="text-sm font-medium">{t('quality.recentAlerts')}</h4>
              {q.data.recentAlerts.map((a, i) => (
                <div key={i} className="flex gap-2 text-sm" data-testid="recent-alert">
                  <AlertDot type={a.type} />
                  <div>
                    <div className="font-medium">{alertText(a).message}</div>
                    <div className="text-xs text-muted-foreground">{alertText(a).details}</div>
                  </div>
                </div>
              ))}
              {!q.data.recentAlerts.length && (
                <p className="text-sm text-muted-foreground">{t('quality.noAlerts')}</p>
              )}
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
