import { useTranslation } from 'react-i18next';
import { BrainCircuit, FileCheck2, Globe2, Layers, ShieldCheck, UserCheck } from 'lucide-react';
import { SectionHeading } from './section-heading';

const ITEMS = [
  { key: 'ai', icon: BrainCircuit },
  { key: 'compliance', icon: ShieldCheck },
  { key: 'unified', icon: Layers },
  { key: 'standards', icon: FileCheck2 },
  { key: 'access', icon: UserCheck },
  { key: 'global', icon: Globe2 },
] as const;

export function Differentiators() {
  const { t } = useTranslation('landing');
  return (
    <section id="why" aria-labelledby="why-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="why-title"
          eyebrow={t('differentiators.eyebrow')}
          title={t('differentiators.title')}
          subtitle={t('differentiators.subtitle')}
        />
        <div className="grid gap-x-10 gap-y-10 md:grid-cols-2 lg:grid-cols-3">
          {ITEMS.map((d) => (
            <div key={d.key} className="flex gap-4" data-testid="differentiator">
              <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary text-white shadow-sm">
                <d.icon className="h-5 w-5" aria-hidden />
              </div>
              <div>
                <h3 className="font-semibold text-slate-900">{t(`differentiators.items.${d.key}.title`)}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-slate-600">
                  {t(`differentiators.items.${d.key}.text`)}
                </p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
