import { useTranslation } from 'react-i18next';
import {
  BarChart3,
  Building2,
  ClipboardList,
  Database,
  FolderOpen,
  Gauge,
  History,
  Keyboard,
  MessagesSquare,
  Send,
  Sparkles,
  BriefcaseBusiness,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SectionHeading } from './section-heading';

type Category = 'coreEdc' | 'dataManagement' | 'analytics' | 'compliance' | 'documents' | 'operations';

// One colour per category, used for the icon tile and the category badge.
const CATEGORY_STYLE: Record<Category, { tile: string; badge: string }> = {
  coreEdc: { tile: 'bg-blue-50 text-blue-600', badge: 'border-blue-200 bg-blue-50 text-blue-700' },
  dataManagement: {
    tile: 'bg-emerald-50 text-emerald-600',
    badge: 'border-emerald-200 bg-emerald-50 text-emerald-700',
  },
  analytics: {
    tile: 'bg-violet-50 text-violet-600',
    badge: 'border-violet-200 bg-violet-50 text-violet-700',
  },
  compliance: { tile: 'bg-amber-50 text-amber-600', badge: 'border-amber-200 bg-amber-50 text-amber-700' },
  documents: { tile: 'bg-sky-50 text-sky-600', badge: 'border-sky-200 bg-sky-50 text-sky-700' },
  operations: {
    tile: 'bg-indigo-50 text-indigo-600',
    badge: 'border-indigo-200 bg-indigo-50 text-indigo-700',
  },
};

const FEATURES: { key: string; category: Category; icon: LucideIcon }[] = [
  { key: 'ecrfDesigner', category: 'coreEdc', icon: ClipboardList },
  { key: 'aiForms', category: 'coreEdc', icon: Sparkles },
  { key: 'smartEntry', category: 'dataManagement', icon: Keyboard },
  { key: 'queries', category: 'dataManagement', icon: MessagesSquare },
  { key: 'predictive', category: 'analytics', icon: BarChart3 },
  { key: 'quality', category: 'analytics', icon: Gauge },
  { key: 'auditTrail', category: 'compliance', icon: History },
  { key: 'cdisc', category: 'compliance', icon: Database },
  { key: 'etmf', category: 'documents', icon: FolderOpen },
  { key: 'submissions', category: 'documents', icon: Send },
  { key: 'ctms', category: 'operations', icon: BriefcaseBusiness },
  { key: 'sites', category: 'operations', icon: Building2 },
];

export function FeatureGrid() {
  const { t } = useTranslation('landing');
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow={t('features.eyebrow')}
          title={t('features.title')}
          subtitle={t('features.subtitle')}
        />
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {FEATURES.map((f) => {
            const style = CATEGORY_STYLE[f.category];
            return (
              <Card key={f.key} data-testid="feature-card" className="transition-shadow hover:shadow-md">
                <CardHeader className="gap-3">
                  <div className="flex items-center justify-between gap-2">
                    <div className={`flex h-11 w-11 items-center justify-center rounded-lg ${style.tile}`}>
                      <f.icon className="h-5 w-5" aria-hidden />
                    </div>
                    <Badge className={style.badge}>{t(`features.categories.${f.category}`)}</Badge>
                  </div>
                  <CardTitle className="mt-1 leading-snug">{t(`features.items.${f.key}.title`)}</CardTitle>
                  <CardDescription className="leading-relaxed">
                    {t(`features.items.${f.key}.description`)}
                  </CardDescription>
                </CardHeader>
              </Card>
            );
          })}
        </div>
      </div>
    </section>
  );
}
