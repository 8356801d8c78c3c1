// The study's objectives and their endpoints (from a USDM import), on the Overview tab; nothing shows
// for a study that has none.
import { useTranslation } from 'react-i18next';
import { trpc } from '@/lib/trpc';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function StudyObjectivesCard({ studyId }: { studyId: number }) {
  const { t } = useTranslation('usdm');
  const objectives = trpc.usdm.objectives.useQuery({ studyId });
  if (!objectives.data?.length) return null;
  return (
    <Card data-testid="study-objectives">
      <CardHeader>
        <CardTitle>{t('objectives.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {objectives.data.map((o) => (
            <li key={o.id} className="grid gap-1">
              <div className="flex flex-wrap items-baseline gap-2 text-sm">
                <Badge tone="primary">{t(`level.${o.level}`)}</Badge>
                <span>{o.text}</span>
              </div>
              {o.endpoints.length > 0 && (
                <ul className="grid gap-1 pl-4 text-sm text-slate-700">
                  {o.endpoints.map((e) => (
                    <li key={e.id} className="flex flex-wrap items-baseline gap-2">
                      <span className="text-xs font-medium text-muted-foreground">{t('objectives.endpoint', { level: t(`level.${e.level}`) })}</span>
                      <span>{e.text}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
