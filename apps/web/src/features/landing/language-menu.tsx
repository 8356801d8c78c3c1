// The landing page's language switch; the choice is remembered and carries into the application.
// The menu (a Radix dropdown, about 25 KB gzip with its positioning code) loads on first use, so the
// first page does not carry it: until then a plain button with the same name stands in, and pointing
// at it starts the download.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Globe } from 'lucide-react';
import { LANGUAGES } from '@ctp/contracts';
import { Button } from '@/components/ui/button';

const loadDropdown = () => import('./language-dropdown');
const LanguageDropdown = lazy(loadDropdown);

export function LanguageMenu() {
  const { t, i18n } = useTranslation('landing');
  const [wanted, setWanted] = useState(false);
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  const standIn = (
    <Button
      variant="ghost"
      size="sm"
      aria-haspopup="menu"
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setWanted(true)}
    >
      <Globe aria-hidden /> <span className="sr-only">{t('nav.language')}</span> <span className="hidden sm:inline">{current.label}</span>
    </Button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageDropdown defaultOpen />
    </Suspense>
  );
}
