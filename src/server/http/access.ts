/**
 * Fail-closed authorisation. Every /api route declares `config.access`: "public", or the capability
 * it needs (@common/permissions, ADR 021); a route without one is refused at registration. One
 * preHandler enforces it for all routes: 401 without a session (or a valid API token), 403 for a
 * pending account, a role that does not hold the capability, or a token not given it.
 */
import { t } from "@common/i18n";
import { callerHolds, isApproved, type Access, type Capability } from "@common/permissions";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, errors } from "../errors";
import type { SessionUser } from "../modules/accounts/session.resolver";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved lazily by `getUser` or set by the access check. */
    user: SessionUser | null;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export function registerAccessControl(
  app: FastifyInstance,
  resolveUser: (request: FastifyRequest) => Promise<SessionUser | null>,
): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.decorateRequest("user", null);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, access });
    }
  });

  app.addHook("preHandler", async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === "public") return;
    const user = await resolveUser(request);
    if (!user) throw errors.unauthenticated();
    request.user = user;
    if (!isApproved(user)) {
      request.log.warn({ userId: user.id, route: request.routeOptions.url }, "authorisation refused: account pending");
      throw errors.accountPending();
    }
    requireCapability(request, access);
  });

  return routes;
}

/**
 * Refuses (403) a signed-in caller whose role (or token) lacks `capability`: for a rule inside a route (a
 * review field in a PATCH, an override in a check-in) beyond the capability the route declares.
 */
export function requireCapability(request: FastifyRequest, capability: Capability): void {
  const user = request.user;
  if (user && callerHolds(user, capability)) return;
  request.log.warn(
    { userId: user?.id, role: user?.role, tokenId: user?.token?.id, capability, route: request.routeOptions.url },
    "authorisation refused",
  );
  throw new AppError(403, "forbidden", t("common.errors.forbidden"));
}

/** Whether the request's (already authorised) caller holds `capability`. */
export function callerCan(request: FastifyRequest, capability: Capability): boolean {
  const user = request.user;
  return user !== null && callerHolds(user, capability);
}

/**
 * Refuses (403) a caller confined to one event (a door pass, issue 35) acting on another: every route
 * a pass may call checks the event it touches with this, once it knows it.
 */
export function requireEventScope(request: FastifyRequest, eventId: string): void {
  const pass = request.user?.pass;
  if (!pass || pass.eventId === eventId) return;
  request.log.warn(
    { passId: pass.id, eventId, route: request.routeOptions.url },
    "authorisation refused: door pass of another event",
  );
  throw new AppError(403, "forbidden", t("common.errors.forbidden"));
}
