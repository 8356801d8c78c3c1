// The version history: each version's number, when and by whom it was published (or that it is the
// draft), its field count and what changed against the version before.
import { useTranslation } from 'react-i18next';
import type { FormVersionInfo } from '@ctp/contracts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

export function HistoryPanel({ versions }: { versions: readonly FormVersionInfo[] }) {
  const { t } = useTranslation('forms-builder');
  return (
    <Card data-testid="builder-history">
      <CardHeader>
        <CardTitle>{t('history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
        ) : (
          <ol className="grid gap-3">
            {versions.map((v) => (
              <li key={v.id} className="grid gap-2 rounded-lg border border-border p-3" data-testid={`builder-version-${v.versionNumber}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{t('header.version', { n: v.versionNumber })}</span>
                  {v.publishedAt ? <Badge tone="success">{t('history.published')}</Badge> : <Badge tone="neutral">{t('header.draft')}</Badge>}
                  <span className="text-sm text-muted-foreground">{t('history.fields', { count: v.fieldCount })}</span>
                </div>
                <p className="text-sm text-muted-foreground">
                  {v.publishedAt ? t('history.publishedBy', { date: formatDateTime(v.publishedAt), name: v.publishedBy ?? '—' }) : t('history.notPublished')}
                </p>
                {v.changes.length > 0 ? (
                  <ul className="ml-5 list-disc text-sm">
                    {v.changes.map((c, i) => (
                      <li key={i}>{c}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
