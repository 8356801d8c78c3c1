// View Variables: a domain's variables in the guide's order with their metadata (label, data type,
// role, core, code list, and for CDASH the SDTM targets); CDISC notes under the label.
import { useTranslation } from 'react-i18next';
import type { CdiscDomain } from '@ctp/contracts';
import { trpc } from '@/lib/trpc';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';

const CORE_TONE: Record<string, 'danger' | 'warning' | 'neutral'> = { Req: 'danger', HR: 'danger', Exp: 'warning', 'R/C': 'warning' };

export function VariablesDialog({ domain, onClose }: { domain: CdiscDomain | null; onClose: () => void }) {
  const { t } = useTranslation('cdisc');
  const variables = trpc.cdisc.variables.useQuery({ domainId: domain?.id ?? 0 }, { enabled: !!domain });
  const cdash = domain?.domainType === 'CDASH';
  return (
    <Dialog open={!!domain} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-6xl" data-testid="cdisc-variables-dialog">
        <DialogHeader>
          <DialogTitle>
            {t('variables.title', { code: domain?.domainCode ?? '', name: domain?.domainName ?? '' })}
          </DialogTitle>
          <DialogDescription>
            {domain &&
              t('variables.description', { standard: domain.standard, version: domain.version, count: domain.variableCount })}
            {domain?.structure && ` ${t('variables.structure', { structure: domain.structure })}`}
          </DialogDescription>
        </DialogHeader>
        {variables.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        ) : variables.error ? (
          <ErrorState message={variables.error.message} />
        ) : variables.data.variables.length === 0 ? (
          <EmptyState title={t('variables.empty')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[56rem] text-sm" aria-label={t('variables.tableLabel', { code: domain?.domainCode ?? '' })} data-testid="cdisc-variables-table">
              <thead>
                <tr className="border-b text-left text-xs uppercase text-muted-foreground">
                  <th className="px-2 py-2">{t('variables.order')}</th>
                  <th className="px-2 py-2">{t('variables.name')}</th>
                  <th className="px-2 py-2">{t('variables.label')}</th>
                  <th className="px-2 py-2">{t('variables.type')}</th>
                  {!cdash && <th className="px-2 py-2">{t('variables.role')}</th>}
                  <th className="px-2 py-2">{t('variables.core')}</th>
                  <th className="px-2 py-2">{t('variables.codelist')}</th>
                  {cdash && <th className="px-2 py-2">{t('variables.sdtmTargets')}</th>}
                </tr>
              </thead>
              <tbody>
                {variables.data.variables.map((v) => (
                  <tr key={v.id} className="border-b align-top last:border-0" data-testid="cdisc-variable-row" data-name={v.name}>
                    <td className="px-2 py-2 tabular-nums text-muted-foreground">{v.order}</td>
                    <td className="px-2 py-2 font-mono font-medium">{v.name}</td>
                    <td className="px-2 py-2">
                      <div>{v.label}</div>
                      {v.notes && (
                        <p className="mt-0.5 line-clamp-2 whitespace-pre-line text-xs text-muted-foreground" title={v.notes}>
                          {v.notes}
                        </p>
                      )}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      <span data-testid="cdisc-variable-type">{v.simpleType}</span>
                      <span className="ml-1 text-xs text-muted-foreground">({v.dataType})</span>
                    </td>
                    {!cdash && <td className="px-2 py-2">{v.role ?? '—'}</td>}
                    <td className="px-2 py-2">
                      {v.core ? (
                        <Badge tone={CORE_TONE[v.core] ?? 'neutral'} data-testid="cdisc-variable-core">
                          {v.core}
                        </Badge>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      {v.codelistCode ? (
                        <>
                          <span className="font-mono">{v.codelistCode}</span>
                          {v.codelistName && <span className="ml-1 text-muted-foreground">{v.codelistName}</span>}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    {cdash && <td className="px-2 py-2 font-mono text-xs">{v.sdtmTargets ?? '—'}</td>}
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
