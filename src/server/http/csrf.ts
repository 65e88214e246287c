import { t } from "@common/i18n";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { requestPath } from "./request-target";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests that carry a cookie must come with an Origin equal to PUBLIC_URL.
 * (SameSite=Lax already stops most cross-site posts; this closes the rest, e.g. sibling subdomains.)
 */
export function registerCsrfCheck(app: FastifyInstance, publicUrl: string): void {
  app.addHook("onRequest", async (request) => {
    // The path, not request.url: a request line in absolute form (`POST http://host/api/…`) is an API request too.
    if (SAFE_METHODS.has(request.method) || !requestPath(request.url).startsWith("/api/")) return;
    if (!request.headers.cookie) return;
    refuseCrossSite(request, publicUrl);
  });
}

/**
 * Refuses (403 `csrf_rejected`) a request whose Origin is not PUBLIC_URL. Also for a request that
 * sets a sign-in cookie without carrying one (a door pass's sign-in): another site must not sign a
 * browser in with a pass of its choosing.
 */
export function refuseCrossSite(request: FastifyRequest, publicUrl: string): void {
  if (request.headers.origin === publicUrl) return;
  request.log.warn({ origin: request.headers.origin }, "csrf check refused a request");
  throw new AppError(403, "csrf_rejected", t("common.errors.csrf"));
}
