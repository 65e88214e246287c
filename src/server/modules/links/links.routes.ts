import { z } from "zod";
import { createLinkSchema, trackedLinkSchema } from "@common/schemas/links";
import type { AppContext, ZodApp } from "../../context";
import { createLinksService } from "./links.service";

const eventParams = z.object({ id: z.uuid() });

/** Tracked links (issue 38; docs/api.md). */
export async function linksRoutes(app: ZodApp, { db }: AppContext): Promise<void> {
  const service = createLinksService(db);

  app.get(
    "/api/events/:id/links",
    {
      config: { access: "registrations.read" },
      schema: {
        tags: ["links"],
        summary: "An event's tracked links, oldest first, each with its registrations",
        params: eventParams,
        response: { 200: z.array(trackedLinkSchema) },
      },
    },
    async (request) => service.list(request.params.id),
  );

  app.post(
    "/api/events/:id/links",
    {
      config: { access: "events.manage" },
      schema: {
        tags: ["links"],
        summary: "Create a tracked link: /e/<event slug>/<link slug>",
        params: eventParams,
        body: createLinkSchema,
        response: { 201: trackedLinkSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.params.id, request.body)),
  );

  app.delete(
    "/api/links/:id",
    {
      config: { access: "events.manage" },
      schema: { tags: ["links"], summary: "Delete a tracked link (its registrations keep their source)", params: eventParams },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send();
    },
  );
}
