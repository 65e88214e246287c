import { z } from "zod";
import {
  createEventSchema,
  eventSchema,
  eventSummarySchema,
  listEventsQuerySchema,
  updateEventSchema,
} from "@common/schemas/events";
import type { AppContext, ZodApp } from "../../context";
import { createEventsService } from "./events.service";

const eventParams = z.object({ id: z.uuid() });

export async function eventsRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createEventsService(db, config);

  app.get(
    "/api/events",
    {
      config: { access: "events.read" },
      schema: {
        tags: ["events"],
        summary: "All events with slots and counts, by event date; ?fields=summary: id and name, newest first",
        querystring: listEventsQuerySchema,
        // Full events first: a summary would also match a full event and strip it.
        response: { 200: z.union([z.array(eventSchema), z.array(eventSummarySchema)]) },
      },
    },
    async (request) => (request.query.fields === "summary" ? service.listSummaries() : service.list()),
  );

  app.post(
    "/api/events",
    {
      config: { access: "events.manage" },
      schema: {
        tags: ["events"],
        summary: "Create an active event with its slots",
        body: createEventSchema,
        response: { 201: eventSchema },
      },
    },
    async (request, reply) => {
      const event = await service.create(request.body, request.user!.id);
      return reply.status(201).send(event);
    },
  );

  app.get(
    "/api/events/:id",
    {
      config: { access: "events.read" },
      schema: { tags: ["events"], summary: "One event with its slots", params: eventParams, response: { 200: eventSchema } },
    },
    async (request) => service.get(request.params.id),
  );

  app.put(
    "/api/events/:id",
    {
      config: { access: "events.manage" },
      schema: {
        tags: ["events"],
        summary: "Save an event and its full slot list in one transaction",
        params: eventParams,
        body: updateEventSchema,
        response: { 200: eventSchema },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );
}
