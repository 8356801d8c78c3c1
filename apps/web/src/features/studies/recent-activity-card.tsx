// Recent Activity from the audit trail (studies.recentActivity): who, when, what, why, and which fields.
// Old and new values only arrive for roles allowed to read the audit trail.
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { formatDateTime } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

const ACTIVITY_LIMIT = 10;
const MAX_FIELDS = 6;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Fields only for a new or deleted record; old → new values for an update when the role may see them. */
function describeFields(e: {
  action: string;
  valuesHidden: boolean;
  fields: { field: string; oldValue?: unknown; newValue?: unknown }[];
}) {
  const shown = e.fields.slice(0, MAX_FIELDS);
  const more = e.fields.length > MAX_FIELDS ? ', …' : '';
  if (e.valuesHidden || e.action !== 'update') return shown.map((f) => f.field).join(', ') + more;
  return shown.map((f) => `${f.field} ${show(f.oldValue)} → ${show(f.newValue)}`).join('; ') + more;
}

export function RecentActivityCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('studies');
  const activity = trpc.studies.recentActivity.useQuery({ studyId, limit: ACTIVITY_LIMIT });
  return (
    <Card data-testid="recent-activity">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="h-4 w-4" aria-hidden /> {t('activity.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {activity.isPending && <Skeleton className="h-24" />}
        {activity.error && <ErrorState message={activity.error.message} />}
        {activity.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>
        )}
        {activity.data?.map((e) => (
          <div
            key={e.id}
            className="grid gap-1 border-l-2 border-primary/40 pl-3 text-sm"
            data-testid="activity-item"
          >
            <div className="font-medium">
              {t(`activity.actions.${e.action}`, { defaultValue: e.action })} ·{' '}
              {t(`activity.tables.${e.table}`, { defaultValue: e.table })}
            </div>
            <div className="text-xs text-muted-foreground">
              {e.userName} ·{' '}
              <time dateTime={new Date(e.timestamp).toISOString()}>{formatDateTime(e.timestamp)}</time>
            </div>
            <div className="text-xs">
              <span className="text-muted-foreground">{t('activity.reason')}:</span>{' '}
              <span data-testid="activity-reason">{e.reason}</span>
            </div>
            {e.fields.length > 0 && (
              <div className="text-xs text-muted-foreground" data-testid="activity-fields">
                {t('activity.changed')}: {describeFields(e)}
              </div>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
