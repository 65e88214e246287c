import { createdTokenSchema, createTokenSchema, tokenListSchema } from "@common/schemas/tokens";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { auditContext } from "../audit/audit.record";
import { tokenErrors } from "./tokens.errors";
import { createTokensService } from "./tokens.service";

const idParams = z.object({ id: z.uuid() });
const tags = ["tokens"];

/** The caller, who must be signed in with a session: a token never makes or revokes tokens. */
function sessionCaller(request: FastifyRequest) {
  const user = request.user!;
  if (user.token) throw tokenErrors.sessionOnly();
  return user;
}

/** API tokens (issue 37; docs/api.md "API tokens"). */
export async function tokensRoutes(app: ZodApp, { db }: AppContext): Promise<void> {
  const service = createTokensService(db);

  app.get(
    "/api/tokens",
    {
      config: { access: "tokens.manage" },
      schema: { tags, summary: "Every API token (never the token itself), oldest first", response: { 200: tokenListSchema } },
    },
    async (request) => {
      sessionCaller(request);
      return service.list();
    },
  );

  app.post(
    "/api/tokens",
    {
      config: { access: "tokens.manage" },
      schema: {
        tags,
        summary: "Make an API token holding some of the caller's capabilities; the token is answered this once",
        body: createTokenSchema,
        response: { 201: createdTokenSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(sessionCaller(request), request.body, auditContext(request))),
  );

  app.delete(
    "/api/tokens/:id",
    {
      config: { access: "tokens.manage" },
      schema: { tags, summary: "Revoke an API token: it stops working at once", params: idParams },
    },
    async (request, reply) => {
      sessionCaller(request);
      await service.revoke(request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );
}
