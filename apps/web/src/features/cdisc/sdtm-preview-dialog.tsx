// Preview: a page of an SDTM dataset's rows as generated (read from the stored file), with its variables as
// columns; Previous and Next page through the records.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { formatNumber } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

const PAGE = 25;

export function SdtmPreviewDialog({ runId, domain, label, onClose }: { runId: number; domain: string | null; label: string; onClose: () => void }) {
  const { t } = useTranslation('sdtm');
  const [offset, setOffset] = useState(0);
  const page = trpc.sdtm.preview.useQuery({ runId, domain: domain ?? 'DM', offset, limit: PAGE }, { enabled: !!domain, placeholderData: (prev) => prev });
  const total = page.data?.total ?? 0;
  return (
    <Dialog
      open={!!domain}
      onOpenChange={(open) => {
        if (!open) {
          setOffset(0);
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-6xl" data-testid="sdtm-preview-dialog">
        <DialogHeader>
          <DialogTitle>{t('preview.title', { domain: domain ?? '', label })}</DialogTitle>
          <DialogDescription>
            {t('preview.range', { from: formatNumber(total ? offset + 1 : 0), to: formatNumber(Math.min(offset + PAGE, total)), total: formatNumber(total) })}
          </DialogDescription>
        </DialogHeader>
        {page.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        ) : page.error ? (
          <ErrorState message={page.error.message} />
        ) : (
          <div className="max-h-[60vh] overflow-auto">
            <table className="w-full text-xs" aria-label={t('preview.tableLabel', { domain: domain ?? '' })} data-testid="sdtm-preview-table">
              <thead className="sticky top-0 bg-background">
                <tr className="border-b text-left">
                  {page.data.columns.map((c) => (
                    <th key={c.name} className="whitespace-nowrap px-2 py-2 font-mono" title={c.label}>
                      {c.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.data.rows.map((row, i) => (
                  <tr key={offset + i} className="border-b last:border-0" data-testid="sdtm-preview-row">
                    {row.map((cell, k) => (
                      <td key={k} className={page.data.columns[k]?.type === 'Num' ? 'px-2 py-1 text-right tabular-nums' : 'whitespace-nowrap px-2 py-1'}>
                        {cell ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            {t('preview.previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            {t('preview.next')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
