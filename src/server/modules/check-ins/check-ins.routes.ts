/**
 * Check-in at the door (issue 20): member and above. The phone previews a person (no write but the
 * audit trail's, issue 18), then checks them in; an offline phone sends its queued check-ins straight
 * to POST /api/check-ins. A door pass (issue 35) holds these routes at its own event only: another
 * event's person is 403, nothing recorded and nothing of them shown.
 */
import {
  arrivalsResponseSchema,
  checkInPreviewSchema,
  checkInRequestSchema,
  checkInResponseSchema,
  checkInSearchQuerySchema,
  checkInSearchResponseSchema,
} from "@common/schemas/check-ins";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { requireEventScope } from "../../http/access";
import { auditContext, recordAudit } from "../audit/audit.record";
import { createCheckInsService, type CheckInsService } from "./check-ins.service";

const tags = ["check-in"];

export async function checkInsRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const checkIns = createCheckInsService({ db, config });

  app.post(
    "/api/check-ins",
    {
      config: { access: "checkins.perform" },
      schema: {
        tags,
        summary:
          "Record a person's arrival (once, whichever phone is first) and say what staff should know; a stop records nothing",
        body: checkInRequestSchema,
        response: { 200: checkInResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw errors.unauthenticated();
      const result = await checkIns.checkIn(user, request.body, auditContext(request));
      // A pass's statement records nothing at another event (check-ins.repository.ts); its reply is refused here.
      requireEventScope(request, result.registration.event.id);
      return result;
    },
  );

  app.post(
    "/api/check-ins/preview",
    {
      config: { access: "checkins.perform" },
      schema: {
        tags,
        summary: "Who a scanned or typed registration is, the warnings and any stop, without recording anything",
        body: checkInPreviewSchema,
        response: { 200: checkInResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw errors.unauthenticated();
      const preview = await checkIns.preview(request.body, new Date(), user);
      requireEventScope(request, preview.registration.event.id);
      await recordAudit(db, {
        ...auditContext(request),
        action: "registration.check_in_preview",
        registrationId: preview.registration.id,
        eventId: preview.registration.event.id,
      });
      return preview;
    },
  );

  eventRoutes(app, checkIns, db);
}

/** What the door reads of its event: the search and the arrivals. */
function eventRoutes(app: ZodApp, checkIns: CheckInsService, db: AppContext["db"]): void {
  app.get(
    "/api/check-ins/search",
    {
      config: { access: "checkins.perform" },
      schema: {
        tags,
        summary: "An event's registrations by code or name, for the door (at most 10)",
        querystring: checkInSearchQuerySchema,
        response: { 200: checkInSearchResponseSchema },
      },
    },
    async (request) => {
      requireEventScope(request, request.query.eventId);
      const found = await checkIns.search(request.query.eventId, request.query.q);
      // Who was found, never what was typed (a name).
      await recordAudit(db, {
        ...auditContext(request),
        action: "registrations.check_in_search",
        eventId: request.query.eventId,
        details: { registrationIds: found.items.map((item) => item.id) },
      });
      return found;
    },
  );

  app.get(
    "/api/events/:id/arrivals",
    {
      config: { access: "checkins.perform" },
      schema: {
        tags,
        summary: "Per time slot: live registrations expected and arrivals",
        params: z.object({ id: z.uuid() }),
        response: { 200: arrivalsResponseSchema },
      },
    },
    async (request) => {
      requireEventScope(request, request.params.id);
      return checkIns.arrivals(request.params.id);
    },
  );
}
