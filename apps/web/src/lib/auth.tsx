// The signed-in user comes from auth.me; pages inside the shell require one.
import { Navigate, useLocation } from 'react-router-dom';
import { can, type Permission } from '@ctp/contracts';
import { trpc } from './trpc';

export function useCurrentUser() {
  return trpc.auth.me.useQuery(undefined, { staleTime: Infinity });
}

/** Whether the signed-in user's role grants a permission (the server checks again on every call). */
export function useCan(permission: Permission): boolean {
  const { data } = useCurrentUser();
  return !!data && can(data.role, permission);
}

export function RequireAuth({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const me = useCurrentUser();
  if (me.isPending) return <div className="flex h-full items-center justify-center text-muted-foreground" aria-busy="true" />;
  if (!me.data) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
