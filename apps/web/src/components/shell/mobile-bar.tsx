import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MoreHorizontal } from 'lucide-react';
import { cn } from '@/lib/utils';
import { MOBILE_ITEMS, isNavItemActive } from './nav-items';
import { MoreSheet } from './more-sheet';

export function MobileBar() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  // The five are the spec's; every other section is reached through More, which is lit on those pages.
  const moreActive = !MOBILE_ITEMS.some((item) => isNavItemActive(item, pathname));
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
      <MoreSheet open={moreOpen} onOpenChange={setMoreOpen}>
        <button
          type="button"
          data-testid="mobile-more"
          className={cn('flex flex-1 flex-col items-center justify-center gap-1 text-xs text-muted-foreground', moreActive && 'text-primary')}
        >
          <MoreHorizontal className="h-5 w-5" aria-hidden />
          {t('nav.more')}
        </button>
      </MoreSheet>
    </nav>
  );
}
