/**
 * The API's documentation at /api/docs (the OpenAPI document at /api/docs/json and its viewer),
 * as the API_DOCS setting says: off, for signed-in staff only, or for anyone. It maps every route,
 * so production keeps it off unless asked (config.ts). A request with an API token reads the
 * document of the routes a token can call (api-docs-for-tokens.ts), whatever the setting but off.
 */
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApproved } from "@common/permissions";
import type { ApiDocs } from "../config";
import { errors } from "../errors";
import type { SessionUser } from "../modules/accounts/session.resolver";
import { bearerToken } from "../modules/tokens/token.resolver";
import { tokenDocument } from "./api-docs-for-tokens";

/**
 * The viewer's own policy, for its routes only: swagger-ui's default (`staticCSP: true`) omits
 * 'unsafe-inline' from style-src although the viewer sets inline styles (the browser reports the
 * violation on every visit), and asks for upgrade-insecure-requests even over plain http.
 */
function apiDocsCsp(servedOverHttps: boolean): Record<string, string> {
  return {
    "default-src": "'self'",
    "base-uri": "'self'",
    "connect-src": "'self'",
    "font-src": "'self' data:",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "script-src": "'self'",
    "script-src-attr": "'none'",
    "style-src": "'self' 'unsafe-inline'",
    ...(servedOverHttps ? { "upgrade-insecure-requests": "" } : {}),
  };
}

export async function registerApiDocs(
  app: FastifyInstance,
  who: ApiDocs,
  resolveUser: (request: FastifyRequest) => Promise<SessionUser | null>,
  { servedOverHttps }: { servedOverHttps: boolean },
): Promise<void> {
  if (who === "off") return;
  const isTokenCall = (request: FastifyRequest) => bearerToken(request) !== undefined;
  // A Bearer request is its token's even when the docs are public: a wrong, expired or revoked token
  // is refused as on every other route, not answered the anonymous reader's whole document.
  const allowedReader = async (request: FastifyRequest) => {
    if (who === "public" && !isTokenCall(request)) return;
    const user = await resolveUser(request);
    if (!user) throw errors.unauthenticated();
    if (!isApproved(user)) throw errors.accountPending();
  };
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: apiDocsCsp(servedOverHttps),
    // The public validator's badge would be an image from another origin: the CSP forbids it.
    uiConfig: { validatorUrl: null },
    uiHooks: { onRequest: allowedReader },
    // JSON and YAML alike. tokenDocument copies what it changes, so the cached document need not be cloned.
    transformSpecification: (document, request) => (isTokenCall(request) ? tokenDocument(document) : document),
    transformSpecificationClone: false,
  });
}
