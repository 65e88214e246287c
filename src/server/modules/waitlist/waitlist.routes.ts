/**
 * The waiting list's API (issue 19): joining (the public form's body), the entry's page (its links'
 * tokens are the only key; rate-limited per IP like the form), and the staff's view (member+,
 * audited), hand-made offers and removals from a line (admin+; a removal audited).
 */
import { publicRegistrationSchema } from "@common/schemas/registration";
import {
  manageTokenBody,
  staffWaitlistResponse,
  waitlistJoinedResponse,
  waitlistViewResponse,
} from "@common/schemas/self-service";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { auditContext, recordAudit } from "../audit/audit.record";
import { REGISTRATION_BODY_LIMIT } from "../public/public.routes";
import { createWaitlistService } from "./waitlist.service";

export async function waitlistRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createWaitlistService({ db, config });
  const limited = { access: "public" as const, rateLimit: { max: config.publicRegistrationRateLimit, timeWindow: "1 minute" } };

  app.post(
    "/api/public/events/:eventId/waitlist",
    {
      bodyLimit: REGISTRATION_BODY_LIMIT,
      config: limited,
      schema: {
        tags: ["public"],
        summary: "Join the waiting list of an active event's time slot (the registration's body)",
        params: z.object({ eventId: z.string().max(64) }),
        body: publicRegistrationSchema,
        response: { 201: waitlistJoinedResponse },
      },
    },
    async (request, reply) => {
      const result = await service.join(request.params.eventId, request.body, request.log);
      return reply.status(201).send(result);
    },
  );

  const entryRoute = (path: string, summary: string, run: (token: string) => Promise<unknown>) =>
    app.post(
      path,
      {
        config: limited,
        schema: { tags: ["public"], summary, body: manageTokenBody, response: { 200: waitlistViewResponse } },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return run(request.body.t) as Promise<z.infer<typeof waitlistViewResponse>>;
      },
    );
  entryRoute("/api/public/waitlist/confirm", "The entry a waiting-list link names (opening it proves the e-mail)", (t) =>
    service.confirm(t),
  );
  entryRoute("/api/public/waitlist/accept", "Accept the spot offered: the entry becomes a confirmed registration", (t) =>
    service.accept(t),
  );
  entryRoute("/api/public/waitlist/decline", "Decline the spot offered (it goes to the next in line), or leave the list", (t) =>
    service.decline(t),
  );

  staffRoutes(app, db, service);
}

/** The staff's side: each slot's line (member+, audited), a spot offered by hand and a removal (admin+). */
function staffRoutes(app: ZodApp, db: AppContext["db"], service: ReturnType<typeof createWaitlistService>) {
  const eventParams = z.object({ id: z.string().max(64) });
  const entryParams = eventParams.extend({ entryId: z.string().max(64) });
  app.get(
    "/api/events/:id/waitlist",
    {
      config: { access: "waitlist.read" },
      schema: {
        tags: ["events"],
        summary: "The event's waiting list, per slot, first in line first",
        params: eventParams,
        response: { 200: staffWaitlistResponse },
      },
    },
    async (request) => {
      const list = await service.listForEvent(request.params.id);
      await recordAudit(db, { ...auditContext(request), action: "event.waitlist_view", eventId: request.params.id });
      return list;
    },
  );

  app.post(
    "/api/events/:id/waitlist/:entryId/offer",
    {
      config: { access: "events.manage" },
      schema: {
        tags: ["events"],
        summary: "Offer a spot to this waiting person now (the slot's capacity raised by one if it is full)",
        params: entryParams,
        response: { 200: staffWaitlistResponse },
      },
    },
    async (request) => service.offerByHand(request.params.id, request.params.entryId),
  );

  app.delete(
    "/api/events/:id/waitlist/:entryId",
    {
      config: { access: "events.manage" },
      schema: {
        tags: ["events"],
        summary: "Take this person off the waiting list (an offer they hold goes to the next in line); they are told by e-mail",
        params: entryParams,
        response: { 200: staffWaitlistResponse },
      },
    },
    async (request) => service.removeFromLine(request.params.id, request.params.entryId, auditContext(request)),
  );
}
