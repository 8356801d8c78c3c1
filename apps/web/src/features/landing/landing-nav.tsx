import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Brand } from './brand';
import { LanguageMenu } from './language-menu';

export function LandingNav() {
  const { t } = useTranslation('landing');
  const anchors = [
    { href: '#features', label: t('nav.features') },
    { href: '#why', label: t('nav.why') },
    { href: '#modules', label: t('nav.modules') },
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/">
          <Brand compact />
        </Link>
        <nav aria-label={t('nav.label')} className="hidden items-center gap-6 md:flex">
          {anchors.map((a) => (
            <a key={a.href} href={a.href} className="text-sm font-medium text-slate-600 hover:text-primary">
              {a.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageMenu />
          <Button asChild>
            <Link to="/dashboard">
              {t('nav.accessPlatform')} <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
