// A dry run's or an import's report: the counts by outcome and the rows (the refused ones first, with why).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_OUTCOMES, type ImportReport } from '@ctp/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const TONE = { created: 'success', changed: 'primary', unchanged: 'neutral', refused: 'danger' } as const;

export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('dataimport');
  const [all, setAll] = useState(false);
  const rows = all ? report.rows : report.rows.filter((r) => r.outcome === 'refused');
  return (
    <div className="grid gap-3" data-testid="import-report">
      <p className="text-sm font-medium">
        {report.dryRun ? t('report.dryRunTitle', { file: report.fileName }) : t('report.importTitle', { file: report.fileName })}
      </p>
      <div className="flex flex-wrap gap-2">
        {IMPORT_OUTCOMES.map((o) => (
          <Badge key={o} tone={TONE[o]} data-testid={`import-count-${o}`}>
            {t(`outcome.${o}`)}: {report.counts[o]}
          </Badge>
        ))}
        <Badge tone="info">{t('report.subjects', { count: report.subjects })}</Badge>
        {report.queriesRaised > 0 && <Badge tone="warning">{t('report.queries', { count: report.queriesRaised })}</Badge>}
      </div>
      <p className="break-all text-xs text-muted-foreground">sha256 {report.sha256}</p>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{all ? t('report.allRows') : t('report.refusedRows')}</p>
        <Button variant="outline" size="sm" onClick={() => setAll((a) => !a)}>
          {all ? t('report.showRefused') : t('report.showAll')}
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('report.noRows')}</p>
      ) : (
        <div className="max-h-96 overflow-auto rounded border border-border">
          <table className="w-full text-sm">
            <thead className="sticky top-0 border-b border-border bg-white text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="px-3 py-2">{t('report.origin')}</th>
                <th className="px-3 py-2">{t('report.subject')}</th>
                <th className="px-3 py-2">{t('report.visit')}</th>
                <th className="px-3 py-2">{t('report.outcome')}</th>
                <th className="px-3 py-2">{t('report.reasons')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-b border-border last:border-0" data-testid="import-row">
                  <td className="whitespace-nowrap px-3 py-2">{r.origin}</td>
                  <td className="px-3 py-2">{r.subject}</td>
                  <td className="px-3 py-2">{r.visit ?? '—'}</td>
                  <td className="px-3 py-2"><Badge tone={TONE[r.outcome]}>{t(`outcome.${r.outcome}`)}</Badge></td>
                  <td className="px-3 py-2 text-xs">{r.reasons.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.truncated && <p className="text-xs text-muted-foreground">{t('report.truncated')}</p>}
    </div>
  );
}
