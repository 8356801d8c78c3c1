import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function ClosingCta() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-to-r from-blue-600 to-indigo-600 px-6 py-14 text-center text-white shadow-lg sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">{t('cta.text')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-blue-700 hover:bg-blue-50">
            <Link to="/dashboard">
              {t('cta.start')} <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/60 bg-transparent text-white hover:bg-white/10"
          >
            <Link to="/dashboard">{t('cta.signIn')}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
