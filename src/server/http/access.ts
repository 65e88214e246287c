/**
 * Fail-closed authorisation. Every /api route declares `config.access` ("public" or the minimum
 * role); a route without one is refused at registration. One preHandler enforces it for all routes.
 */
import { t } from "@common/i18n";
import { hasRole, isApproved, type Access } from "@common/roles";
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
    if (!hasRole(user.role, access)) {
      request.log.warn({ userId: user.id, role: user.role, route: request.routeOptions.url }, "authorisation refused");
      throw new AppError(403, "forbidden", t("common.errors.forbidden"));
    }
  });

  return routes;
}
