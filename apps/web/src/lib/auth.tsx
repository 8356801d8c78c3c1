// The signed-in user comes from auth.me; pages inside the shell require one.
import { Navigate, useLocation } from 'react-router-dom';
import { can, type Permission } from '@ctp/contracts';
import { trpc } from './trpc';

export function useCurrentUser() {
  return trpc.auth.me.useQuery(undefined, { staleTime: Infinity });
}

/**
 * Whether the signed-in user may use a permission somewhere: by the global role or the role of one of
 * their study memberships (the server checks the study's own role again on every call).
 */
export function useCan(permission: Permission): boolean {
  const { data } = useCurrentUser();
  return !!data && (can(data.role, permission) || data.studyRoles.some((m) => can(m.role, permission)));
}

/** Whether the user may use a permission in this study: administrators everywhere, others by their role in it. */
export function useCanInStudy(studyId: number | undefined, permission: Permission): boolean {
  const { data } = useCurrentUser();
  if (!data || studyId === undefined) return false;
  if (data.role === 'admin') return true;
  const role = data.studyRoles.find((m) => m.studyId === studyId)?.role;
  return !!role && can(role, permission);
}

export function RequireAuth({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const me = useCurrentUser();
  if (me.isPending) return <div className="flex h-full items-center justify-center text-muted-foreground" aria-busy="true" />;
  if (!me.data) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
