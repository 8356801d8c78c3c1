// Completeness per study: expected artifacts, present, pending, expired, missing and the percentage.
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '@/lib/trpc';
import { formatFigure, formatNumber } from '@/lib/format';

type StudyCompleteness = RouterOutputs['etmf']['completeness']['studies'][number];
const COLUMNS = ['expected', 'present', 'pending', 'expired', 'missing', 'completeness'] as const;

export function CompletenessStudies({ studies }: { studies: StudyCompleteness[] }) {
  const { t } = useTranslation('etmf');
  return (
    <section className="grid gap-2" aria-labelledby="etmf-studies-heading">
      <h3 id="etmf-studies-heading" className="text-base font-semibold">
        {t('reports.byStudy')}
      </h3>
      <div className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
        <table className="w-full min-w-[36rem] text-sm" aria-labelledby="etmf-studies-heading" data-testid="etmf-completeness-studies">
          <thead className="border-b border-border bg-muted/50 text-xs font-medium text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {t('reports.study')}
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 text-right">
                  {t(`reports.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {studies.map((s) => (
              <tr key={s.studyId} data-testid="etmf-completeness-study" data-study={s.studyCode} className="border-b border-border last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {s.studyCode}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{formatNumber(s.expected)}</td>
                <td className="px-3 py-2 text-right tabular-nums text-green-700" data-col="present">
                  {formatNumber(s.present)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums text-orange-700">{formatNumber(s.pending)}</td>
                <td className="px-3 py-2 text-right tabular-nums text-red-700">{formatNumber(s.expired)}</td>
                <td className="px-3 py-2 text-right tabular-nums text-red-700">{formatNumber(s.missing)}</td>
                <td className="px-3 py-2 text-right font-medium tabular-nums">{formatFigure(s.completeness)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
