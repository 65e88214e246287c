/**
 * Door passes (issue 35; docs/api.md "Door passes"): admins make, list and revoke them for an event;
 * a volunteer's phone signs in with a pass's link and out again.
 */
import { sessionResponseSchema } from "@common/schemas/accounts";
import { createDoorPassSchema, createdDoorPassSchema, doorPassListSchema } from "@common/schemas/queue";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { refuseCrossSite } from "../../http/csrf";
import { auditContext } from "../audit/audit.record";
import { clearedDoorPassCookie, doorPassCookie } from "./door-pass.cookie";
import { createDoorPassesService, passSessionUser } from "./door-passes.service";

const tags = ["door passes"];
const idParams = z.object({ id: z.uuid() });

export async function doorPassesRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createDoorPassesService({ db, config });

  app.post(
    "/api/events/:id/door-passes",
    {
      config: { access: "castingday.manage" },
      schema: {
        tags,
        summary: "Make a volunteer's door pass for this event; its link is answered this once",
        params: idParams,
        body: createDoorPassSchema,
        response: { 201: createdDoorPassSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user!, request.params.id, request.body, auditContext(request))),
  );

  app.get(
    "/api/events/:id/door-passes",
    {
      config: { access: "castingday.manage" },
      schema: {
        tags,
        summary: "The event's door passes that still work (never their links), oldest first",
        params: idParams,
        response: { 200: doorPassListSchema },
      },
    },
    async (request) => service.list(request.params.id),
  );

  app.delete(
    "/api/door-passes/:id",
    {
      config: { access: "castingday.manage" },
      schema: { tags, summary: "Revoke a door pass: every phone signed in with it stops at once", params: idParams },
    },
    async (request, reply) => {
      await service.revoke(request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/door-passes/sign-in",
    {
      config: {
        access: "public",
        // As the public forms: a venue's phones may share one address, and a guess finds nothing.
        rateLimit: { max: config.publicRegistrationRateLimit, timeWindow: "1 minute" },
      },
      schema: {
        tags,
        summary: "Sign this browser in with a door pass's link (`p`): the pass's cookie and the session reply",
        body: z.object({ token: z.string().min(1).max(200) }).strict(),
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      refuseCrossSite(request, config.publicUrl);
      const now = new Date();
      const found = await service.signIn(request.body.token, now);
      request.log.info({ passId: found.id, eventId: found.eventId }, "door pass signed in");
      reply
        .header("cache-control", "no-store")
        .header("set-cookie", doorPassCookie(config, request.body.token, found.expiresAt, now));
      return { user: passSessionUser(found) };
    },
  );

  app.post(
    "/api/door-passes/sign-out",
    {
      config: { access: "public" },
      schema: { tags, summary: "Take the door pass off this browser (its staff session, if any, acts again)" },
    },
    async (_request, reply) => reply.header("set-cookie", clearedDoorPassCookie(config)).status(204).send(),
  );
}
