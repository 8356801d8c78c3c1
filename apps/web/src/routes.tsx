// The router table mirrors the spec's route table (section 2). Screens inside the shell load on first
// visit (route `lazy`), with every namespace of the active language's strings, so the landing and login
// pages download neither every screen's code, nor the shell's, nor every language's strings.
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { ACCOUNT_NAMESPACES, followZodLanguage, loadNamespaces } from '@/lib/i18n';
import NotFoundPage from '@/pages/not-found';

/** A public page (landing, log-in) that reads the core namespaces (loaded before the first paint) and these. */
const publicPage =
  (load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = []) =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };

/** A route's screen from its module's default export, loaded when the route is first visited. */
// Every such page may hold a form: zod's messages follow the language from here on (the log-in page,
// a public page, has none: it loads neither zod nor a form library).
const page = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const [module] = await Promise.all([load(), loadNamespaces(), followZodLanguage()]);
  return { Component: module.default };
};

/** The signed-in shell (top bar, side bar, menus), loaded with the first screen behind the log-in. */
const shell = async () => {
  const [{ AppShell }, { RequireAuth }] = await Promise.all([
    import('@/components/shell/app-shell'),
    import('@/lib/auth'),
    loadNamespaces(),
  ]);
  return {
    Component: () => (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
  };
};

/** The tRPC and React Query providers and the toasts, around every page but the landing and log-in pages. */
const providers = async () => {
  const module = await import('@/app-providers');
  return { Component: module.default };
};

// Shown while a page opened directly by its address loads its code.
const loading = <div className="h-screen" aria-busy="true" />;

export const router = createBrowserRouter([
  { path: '/', lazy: publicPage(() => import('@/pages/landing')), hydrateFallbackElement: loading },
  { path: '/login', lazy: publicPage(() => import('@/pages/login'), ACCOUNT_NAMESPACES), hydrateFallbackElement: loading },
  {
    lazy: providers,
    hydrateFallbackElement: loading,
    children: [
      { path: '/setup', lazy: page(() => import('@/pages/setup')) },
      { path: '/set-password', lazy: page(() => import('@/pages/set-password')) },
      { path: '/forgot-password', lazy: page(() => import('@/pages/forgot-password')) },
      {
        lazy: shell,
        hydrateFallbackElement: loading,
        children: [
          { path: '/dashboard', lazy: page(() => import('@/pages/dashboard')) },
          { path: '/studies', lazy: page(() => import('@/pages/studies')) },
          { path: '/studies/:id', lazy: page(() => import('@/pages/study-detail')) },
          { path: '/sites', lazy: page(() => import('@/pages/sites')) },
          { path: '/sites/:id', lazy: page(() => import('@/pages/site-detail')) },
          { path: '/patients', lazy: page(() => import('@/pages/patients')) },
          { path: '/inclusions', lazy: page(() => import('@/pages/inclusions')) },
          { path: '/queries', lazy: page(() => import('@/pages/queries')) },
          { path: '/cdisc-standards', lazy: page(() => import('@/pages/cdisc-standards')) },
          { path: '/forms', lazy: page(() => import('@/pages/forms')) },
          { path: '/forms/:id/edit', lazy: page(() => import('@/pages/form-builder')) },
          { path: '/data-entry', lazy: page(() => import('@/pages/data-entry')) },
          { path: '/coding', lazy: page(() => import('@/pages/coding')) },
          { path: '/casebook/:patientId', lazy: page(() => import('@/pages/casebook')) },
          { path: '/monitoring', lazy: page(() => import('@/pages/monitoring')) },
          { path: '/analytics', lazy: page(() => import('@/pages/analytics')) },
          { path: '/compliance', lazy: page(() => import('@/pages/compliance')) },
          { path: '/notifications', lazy: page(() => import('@/pages/notifications')) },
          { path: '/etmf', lazy: page(() => import('@/pages/etmf')) },
          { path: '/ertms', lazy: page(() => import('@/pages/ertms')) },
          { path: '/ctms', lazy: page(() => import('@/pages/ctms')) },
          { path: '/trials/:id', lazy: page(() => import('@/pages/trial-detail')) },
          { path: '/profile', lazy: page(() => import('@/pages/profile')) },
          { path: '/admin/users', lazy: page(() => import('@/pages/admin-users')) },
          { path: '/admin/users/:id', lazy: page(() => import('@/pages/admin-user-detail')) },
          { path: '/admin/webhooks', lazy: page(() => import('@/pages/admin-webhooks')) },
        ],
      },
    ],
  },
  { path: '*', element: <Outlet />, children: [{ path: '*', element: <NotFoundPage /> }] },
]);
