// Compliance Score, Mapped Domains, AI Suggestions and Validation Issues. Mapped Domains and AI
// Suggestions are computed from the study's mappings (cdisc.summary); Compliance Score and Validation
// Issues from the study's latest SDTM validation (validation.latest): the score by the formula shown, the
// issues as its errors plus warnings. Each shows its formula in small text; without a study or a
// validation run, a dash, and said so, rather than the spec's sample figures presented as if computed.
// The study picker sits above the cards (the page's study, in the URL), so 'pick a study' has one at hand.
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Gauge, Layers, Sparkles, type LucideIcon } from 'lucide-react';
import { trpc } from '@/lib/trpc';
import { Card, CardContent } from '@/components/ui/card';
import { countedText } from '@/lib/counted-text';
import { StudyFilter } from '@/components/study-filter';

const CARDS: { key: 'compliance' | 'mapped' | 'suggestions' | 'issues'; icon: LucideIcon; tone: string }[] = [
  { key: 'compliance', icon: Gauge, tone: 'text-green-600' },
  { key: 'mapped', icon: Layers, tone: 'text-primary' },
  { key: 'suggestions', icon: Sparkles, tone: 'text-purple-600' },
  { key: 'issues', icon: AlertTriangle, tone: 'text-orange-600' },
];

export function SummaryCards({ studyId, onStudy }: { studyId?: number; onStudy: (id: string) => void }) {
  const { t } = useTranslation('cdisc');
  const summary = trpc.cdisc.summary.useQuery(studyId !== undefined ? { studyId } : {});
  const validation = trpc.validation.latest.useQuery(
    { studyId: studyId ?? 0, limit: 1 },
    { enabled: studyId !== undefined },
  );
  const s = summary.data;
  const v = validation.data;
  const value = (key: (typeof CARDS)[number]['key']) => {
    if (key === 'mapped' && s) return `${s.mappedDomains}/${s.fedDomains}`;
    if (key === 'suggestions' && s) return String(s.pendingSuggestions);
    if (key === 'compliance' && v) return `${v.score}%`;
    if (key === 'issues' && v) return String(v.counts.errors + v.counts.warnings);
    return null;
  };
  const note = (key: (typeof CARDS)[number]['key'], shown: boolean) => {
    if (key === 'mapped' || key === 'suggestions') return t(`cards.formula.${key}`);
    if (!shown) return studyId === undefined ? t('cards.pickStudy') : t('cards.noValidation');
    return key === 'compliance' ? t('cards.formula.compliance') : countedText(t, 'cards.formula.issues', { errors: v!.counts.errors, warnings: v!.counts.warnings });
  };
  return (
    <div className="grid gap-3">
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t('cards.study')}</span>
        <StudyFilter
          value={studyId}
          onChange={onStudy}
          label={t('cards.study')}
          allLabel={t('cards.allStudies')}
        />
      </label>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map(({ key, icon: Icon, tone }) => {
          const shown = value(key);
          return (
            <Card key={key} data-testid={`cdisc-card-${key}`}>
              <CardContent className="flex items-start justify-between gap-3 pt-5">
                <div className="min-w-0">
                  <p className="text-sm text-muted-foreground">{t(`cards.${key}`)}</p>
                  <p
                    className="text-2xl font-bold"
                    data-testid={`cdisc-card-${key}-value`}
                    {...(shown === null && { 'aria-label': t('cards.noValue') })}
                  >
                    {shown ?? '—'}
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground">{note(key, shown !== null)}</p>
                </div>
                <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden />
              </CardContent>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
