import { useT } from "@web/lib/language";
import { isApproved, type Capability } from "@common/permissions";
import { PLACE_PATH } from "@common/public-paths";
import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { can, useSession, useAccountLanguage, AwaitingApproval } from "@web/features/accounts";
import { ApiError } from "@web/lib/api";

/**
 * Guard rules of docs/product.md §2: not signed in → /login; a route whose capability the user lacks → /dashboard;
 * nothing is rendered while the session is loading. A pending account sees only the
 * awaiting-approval screen. If the profile cannot be loaded, the user counts as member/pending
 * (docs/product.md §6) and sees that screen with the reason.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  useAccountLanguage(session.data);
  const location = useLocation();
  if (session.isPending) return null;
  if (session.isError) {
    const reason =
      session.error instanceof ApiError && session.error.status === 404
        ? t("accounts.awaitingApproval.profileNotFound")
        : t("accounts.awaitingApproval.profileFetchFailed");
    return <AwaitingApproval profileError={reason} onRetry={() => void session.refetch()} />;
  }
  if (!session.data) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!isApproved(session.data)) return <AwaitingApproval />;
  return children;
}

/** A screen for those who hold `capability` (the API behind it refuses the others). */
export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return null;
  if (!session.data) return <Navigate to="/login" replace />;
  if (!can(session.data, capability)) return <Navigate to="/dashboard" replace />;
  return children;
}

/** Public pages a signed-in user skips (the public shell at /, the login and sign-up pages). */
export function RedirectIfSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return null;
  if (session.data) return <Navigate to={to} replace />;
  return children;
}

/** The path this document was loaded at: the server sent the staff app for it. */
const documentPath = window.location.pathname;

/**
 * A page of the public entry (the home page, the landing; rendered on the server) reached from inside
 * this app: loaded from the server as a document. Nothing is drawn meanwhile; never a reload loop
 * when the server itself sent this app for the path (a build without the public entry).
 */
export function PublicEntryPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (pathname !== documentPath) window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}

/**
 * Signed in (an account or a door pass): the check-in screen. Nobody signed in: the phone is the
 * person's own, so their place in the line (a public page, loaded as a document). A session that
 * cannot be read keeps the staff's way, whose screens say what went wrong.
 */
export function CheckInLink() {
  const { search } = useLocation();
  const session = useSession();
  const person = session.isSuccess && session.data === null;
  useEffect(() => {
    if (person) window.location.replace(`${PLACE_PATH}${search}`);
  }, [person, search]);
  if (session.isPending || person) return null;
  return <Navigate to={`/dashboard/check-in${search}`} replace />;
}
