/** The venue screens' keys (issue 35; docs/api.md "Casting day"): made, listed and revoked with castingday.manage. */
import { createDisplayKeySchema, createdDisplayKeySchema, displayKeyListSchema } from "@common/schemas/queue";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { requireEventScope } from "../../http/access";
import { auditContext } from "../audit/audit.record";
import { createDisplayKeysService } from "./display-keys.service";

const tags = ["casting day"];
const access = "castingday.manage";

export async function displayKeysRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createDisplayKeysService({ db, config });

  app.post(
    "/api/events/:id/display-keys",
    {
      config: { access },
      schema: {
        tags,
        summary: "Make a venue screen's key; its address (with the key) is answered this once",
        params: z.object({ id: z.uuid() }),
        body: createDisplayKeySchema,
        response: { 201: createdDisplayKeySchema },
      },
    },
    async (request, reply) => {
      requireEventScope(request, request.params.id);
      const created = await service.create(request.user!.id, request.params.id, request.body.name, auditContext(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/events/:id/display-keys",
    {
      config: { access },
      schema: {
        tags,
        summary: "An event's venue screens' keys, oldest first (never a key itself)",
        params: z.object({ id: z.uuid() }),
        response: { 200: displayKeyListSchema },
      },
    },
    async (request) => {
      requireEventScope(request, request.params.id);
      return service.list(request.params.id);
    },
  );

  app.delete(
    "/api/display-keys/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Revoke a venue screen's key: its screen stops within a heartbeat",
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, (eventId) => requireEventScope(request, eventId), auditContext(request));
      return reply.status(204).send();
    },
  );
}
