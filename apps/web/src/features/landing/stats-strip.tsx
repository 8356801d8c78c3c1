import { useTranslation } from 'react-i18next';

// Marketing claims from the product spec, shown as plain text: they are not computed from any data.
const STATS = ['trials', 'patients', 'uptime', 'support'] as const;

export function StatsStrip() {
  const { t } = useTranslation('landing');
  return (
    <section aria-label={t('stats.label')} className="border-y border-border bg-slate-50">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        {STATS.map((k) => (
          <div key={k} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm font-medium text-slate-600">{t(`stats.${k}.label`)}</dt>
            <dd className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {t(`stats.${k}.value`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
