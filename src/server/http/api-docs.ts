/**
 * The API's documentation at /api/docs (the OpenAPI document at /api/docs/json and its viewer),
 * as the API_DOCS setting says: off, for signed-in staff only, or for anyone. It maps every route,
 * so production keeps it off unless asked (config.ts).
 */
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApproved } from "@common/roles";
import type { ApiDocs } from "../config";
import { errors } from "../errors";
import type { SessionUser } from "../modules/accounts/session.resolver";

export async function registerApiDocs(
  app: FastifyInstance,
  who: ApiDocs,
  resolveUser: (request: FastifyRequest) => Promise<SessionUser | null>,
): Promise<void> {
  if (who === "off") return;
  const staffOnly = async (request: FastifyRequest) => {
    const user = await resolveUser(request);
    if (!user) throw errors.unauthenticated();
    if (!isApproved(user)) throw errors.accountPending();
  };
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    ...(who === "staff" ? { uiHooks: { onRequest: staffOnly } } : {}),
  });
}
