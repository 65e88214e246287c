/**
 * The public visitor's API (docs/architecture.md): the active event, registration, the success page's
 * lookup and the e-mail verification. All public; the submit route is rate-limited per IP.
 */
import { registrationRequestSchema } from "@common/schemas/registration";
import {
  publicEventResponse,
  registrationCreatedResponse,
  registrationSuccessResponse,
  verifyResponse,
} from "@common/schemas/public-responses";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { createPublicService, type PublicService } from "./public.service";

/** Registration bodies are a few hundred bytes; anything near this is not a person filling a form. */
export const REGISTRATION_BODY_LIMIT = 16 * 1024;

const eventParams = z.object({ eventId: z.string().max(64) });

/** The active event the registration page shows: by its id, or at its short address's slug (issue 32). */
function activeEventRoutes(app: ZodApp, service: PublicService) {
  app.get(
    "/api/public/events/:eventId",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        summary: "An active event with its slots and available spots",
        params: eventParams,
        response: { 200: publicEventResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.getEvent(request.params.eventId);
    },
  );

  app.get(
    "/api/public/events/by-slug/:slug",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        summary: "The active event at /e/<slug>, as GET /api/public/events/:eventId answers it",
        params: z.object({ slug: z.string().max(64) }),
        response: { 200: publicEventResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.getEventBySlug(request.params.slug.toLowerCase());
    },
  );
}

export async function publicRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createPublicService({ db, config });

  activeEventRoutes(app, service);

  app.post(
    "/api/public/events/:eventId/registrations",
    {
      bodyLimit: REGISTRATION_BODY_LIMIT,
      config: {
        access: "public",
        // Per IP; generous because a whole venue may share one mobile network's address.
        rateLimit: { max: config.publicRegistrationRateLimit, timeWindow: "1 minute" },
      },
      schema: {
        tags: ["public"],
        summary: "Register for an active event's time slot, or at the door from the walk-in poster (`walkIn`)",
        params: eventParams,
        body: registrationRequestSchema,
        response: { 201: registrationCreatedResponse },
      },
    },
    async (request, reply) => {
      const result = await service.register(request.params.eventId, request.body, request.log);
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/api/public/registration-success",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        summary: "The registration code for a success token (never for an e-mail address)",
        querystring: z.object({ e: z.string().max(200).default("") }),
        response: { 200: registrationSuccessResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.registrationSuccess(request.query.e);
    },
  );

  app.post(
    "/api/public/verify",
    {
      config: { access: "public" },
      schema: {
        tags: ["public"],
        summary: "Verify a registrant's e-mail with the token of the link",
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: verifyResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.verify(request.body.token, request.log);
    },
  );
}
