// The gaps of the completeness report: each expected artifact not present, by study and site, with its
// state (missing, expired, pending review) and the document when there is one; filtered by state and
// paged in the browser (the report holds every gap).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '@/lib/trpc';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { NativeSelect } from '@/components/ui/input';
import { EtmfPager } from './etmf-pager';

type Gap = RouterOutputs['etmf']['completeness']['gaps'][number];
const STATES = ['missing', 'expired', 'pending'] as const;
const TONES: Record<string, BadgeTone> = { missing: 'danger', expired: 'danger', pending: 'warning' };

export function CompletenessGaps({ gaps, onOpen }: { gaps: Gap[]; onOpen: (documentId: number) => void }) {
  const { t } = useTranslation('etmf');
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const shown = state ? gaps.filter((g) => g.state === state) : gaps;
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages);
  const rows = shown.slice((current - 1) * pageSize, current * pageSize);
  return (
    <section className="grid gap-2" aria-labelledby="etmf-gaps-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="etmf-gaps-heading" className="text-base font-semibold">
          {t('reports.gaps', { count: gaps.length })}
        </h3>
        <NativeSelect
          className="w-48"
          aria-label={t('reports.gapState')}
          value={state}
          onChange={(e) => {
            setState(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('reports.allGaps')}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {t(`reports.states.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground">{t('reports.noGaps')}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border bg-white shadow-sm">
            <table className="w-full min-w-[40rem] text-sm" aria-labelledby="etmf-gaps-heading" data-testid="etmf-gaps">
              <thead className="border-b border-border bg-muted/50 text-xs font-medium text-muted-foreground">
                <tr>
                  {(['study', 'site', 'artifact', 'state', 'document'] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-left">
                      {t(`reports.gapColumns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((g) => (
                  <tr
                    key={`${g.studyCode}-${g.siteNumber ?? ''}-${g.artifactNumber}`}
                    data-testid="etmf-gap"
                    data-study={g.studyCode}
                    data-artifact={g.artifactNumber}
                    data-state={g.state}
                    className="border-b border-border last:border-0"
                  >
                    <td className="whitespace-nowrap px-3 py-2">{g.studyCode}</td>
                    <td className="max-w-48 truncate px-3 py-2" title={g.siteName ?? undefined}>
                      {g.siteNumber ? `${g.siteNumber} — ${g.siteName ?? ''}` : t('table.trialLevel')}
                    </td>
                    <td className="px-3 py-2">
                      <span className="font-mono text-xs">{g.artifactNumber}</span> {g.artifactName}
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={TONES[g.state] ?? 'neutral'}>{t(`reports.states.${g.state}`)}</Badge>
                    </td>
                    <td className="px-3 py-2">
                      {g.documentId && g.documentCode ? (
                        <button type="button" className="font-mono text-xs text-primary hover:underline" onClick={() => onOpen(g.documentId!)}>
                          {g.documentCode}
                        </button>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <EtmfPager
            total={shown.length}
            page={current}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </>
      )}
    </section>
  );
}
