import { useTranslation } from 'react-i18next';
import { Check, Globe } from 'lucide-react';
import { LANGUAGES } from '@ctp/contracts';
import { setLanguage } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** The landing page's language menu itself (Radix dropdown), loaded on first use by LanguageMenu. */
export default function LanguageDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation('landing');
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm">
          <Globe aria-hidden /> <span className="sr-only">{t('nav.language')}</span> <span className="hidden sm:inline">{current.label}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40 border-border">
        {LANGUAGES.map((l) => (
          <DropdownMenuItem
            key={l.code}
            lang={l.code}
            onSelect={() => setLanguage(l.code)}
            aria-current={current.code === l.code}
          >
            <Check
              className={current.code === l.code ? 'h-4 w-4 text-primary' : 'h-4 w-4 invisible'}
              aria-hidden
            />
            {l.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
