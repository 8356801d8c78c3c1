// The router table mirrors the spec's route table (section 2).
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { AppShell } from '@/components/shell/app-shell';
import { RequireAuth } from '@/lib/auth';
import LandingPage from '@/pages/landing';
import LoginPage from '@/pages/login';
import DashboardPage from '@/pages/dashboard';
import NotFoundPage from '@/pages/not-found';
import ModulePage from '@/pages/module-page';
import SitesPage from '@/pages/sites';
import SiteDetailPage from '@/pages/site-detail';
import PatientsPage from '@/pages/patients';
import StudiesPage from '@/pages/studies';
import StudyDetailPage from '@/pages/study-detail';
import CtmsPage from '@/pages/ctms';
import TrialDetailPage from '@/pages/trial-detail';

export const router = createBrowserRouter([
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/studies', element: <StudiesPage /> },
      { path: '/studies/:id', element: <StudyDetailPage /> },
      { path: '/sites', element: <SitesPage /> },
      { path: '/sites/:id', element: <SiteDetailPage /> },
      { path: '/patients', element: <PatientsPage /> },
      { path: '/inclusions', element: <ModulePage titleKey="nav.inclusions" /> },
      { path: '/queries', element: <ModulePage titleKey="nav.queries" /> },
      { path: '/cdisc-standards', element: <ModulePage titleKey="nav.cdisc" /> },
      { path: '/forms', element: <ModulePage titleKey="nav.forms" /> },
      { path: '/data-entry', element: <ModulePage titleKey="nav.dataEntry" /> },
      { path: '/monitoring', element: <ModulePage titleKey="nav.monitoring" /> },
      { path: '/analytics', element: <ModulePage titleKey="nav.analytics" /> },
      { path: '/compliance', element: <ModulePage titleKey="nav.compliance" /> },
      { path: '/etmf', element: <ModulePage titleKey="nav.etmf" /> },
      { path: '/ertms', element: <ModulePage titleKey="nav.ertms" /> },
      { path: '/ctms', element: <CtmsPage /> },
      { path: '/trials/:id', element: <TrialDetailPage /> },
    ],
  },
  { path: '*', element: <Outlet />, children: [{ path: '*', element: <NotFoundPage /> }] },
]);
