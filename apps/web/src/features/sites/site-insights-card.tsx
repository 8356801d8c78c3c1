// Performance insights computed by the server from the site's own data; each is translated by its
// code (falling back to the server's English text) and coloured by severity.
import { useTranslation } from 'react-i18next';
import { Activity } from 'lucide-react';
import type { SiteInsight } from '@ctp/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AlertDot } from '@/features/dashboard/alert-text';
import { countedText } from '@/lib/counted-text';

export function SiteInsightsCard({ insights }: { insights: SiteInsight[] }) {
  const { t } = useTranslation('sites');
  return (
    <Card className="border-blue-200 bg-gradient-to-r from-blue-50 to-indigo-50" data-testid="site-insights">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Activity className="h-5 w-5 text-primary" aria-hidden /> {t('insights.title')}
        </CardTitle>
        <CardDescription>{t('insights.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 md:grid-cols-2">
          {insights.map((i, n) => (
            <li key={`${i.code}-${n}`} className="flex gap-2 text-sm" data-severity={i.severity}>
              <AlertDot type={i.severity} />
              <span>
                {countedText(t, `insights.items.${i.code}`, i.params, i.message)}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
