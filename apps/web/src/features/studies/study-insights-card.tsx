// AI Study Insights: the server's rules over this study's own figures. Each item is translated by its
// code with the measured figures as parameters; the server's English sentence is the fallback.
import { useTranslation } from 'react-i18next';
import { Sparkles, TrendingUp, Building2, ClipboardList } from 'lucide-react';
import type { StudyInsight } from '@ctp/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatFigure } from '@/lib/format';
import { cn } from '@/lib/utils';

const ICONS = { enrollmentPace: TrendingUp, sitesBehind: Building2, dataMissing: ClipboardList } as const;
const TONES: Record<StudyInsight['severity'], string> = {
  success: 'border-green-200 bg-green-50 text-green-900',
  warning: 'border-orange-200 bg-orange-50 text-orange-900',
  info: 'border-blue-200 bg-blue-50 text-blue-900',
};
const DATE_PARAMS = ['since', 'projectedDate', 'plannedEndDate'];
const LISTED_SITES = 3;

/** Dates and figures in the browser's locale; `count` stays a number for the plural form. */
function displayParams(p: StudyInsight['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p))
    out[k] =
      v === null
        ? '—'
        : DATE_PARAMS.includes(k)
          ? formatDate(String(v))
          : typeof v === 'number' && k !== 'count'
            ? formatFigure(v)
            : v;
  if (typeof p.target === 'number' && typeof p.current === 'number')
    out.remaining = formatFigure(Math.max(0, p.target - p.current));
  // The server lists the first three sites; say when there are more.
  out.more = typeof p.count === 'number' && p.count > LISTED_SITES ? ', …' : '';
  return out;
}

export function StudyInsightsCard({ insights }: { insights: StudyInsight[] }) {
  const { t } = useTranslation('studies');
  return (
    <Card data-testid="study-insights">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="h-5 w-5 text-primary" aria-hidden /> {t('insights.title')}
        </CardTitle>
        <CardDescription>{t('insights.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {insights.map((i) => {
          const Icon = ICONS[i.kind] ?? Sparkles;
          return (
            <div
              key={`${i.kind}-${i.code}`}
              className={cn('flex gap-3 rounded-lg border p-3 text-sm', TONES[i.severity])}
              data-insight={i.code}
              data-severity={i.severity}
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <div>
                <div className="font-medium">{t(`insights.kinds.${i.kind}`, { defaultValue: i.kind })}</div>
                <p>
                  {t(`insights.codes.${i.code}`, { ...displayParams(i.params), defaultValue: i.message })}
                </p>
              </div>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
