// What CDISC's USDM 4.0 CORE rules found in the uploaded document, in the review: per rule its message,
// how many objects and the first ones (class, id, path); the rules that could not run, folded. It informs
// the reviewer and never stops them from reading or accepting the proposal.
import { useTranslation } from 'react-i18next';
import type { UsdmConformance } from '@ctp/contracts';
import { Badge } from '@/components/ui/badge';

export function ConformanceSection({ conformance }: { conformance: UsdmConformance }) {
  const { t } = useTranslation('usdm');
  const { rules, notRun, rulesRun } = conformance;
  return (
    <section data-testid="usdm-conformance" className="grid gap-1">
      <h4 className="text-sm font-semibold">
        {t('conformance.title')} <span className="font-normal text-muted-foreground">({rules.length})</span>
      </h4>
      <p className="text-xs text-muted-foreground">{t('conformance.summary', { run: rulesRun, found: rules.length, notRun: notRun.length })}</p>
      {rules.length === 0 ? (
        <p className="text-sm">{t('conformance.none')}</p>
      ) : (
        <ul className="grid gap-1.5">
          {rules.map((r) => (
            <li key={r.coreId} className="grid gap-0.5 text-sm" data-testid={`usdm-rule-${r.coreId}`}>
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-mono text-xs">{r.coreId}</span>
                <Badge tone={r.partial ? 'neutral' : 'warning'}>{r.partial ? t('conformance.partial') : t('conformance.full')}</Badge>
                <span>{r.message}</span>
                <span className="text-xs text-muted-foreground">{t('conformance.count', { count: r.count })}</span>
              </div>
              <ul className="grid gap-0.5 pl-3 text-xs text-muted-foreground">
                {r.entities.map((e, i) => (
                  <li key={`${e.id ?? ''}-${i}`} className="font-mono break-all">
                    {[e.entity, e.id, e.path].filter(Boolean).join(' · ')}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {notRun.length > 0 && (
        <details className="text-xs text-muted-foreground">
          <summary className="cursor-pointer">{t('conformance.notRun', { count: notRun.length })}</summary>
          <ul className="grid gap-0.5 pt-1">
            {notRun.map((n) => (
              <li key={n.coreId}>
                <span className="font-mono">{n.coreId}</span> {n.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
