import { z } from "zod";
import { eventInsightsSchema, eventsInsightsSchema, insightsQuerySchema } from "@common/schemas/insights";
import type { AppContext, ZodApp } from "../../context";
import { createInsightsService } from "./insights.service";

const eventParams = z.object({ id: z.uuid() });

/** Insights (issue 38; docs/api.md): read with registrations.read. */
export async function insightsRoutes(app: ZodApp, { db }: AppContext): Promise<void> {
  const service = createInsightsService(db);

  app.get(
    "/api/events/:id/insights",
    {
      config: { access: "registrations.read" },
      schema: {
        tags: ["insights"],
        summary: "An event's figures as of now: timeline, funnel, sources, slots, waiting list, ages, heights, door",
        params: eventParams,
        querystring: insightsQuerySchema,
        response: { 200: eventInsightsSchema },
      },
    },
    async (request) => service.event(request.params.id, request.query),
  );

  app.get(
    "/api/insights/events",
    {
      config: { access: "registrations.read" },
      schema: {
        tags: ["insights"],
        summary: "The funnel of each event dated within ?from&to, and the sources across them",
        querystring: insightsQuerySchema,
        response: { 200: eventsInsightsSchema },
      },
    },
    async (request) => service.events(request.query),
  );
}
