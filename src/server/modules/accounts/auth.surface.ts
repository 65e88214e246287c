/**
 * The part of better-auth's API the product uses (src/web/features/accounts/api), and who may use
 * each endpoint. better-auth answers many more (list-sessions, update-user, change-email,
 * revoke-sessions, delete-user…) for any signed-in account, pending ones included; every endpoint
 * not listed here answers 404, as an unknown API path does.
 */
import { isApproved } from "@common/permissions";
import { errors } from "../../errors";
import type { SessionUser } from "./session.resolver";
import { accountErrors } from "./accounts.errors";

/**
 * - `anyone`: signed in or not, pending or approved (signing in and out, sign-up, the e-mailed
 *   links' tokens). The session is read at GET /api/session, never at better-auth's get-session,
 *   whose reply carries the session's token (which stays in its httpOnly cookie), address and device;
 * - `second-factor`: the sign-in's second step (no session yet: the two-factor cookie), or, signed
 *   in, confirming one's own enrolment: an approved account only;
 * - `approved`: a signed-in, approved account (a pending one can only wait, or sign out).
 */
export type AuthEndpointAccess = "anyone" | "second-factor" | "approved";

export const AUTH_SURFACE: Readonly<Record<string, AuthEndpointAccess>> = {
  "POST /api/auth/sign-in/email": "anyone",
  "POST /api/auth/sign-up/email": "anyone",
  "POST /api/auth/sign-out": "anyone",
  "POST /api/auth/request-password-reset": "anyone",
  "POST /api/auth/reset-password": "anyone",
  "GET /api/auth/verify-email": "anyone",
  "POST /api/auth/two-factor/verify-totp": "second-factor",
  "POST /api/auth/two-factor/verify-backup-code": "second-factor",
  "POST /api/auth/two-factor/enable": "approved",
  "POST /api/auth/two-factor/disable": "approved",
  "POST /api/auth/two-factor/generate-backup-codes": "approved",
};

/**
 * Refuses what the surface does not allow: 404 `route_not_found` for an endpoint outside it, 401
 * for an anonymous caller and 403 `account_pending` for a pending account where an approved one is
 * needed. `user` is the request's signed-in user (null: none).
 */
export function checkAuthSurface(method: string, path: string, user: SessionUser | null): void {
  const access = AUTH_SURFACE[`${method} ${path}`];
  if (!access) throw accountErrors.routeNotFound(method, path);
  if (access === "anyone" || (access === "second-factor" && !user)) return;
  if (!user) throw errors.unauthenticated();
  if (!isApproved(user)) throw errors.accountPending();
}
