// Compliance Score, Mapped Domains, AI Suggestions and Validation Issues. Mapped Domains and AI
// Suggestions are computed from the study's mappings (cdisc.summary), each with its formula in small
// text; Compliance Score and Validation Issues need validation runs, which do not exist yet: a dash, and
// said so, rather than the spec's sample figures presented as if computed.
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Gauge, Layers, Sparkles, type LucideIcon } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Card, CardContent } from '@/components/ui/card';

const CARDS: { key: 'compliance' | 'mapped' | 'suggestions' | 'issues'; icon: LucideIcon; tone: string }[] = [
  { key: 'compliance', icon: Gauge, tone: 'text-green-600' },
  { key: 'mapped', icon: Layers, tone: 'text-primary' },
  { key: 'suggestions', icon: Sparkles, tone: 'text-purple-600' },
  { key: 'issues', icon: AlertTriangle, tone: 'text-orange-600' },
];

export function SummaryCards({ studyId }: { studyId?: number }) {
  const { t } = useTranslation('cdisc');
  const summary = trpc.cdisc.summary.useQuery(studyId !== undefined ? { studyId } : {});
  const s = summary.data;
  const value = (key: (typeof CARDS)[number]['key']) => {
    if (key === 'mapped' && s) return `${s.mappedDomains}/${s.fedDomains}`;
    if (key === 'suggestions' && s) return String(s.pendingSuggestions);
    return null;
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {CARDS.map(({ key, icon: Icon, tone }) => {
        const v = value(key);
        const computed = key === 'mapped' || key === 'suggestions';
        return (
          <Card key={key} data-testid={`cdisc-card-${key}`}>
            <CardContent className="flex items-start justify-between gap-3 pt-5">
              <div className="min-w-0">
                <p className="text-sm text-muted-foreground">{t(`cards.${key}`)}</p>
                <p className="text-2xl font-bold" data-testid={`cdisc-card-${key}-value`} {...(v === null && { 'aria-label': t('cards.noValue') })}>
                  {v ?? '—'}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">{computed ? t(`cards.formula.${key}`) : t('cards.pending')}</p>
              </div>
              <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden />
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
