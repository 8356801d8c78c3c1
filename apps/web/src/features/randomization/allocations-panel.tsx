// The study's allocations (the unblinding report is its own card), on the Randomization tab, for administrators and
// the study's unblinded team (the server refuses everyone else: the panel then says so, without arms).
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function AllocationsPanel({ studyId }: { studyId: number }) {
  const { t } = useTranslation('randomization');
  const allocations = trpc.randomization.allocations.useQuery({ studyId }, { retry: false });
  return (
    <Card data-testid="allocations-panel">
      <CardHeader>
        <CardTitle>{t('allocations.title')}</CardTitle>
        <CardDescription>{t('allocations.help')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {allocations.isPending ? (
          <Skeleton className="h-24" />
        ) : allocations.error ? (
          <p className="text-sm text-muted-foreground">{t('allocations.blinded')}</p>
        ) : allocations.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('allocations.none')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="allocations-table">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3">{t('allocations.number')}</th>
                  <th className="py-1 pr-3">{t('allocations.subject')}</th>
                  <th className="py-1 pr-3">{t('allocations.site')}</th>
                  <th className="py-1 pr-3">{t('allocations.stratum')}</th>
                  <th className="py-1 pr-3">{t('allocations.arm')}</th>
                  <th className="py-1 pr-3">{t('allocations.at')}</th>
                </tr>
              </thead>
              <tbody>
                {allocations.data.map((a) => (
                  <tr key={a.id} className="border-t" data-testid="allocation-row">
                    <td className="py-1 pr-3 font-mono">{a.randomizationNumber}</td>
                    <td className="py-1 pr-3 font-mono">
                      {a.subjectCode}
                      {a.unblinded && <span className="ml-2 rounded bg-amber-500/15 px-1.5 text-xs text-amber-700 dark:text-amber-300">{t('allocations.unblinded')}</span>}
                    </td>
                    <td className="py-1 pr-3">{a.siteNumber}</td>
                    <td className="py-1 pr-3 text-xs">{Object.entries(a.stratumValues).map(([k, v]) => `${k}=${v}`).join(', ') || '—'}</td>
                    <td className="py-1 pr-3" data-testid="allocation-arm">
                      {a.arm.name} ({a.arm.code})
                    </td>
                    <td className="py-1 pr-3 text-xs">{formatDateTime(a.allocatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
