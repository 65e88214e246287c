import { isAdmin } from "@common/roles";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "@web/features/accounts/api/get-session";

/**
 * Guard rules of SPEC.md §2: not signed in → /login; non-admin on an admin route → /dashboard;
 * nothing is rendered while the session is loading.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return null;
  if (!session.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return null;
  if (!session.data) return <Navigate to="/login" replace />;
  if (!isAdmin(session.data.role)) return <Navigate to="/dashboard" replace />;
  return children;
}

/** Public pages a signed-in user skips (the public shell at /). */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return null;
  if (session.data) return <Navigate to={to} replace />;
  return children;
}
