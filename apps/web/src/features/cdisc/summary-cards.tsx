// Compliance Score, Mapped Domains, AI Suggestions and Validation Issues: figures that come from study
// mappings and validation runs, which do not exist yet. They show a dash and say so, rather than the
// spec's sample figures presented as if computed.
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Gauge, Layers, Sparkles, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

const CARDS: { key: 'compliance' | 'mapped' | 'suggestions' | 'issues'; icon: LucideIcon; tone: string }[] = [
  { key: 'compliance', icon: Gauge, tone: 'text-green-600' },
  { key: 'mapped', icon: Layers, tone: 'text-primary' },
  { key: 'suggestions', icon: Sparkles, tone: 'text-purple-600' },
  { key: 'issues', icon: AlertTriangle, tone: 'text-orange-600' },
];

export function SummaryCards() {
  const { t } = useTranslation('cdisc');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CARDS.map(({ key, icon: Icon, tone }) => (
        <Card key={key} data-testid={`cdisc-card-${key}`}>
          <CardContent className="flex items-start justify-between gap-3 pt-5">
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{t(`cards.${key}`)}</p>
              <p className="text-2xl font-bold" data-testid={`cdisc-card-${key}-value`} aria-label={t('cards.noValue')}>
                —
              </p>
              <p className="mt-1 text-xs text-muted-foreground">{t('cards.pending')}</p>
            </div>
            <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
