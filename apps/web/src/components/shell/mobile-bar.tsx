import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { MOBILE_ITEMS } from './nav-items';

export function MobileBar() {
  const { t } = useTranslation('common');
  return (
    <nav data-testid="mobile-bar" aria-label={t('nav.mobile')} className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t border-border bg-white lg:hidden">
      {MOBILE_ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={({ isActive }) => cn('flex flex-1 flex-col items-center justify-center gap-1 text-xs text-muted-foreground', isActive && 'text-primary')}
        >
          <item.icon className="h-5 w-5" aria-hidden />
          {t(item.label)}
        </NavLink>
      ))}
    </nav>
  );
}
