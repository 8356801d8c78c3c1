// The unblinding report (issue 30 item 5): every emergency unblinding of a subject and the planned
// unblinding of the study, who, when, why, with a CSV download. For administrators and whoever sees arms;
// the server refuses everyone else and the card then says so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { downloadText, formatDateTime } from '@/lib/format';
import { serverError } from '@/lib/server-error';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function UnblindingReportCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('randomization');
  const utils = trpc.useUtils();
  const report = trpc.randomization.unblindings.useQuery({ studyId }, { retry: false });
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await utils.client.randomization.unblindingsCsv.query({ studyId });
      downloadText(file.filename, file.contentType, file.content);
    } catch (e) {
      toast({ title: serverError(e).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card data-testid="unblinding-report-card">
      <CardHeader>
        <CardTitle>{t('allocations.report')}</CardTitle>
        <CardDescription>{t('reportCard.help')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {report.isPending ? (
          <Skeleton className="h-16" />
        ) : report.error ? (
          <p className="text-sm text-muted-foreground">{t('allocations.blinded')}</p>
        ) : (
          <>
            {report.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('reportCard.none')}</p>
            ) : (
              <ul className="grid gap-1 text-sm" data-testid="unblinding-report">
                {report.data.map((e) => (
                  <li key={e.key} data-testid={`unblinding-${e.kind}`}>
                    {e.kind === 'emergency' ? (
                      <>
                        <span className="font-mono">{e.subjectCode}</span> ({e.randomizationNumber}) — {t('reportCard.emergency')}:{' '}
                        {t('subject.unblindedBy', { name: e.userName, at: formatDateTime(e.occurredAt) })}
                      </>
                    ) : (
                      <>
                        {t('reportCard.planned')}: {t('planned.requested', { name: e.userName, at: formatDateTime(e.occurredAt) })}
                        {e.approvedAt ? `; ${t('planned.approved', { name: e.approvedBy, at: formatDateTime(e.approvedAt) })}` : `; ${t('planned.awaiting')}`}
                      </>
                    )}
                    : {e.reason}
                  </li>
                ))}
              </ul>
            )}
            <div>
              <Button variant="outline" onClick={() => void download()} disabled={busy} data-testid="unblinding-csv">
                <Download /> {t('reportCard.csv')}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
