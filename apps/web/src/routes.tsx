// The router table mirrors the spec's route table (section 2). Screens inside the shell load on first
// visit (route `lazy`), so the landing and login pages do not wait for every screen's code.
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { AppShell } from '@/components/shell/app-shell';
import { RequireAuth } from '@/lib/auth';
import LandingPage from '@/pages/landing';
import LoginPage from '@/pages/login';
import NotFoundPage from '@/pages/not-found';

/** A route's screen from its module's default export, loaded when the route is first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/setup', lazy: page(() => import('@/pages/setup')) },
  { path: '/set-password', lazy: page(() => import('@/pages/set-password')) },
  { path: '/forgot-password', lazy: page(() => import('@/pages/forgot-password')) },
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    // Shown while a screen opened directly by its address loads its code.
    hydrateFallbackElement: <div className="h-screen" aria-busy="true" />,
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
    ],
  },
  { path: '*', element: <Outlet />, children: [{ path: '*', element: <NotFoundPage /> }] },
]);
