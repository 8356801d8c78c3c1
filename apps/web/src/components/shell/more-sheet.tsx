import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { navGroupsFor, isNavItemActive } from './nav-items';
import { useCurrentUser } from '@/lib/auth';

/**
 * The phone's way to every section: a bottom sheet listing the sidebar's groups and items.
 * `children` is the element that opens it (the bottom bar's More button).
 */
export function MoreSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  const role = useCurrentUser().data?.role;
  const { pathname } = useLocation();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>{children}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 transition-opacity duration-200 starting:opacity-0" />
        <DialogPrimitive.Content
          data-testid="more-sheet"
          // The list is the content; there is no separate description.
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[80vh] flex-col rounded-t-2xl border-t border-border bg-white pb-[env(safe-area-inset-bottom)] shadow-lg transition-transform duration-200 ease-out starting:translate-y-full"
        >
          <div className="flex shrink-0 items-center justify-between border-b border-border px-4 py-3">
            <DialogPrimitive.Title className="text-base font-semibold">{t('nav.allSections')}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="rounded-sm p-1 opacity-70 hover:opacity-100" aria-label="Close">
              <X className="h-4 w-4" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <nav className="flex-1 overflow-y-auto overscroll-contain p-2" aria-label={t('nav.allSections')}>
            {navGroupsFor(role).map((group) => (
              <section key={group.label} className="mb-3" aria-labelledby={`more-sheet-${group.label}`}>
                <h3
                  id={`more-sheet-${group.label}`}
                  className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
                >
                  {t(group.label)}
                </h3>
                {group.items.map((item) => {
                  const active = isNavItemActive(item, pathname);
                  return (
                    <Link
                      key={item.to}
                      to={item.to}
                      onClick={() => onOpenChange(false)}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-3 rounded-md px-3 py-3 text-sm font-medium text-slate-600 hover:bg-muted hover:text-slate-900',
                        active && 'bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary',
                      )}
                    >
                      <item.icon className="h-5 w-5 shrink-0" aria-hidden />
                      <span className="truncate">{t(item.label)}</span>
                    </Link>
                  );
                })}
              </section>
            ))}
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
