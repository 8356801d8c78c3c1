// The encoding report of an SDTM run: every value its XPT encoding changed (transliterated), by dataset,
// variable, record and subject, with how many characters changed; never the values themselves.
import { useTranslation } from 'react-i18next';
import { SDTM_ENCODING_LABELS } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { formatNumber } from '@/lib/format';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

export function SdtmEncodingDialog({ runId, open, onClose }: { runId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sdtm');
  const report = trpc.sdtm.encodingReport.useQuery({ runId }, { enabled: open });
  const data = report.data;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl" data-testid="sdtm-encoding-dialog">
        <DialogHeader>
          <DialogTitle>{t('encoding.reportTitle')}</DialogTitle>
          <DialogDescription>
            {data ? t('encoding.reportDescription', { encoding: SDTM_ENCODING_LABELS[data.encoding], count: data.total, total: formatNumber(data.total) }) : ''}
          </DialogDescription>
        </DialogHeader>
        {report.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        ) : report.error || !data ? (
          <ErrorState message={report.error?.message ?? ''} />
        ) : data.changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('encoding.none')}</p>
        ) : (
          <div className="max-h-[60vh] overflow-auto">
            <table className="w-full text-xs" aria-label={t('encoding.reportTitle')} data-testid="sdtm-encoding-table">
              <thead className="sticky top-0 bg-background">
                <tr className="border-b text-left">
                  <th className="px-2 py-2">{t('encoding.dataset')}</th>
                  <th className="px-2 py-2">{t('encoding.variable')}</th>
                  <th className="px-2 py-2 text-right">{t('encoding.record')}</th>
                  <th className="px-2 py-2">{t('encoding.subject')}</th>
                  <th className="px-2 py-2">{t('encoding.change')}</th>
                  <th className="px-2 py-2 text-right">{t('encoding.characters')}</th>
                </tr>
              </thead>
              <tbody>
                {data.changes.map((c) => (
                  <tr key={`${c.dataset}.${c.variable}.${c.record}`} className="border-b last:border-0">
                    <td className="px-2 py-1 font-mono">{c.dataset}</td>
                    <td className="px-2 py-1 font-mono">{c.variable}</td>
                    <td className="px-2 py-1 text-right">{formatNumber(c.record)}</td>
                    <td className="px-2 py-1 font-mono">{c.usubjid ?? '—'}</td>
                    <td className="px-2 py-1">{t(c.change === 'transliterated' ? 'encoding.transliterated' : 'encoding.notRepresentable')}</td>
                    <td className="px-2 py-1 text-right">{formatNumber(c.characters)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
