// A CORE rule as the report describes it: CDISC's description and message, its type and executability,
// the conformance rules it implements and the guidance they cite, and its outcome here (run with its
// finding count, or not run with the reason).
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

export function RuleDialog({ validationId, coreId, onClose }: { validationId: number; coreId: string | null; onClose: () => void }) {
  const { t } = useTranslation('core');
  const rule = trpc.corePackage.rules.useQuery({ validationId, coreId: coreId ?? undefined, limit: 1 }, { enabled: coreId !== null });
  const r = rule.data?.items[0];
  return (
    <Dialog open={coreId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="core-rule-dialog">
        <DialogHeader>
          <DialogTitle>{coreId}</DialogTitle>
          <DialogDescription>{r?.description ?? ''}</DialogDescription>
        </DialogHeader>
        {rule.isPending ? (
          <Skeleton className="h-32" />
        ) : rule.error ? (
          <ErrorState message={rule.error.message} />
        ) : r ? (
          <div className="grid gap-3 text-sm">
            <div className="flex flex-wrap gap-2">
              <Badge tone={r.status === 'run' ? 'success' : 'neutral'}>{r.status === 'run' ? t('rule.run', { count: r.findings }) : t('rule.notRun')}</Badge>
              <Badge tone={r.severity === 'error' ? 'danger' : 'warning'}>{t(`severity.${r.severity}`)}</Badge>
              <Badge tone="info">{r.ruleType}</Badge>
              <Badge tone="neutral">{r.executability}</Badge>
            </div>
            {r.reason && <p className="text-muted-foreground">{t('rule.reason', { reason: r.reason })}</p>}
            <p>
              <span className="font-medium">{t('rule.message')}</span> {r.message}
            </p>
            {r.authorityIds.length > 0 && (
              <p>
                <span className="font-medium">{t('rule.authority')}</span> {r.authorityIds.join(', ')}
              </p>
            )}
            {r.citations.length > 0 && (
              <section className="grid gap-2">
                <h3 className="font-medium">{t('rule.citations')}</h3>
                <ul className="grid gap-2" data-testid="core-rule-citations">
                  {r.citations.map((c, i) => (
                    <li key={i} className="rounded-md border p-2">
                      <div className="text-xs text-muted-foreground">{[c.document, c.section && t('rule.section', { section: c.section }), c.item].filter(Boolean).join(' · ')}</div>
                      <p>{c.guidance}</p>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
