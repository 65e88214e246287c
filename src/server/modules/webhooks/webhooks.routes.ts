import {
  createdWebhookSchema,
  createWebhookSchema,
  deliveriesQuerySchema,
  rotatedSecretSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
} from "@common/schemas/webhooks";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { auditContext } from "../audit/audit.record";
import { tokenErrors } from "../tokens/tokens.errors";
import { createWebhooksService } from "./webhooks.service";

const idParams = z.object({ id: z.uuid() });
const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.coerce.number().int().min(1) });
const tags = ["webhooks"];
const access = "webhooks.manage";

/** The caller, signed in with a session: a token never registers or reads webhooks. */
function sessionCaller(request: FastifyRequest) {
  const user = request.user!;
  if (user.token) throw tokenErrors.sessionOnly();
  return user;
}

/** Webhooks (issue 37; docs/api.md "Webhooks", docs/integrations.md). */
export async function webhooksRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createWebhooksService({ db, config });

  app.get(
    "/api/webhooks",
    {
      config: { access },
      schema: { tags, summary: "Every webhook endpoint (never its secret), oldest first", response: { 200: webhookListSchema } },
    },
    async (request) => {
      sessionCaller(request);
      return service.list();
    },
  );

  app.post(
    "/api/webhooks",
    {
      config: { access },
      schema: {
        tags,
        summary: "Register a webhook endpoint; its signing secret is answered this once",
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(sessionCaller(request), request.body, auditContext(request))),
  );

  app.patch(
    "/api/webhooks/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Change an endpoint's address, events or capabilities, or turn it off and on",
        params: idParams,
        body: updateWebhookSchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) => service.update(sessionCaller(request), request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    "/api/webhooks/:id",
    { config: { access }, schema: { tags, summary: "Delete an endpoint and its deliveries", params: idParams } },
    async (request, reply) => {
      sessionCaller(request);
      await service.remove(request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );

  await deliveriesRoutes(app, service);
}

/** An endpoint's deliveries, a resend, and its secret's rotation. */
async function deliveriesRoutes(app: ZodApp, service: ReturnType<typeof createWebhooksService>): Promise<void> {
  app.get(
    "/api/webhooks/:id/deliveries",
    {
      config: { access },
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first",
        params: idParams,
        querystring: deliveriesQuerySchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => {
      sessionCaller(request);
      return service.deliveries(request.params.id, request.query);
    },
  );

  app.post(
    "/api/webhooks/:id/deliveries/:deliveryId/resend",
    {
      config: { access },
      schema: {
        tags,
        summary: "Send a delivery again, with the same webhook-id",
        params: deliveryParams,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) => {
      sessionCaller(request);
      return reply.status(202).send(await service.resend(request.params.id, request.params.deliveryId));
    },
  );

  app.post(
    "/api/webhooks/:id/rotate-secret",
    {
      config: { access },
      schema: {
        tags,
        summary: "A new signing secret, answered this once; the old one signs alongside for a day",
        params: idParams,
        response: { 200: rotatedSecretSchema },
      },
    },
    async (request) => {
      sessionCaller(request);
      return service.rotateSecret(request.params.id, auditContext(request));
    },
  );
}
