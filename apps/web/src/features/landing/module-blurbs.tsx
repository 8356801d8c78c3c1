import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Check, ClipboardList, FolderOpen, BriefcaseBusiness, Send } from 'lucide-react';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { SectionHeading } from './section-heading';

// Each module opens on its own screen inside the application (sign-in first when needed).
const MODULES = [
  { key: 'edc', icon: ClipboardList, to: '/forms' },
  { key: 'etmf', icon: FolderOpen, to: '/etmf' },
  { key: 'ertms', icon: Send, to: '/ertms' },
  { key: 'ctms', icon: BriefcaseBusiness, to: '/ctms' },
] as const;

export function ModuleBlurbs() {
  const { t } = useTranslation('landing');
  return (
    <section id="modules" aria-labelledby="modules-title" className="scroll-mt-16 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="modules-title"
          eyebrow={t('modules.eyebrow')}
          title={t('modules.title')}
          subtitle={t('modules.subtitle')}
        />
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {MODULES.map((m) => (
            <Card key={m.key} data-testid="module-blurb" className="flex flex-col overflow-hidden">
              <div className="h-1 bg-primary" aria-hidden />
              <CardHeader className="gap-2">
                <div className="flex items-center gap-3">
                  <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-blue-50 text-primary">
                    <m.icon className="h-5 w-5" aria-hidden />
                  </div>
                  <div>
                    <CardTitle className="text-lg">{t(`modules.${m.key}.name`)}</CardTitle>
                    <p className="text-xs font-medium text-muted-foreground">{t(`modules.${m.key}.full`)}</p>
                  </div>
                </div>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(`modules.${m.key}.text`)}</p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm text-slate-700">
                  {(['p1', 'p2', 'p3'] as const).map((p) => (
                    <li key={p} className="flex items-start gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />{' '}
                      {t(`modules.${m.key}.${p}`)}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <Link
                  to={m.to}
                  className="flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                >
                  {t('modules.open', { module: t(`modules.${m.key}.name`) })}{' '}
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </CardFooter>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
