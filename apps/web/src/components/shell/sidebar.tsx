import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChevronsLeft, ChevronsRight, Activity } from 'lucide-react';
import { APP_VERSION, SIDEBAR } from '@ctp/contracts';
import { cn } from '@/lib/utils';
import { navGroupsFor, isNavItemActive } from './nav-items';
import { useCurrentUser } from '@/lib/auth';

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation('common');
  const role = useCurrentUser().data?.role;
  const { pathname } = useLocation();
  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed}
      style={{ width: `${collapsed ? SIDEBAR.collapsedRem : SIDEBAR.expandedRem}rem` }}
      className="hidden shrink-0 flex-col border-r border-border bg-white transition-[width] duration-200 lg:flex"
    >
      <div className="flex h-16 items-center gap-2 border-b border-border px-4">
        <div className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-primary text-white">
          <Activity className="h-5 w-5" aria-hidden />
        </div>
        {!collapsed && (
          <div className="min-w-0">
            <div className="truncate text-sm font-bold">ClinicalAI</div>
            <div className="text-xs text-muted-foreground">{APP_VERSION}</div>
          </div>
        )}
      </div>
      <nav className="flex-1 overflow-y-auto p-2" aria-label={t('nav.label')}>
        {navGroupsFor(role).map((group) => (
          <div key={group.label} className="mb-3">
            {!collapsed && <div className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t(group.label)}</div>}
            {group.items.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                title={collapsed ? t(item.label) : undefined}
                aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-muted hover:text-slate-900',
                  isNavItemActive(item, pathname) && 'bg-primary/10 text-blue-700 hover:bg-primary/10 hover:text-blue-700',
                  collapsed && 'justify-center px-0',
                )}
              >
                <item.icon className="h-4 w-4 shrink-0" aria-hidden />
                {!collapsed && <span className="truncate">{t(item.label)}</span>}
                {collapsed && <span className="sr-only">{t(item.label)}</span>}
              </Link>
            ))}
          </div>
        ))}
      </nav>
      <button
        type="button"
        onClick={onToggle}
        className="flex h-12 items-center justify-center gap-2 border-t border-border text-sm text-muted-foreground hover:bg-muted"
        aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
      >
        {collapsed ? <ChevronsRight className="h-4 w-4" /> : <><ChevronsLeft className="h-4 w-4" /> {t('nav.collapse')}</>}
      </button>
    </aside>
  );
}
