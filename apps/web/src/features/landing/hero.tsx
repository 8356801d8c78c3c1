import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  ArrowRight,
  CircleCheck,
  ClipboardList,
  FileText,
  Keyboard,
  MessagesSquare,
  Send,
  Sparkles,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const STEPS = [
  { key: 'protocol', icon: FileText },
  { key: 'ecrf', icon: ClipboardList },
  { key: 'capture', icon: Keyboard },
  { key: 'clean', icon: MessagesSquare },
  { key: 'submit', icon: Send },
] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-blue-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:px-8 lg:py-24">
        <div>
          <Badge tone="primary" className="gap-1.5 px-3 py-1 text-sm">
            <Sparkles className="h-3.5 w-3.5" aria-hidden /> {t('hero.eyebrow')}
          </Badge>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl sm:leading-[1.1] xl:text-[3.4rem]"
          >
            {t('hero.title')} <span className="text-primary">{t('hero.titleHighlight')}</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/dashboard">
                {t('hero.explore')} <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/studies">{t('hero.viewStudies')}</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {(['cfr', 'cdisc', 'meddra'] as const).map((k) => (
              <li key={k} className="flex items-center gap-1.5">
                <CircleCheck className="h-4 w-4 text-green-600" aria-hidden /> {t(`hero.assurances.${k}`)}
              </li>
            ))}
          </ul>
        </div>

        <Card className="relative p-6 shadow-xl shadow-blue-900/5 sm:p-8">
          <h2 className="text-lg font-semibold text-slate-900">{t('hero.workflow.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('hero.workflow.subtitle')}</p>
          <ol className="mt-6 grid gap-0">
            {STEPS.map((s, i) => (
              <li key={s.key} className="relative flex gap-4 pb-6 last:pb-0">
                {i < STEPS.length - 1 && (
                  <span
                    className="absolute left-5 top-10 h-[calc(100%-2.5rem)] w-px bg-blue-200"
                    aria-hidden
                  />
                )}
                <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-primary ring-1 ring-blue-200">
                  <s.icon className="h-5 w-5" aria-hidden />
                </div>
                <div className="pt-0.5">
                  <div className="font-medium text-slate-900">{t(`hero.workflow.${s.key}.title`)}</div>
                  <div className="text-sm text-muted-foreground">{t(`hero.workflow.${s.key}.text`)}</div>
                </div>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </section>
  );
}
