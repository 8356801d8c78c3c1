// Recent Activity: the audit trail of the site and its study assignments (sites.recentActivity).
// Old and new values appear only for roles allowed to read them (the server leaves them out otherwise).
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

// Bookkeeping columns every write touches: they say nothing to a reader.
const HIDDEN = new Set(['version', 'updated_at', 'updatedAt', 'created_at', 'createdAt', 'id']);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function SiteActivityCard({ siteId }: { siteId: number }) {
  const { t } = useTranslation('sites');
  const q = trpc.sites.recentActivity.useQuery({ siteId, limit: 10 });
  return (
    <Card data-testid="recent-activity">
      <CardHeader>
        <CardTitle>{t('activity.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {q.isPending && <Skeleton className="h-24" />}
        {q.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>}
        {q.data?.map((e) => {
          const fields = e.fields.filter((f) => !HIDDEN.has(f.field));
          return (
            <div key={e.id} className="flex gap-2 text-sm" data-testid="activity-item">
              <History className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium">
                  {t(`activity.actions.${e.action}`, {
                    record: t(`activity.tables.${e.table}`, { defaultValue: e.table }),
                  })}
                </span>
                {e.action === 'update' && fields.length > 0 && (
                  <span className="break-words text-xs text-muted-foreground">
                    {e.valuesHidden
                      ? fields.map((f) => f.field).join(', ')
                      : fields.map((f) => `${f.field}: ${show(f.oldValue)} → ${show(f.newValue)}`).join('; ')}
                  </span>
                )}
                <span className="break-words text-xs italic text-muted-foreground">“{e.reason}”</span>
                <span className="text-xs text-muted-foreground">
                  {e.userName} · {formatDateTime(e.timestamp)}
                </span>
              </div>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
