import { z } from "zod";
import {
  createEventSchema,
  eventSchema,
  eventSummarySchema,
  listEventsQuerySchema,
  updateEventSchema,
} from "@common/schemas/events";
import { DEFAULT_LANGUAGE, LANGUAGES, translator } from "@common/i18n";
import type { AppContext, ZodApp } from "../../context";
import { walkInUrl } from "../../lib/registration-links";
import { createEventsService } from "./events.service";
import { walkInPoster } from "./events.walk-in-poster";

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
  app.get(
    "/api/events/:id/walk-in-poster.pdf",
    {
      config: { access: "castingday.manage" },
      schema: {
        tags: ["events"],
        summary: "The walk-in poster (A4 PDF): its QR code opens the event's form in walk-in mode",
        params: eventParams,
        // The poster speaks to the people at the door: the agency's language unless asked otherwise.
        querystring: z.object({ language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) }),
      },
    },
    async (request, reply) => {
      const event = await service.get(request.params.id);
      const { language } = request.query;
      const pdf = walkInPoster(event, walkInUrl(config, event), language);
      const fileName = translator(language)("events.walkInPoster.fileName", { slug: event.slug });
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
