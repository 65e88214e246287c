import { t } from "@common/i18n";
import type { FastifyInstance } from "fastify";
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
    if (request.headers.origin !== publicUrl) {
      request.log.warn({ origin: request.headers.origin }, "csrf check refused a request");
      throw new AppError(403, "csrf_rejected", t("common.errors.csrf"));
    }
  });
}
