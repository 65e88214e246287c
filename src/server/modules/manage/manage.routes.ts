/**
 * The registrant's manage page API (issue 19): public, the link's token is the only key; rate-limited
 * per IP like the public form.
 */
import {
  manageClientSharingBody,
  manageMoveBody,
  manageResponse,
  manageTokenBody,
  manageTokenQuery,
} from "@common/schemas/self-service";
import type { AppContext, ZodApp } from "../../context";
import { createManageService } from "./manage.service";

export async function manageRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createManageService({ db, config });
  const limited = { access: "public" as const, rateLimit: { max: config.publicRegistrationRateLimit, timeWindow: "1 minute" } };

  app.get(
    "/api/public/registrations/manage",
    {
      config: limited,
      schema: {
        tags: ["public"],
        summary: "The registration a manage link names, and the slots it may move to",
        querystring: manageTokenQuery,
        response: { 200: manageResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.view(request.query.t);
    },
  );

  app.post(
    "/api/public/registrations/manage/cancel",
    {
      config: limited,
      schema: {
        tags: ["public"],
        summary: "Cancel the registration (its spot goes to the waiting list)",
        body: manageTokenBody,
        response: { 200: manageResponse },
      },
    },
    async (request) => service.cancel(request.body.t),
  );

  app.post(
    "/api/public/registrations/manage/move",
    {
      config: limited,
      schema: {
        tags: ["public"],
        summary: "Move the registration to another slot of its event with room",
        body: manageMoveBody,
        response: { 200: manageResponse },
      },
    },
    async (request) => service.move(request.body.t, request.body.timeslotId),
  );

  app.post(
    "/api/public/registrations/manage/client-sharing",
    {
      config: limited,
      schema: {
        tags: ["public"],
        summary: "Give or withdraw the consent to be shown to the agency's clients (withdrawn: out of every selection at once)",
        body: manageClientSharingBody,
        response: { 200: manageResponse },
      },
    },
    async (request) => service.setClientSharing(request.body.t, request.body.consent),
  );
}
