import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { MobileBar } from './mobile-bar';

const COLLAPSED_KEY = 'ctp.sidebar.collapsed';

export function AppShell() {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const toggle = () =>
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, String(!c));
      return !c;
    });
  return (
    <div className="flex h-full">
      {/* The first stop of Tab: past the side bar and the top bar to the screen (WCAG 2.4.1). */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-blue-700 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('nav.skipToContent')}
      </a>
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="main" tabIndex={-1} className="flex-1 overflow-y-auto p-4 pb-24 focus-visible:outline-none lg:p-6 lg:pb-6">
          {/* A screen whose strings are fetched on first use (lib/i18n-on-demand.ts) waits here. */}
          <Suspense fallback={<div className="h-40" aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <MobileBar />
    </div>
  );
}
