import { router } from './trpc.ts';
import { authRouter } from './modules/auth/router.ts';
import { dashboardRouter } from './modules/dashboard/router.ts';

export const appRouter = router({
  auth: authRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
