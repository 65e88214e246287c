import { CSV_FILENAME } from "@common/csv";
import {
  registrationDetailSchema,
  registrationExportQuerySchema,
  registrationListItemSchema,
  registrationListQuerySchema,
  registrationListResponseSchema,
  registrationPatchSchema,
} from "@common/schemas/registrations";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app";
import { errors } from "../../errors";
import { registrationsCsvStream } from "./registrations.export";
import {
  deleteRegistration,
  getRegistration,
  listRegistrations,
  resendVerification,
  updateRegistration,
} from "./registrations.service";

const idParams = z.object({ id: z.uuid() });
const tags = ["registrations"];

export async function registrationsRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  app.get(
    "/api/registrations",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Registrations, filtered, searched and paginated by the server",
        querystring: registrationListQuerySchema,
        response: { 200: registrationListResponseSchema },
      },
    },
    async (request) => listRegistrations(db, request.query),
  );

  app.get(
    "/api/registrations/export.csv",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "scouting.csv of the filtered registrations, or of the given ids (streamed)",
        querystring: registrationExportQuerySchema,
      },
    },
    async (request, reply) => {
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${CSV_FILENAME}"`)
        .header("cache-control", "no-store");
      return reply.send(registrationsCsvStream(db, request.query));
    },
  );

  app.get(
    "/api/registrations/:id",
    {
      config: { access: "member" },
      schema: { tags, summary: "One registration with its event's slots", params: idParams, response: { 200: registrationDetailSchema } },
    },
    async (request) => getRegistration(db, request.params.id),
  );

  app.patch(
    "/api/registrations/:id",
    {
      // Edit fields: member+. A body touching liked/attended/rating needs an admin (checked by the service).
      config: { access: "member" },
      schema: {
        tags,
        summary: "Edit a registration, or review it (liked, attended, rating: admins)",
        params: idParams,
        body: registrationPatchSchema,
        response: { 200: registrationListItemSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw errors.unauthenticated();
      return updateRegistration(db, user, request.params.id, request.body);
    },
  );

  app.delete(
    "/api/registrations/:id",
    {
      config: { access: "admin" },
      schema: { tags, summary: "Delete a registration", params: idParams },
    },
    async (request, reply) => {
      await deleteRegistration(db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/registrations/:id/resend-verification",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Send a new verification link to a pending, unverified registration",
        params: idParams,
        response: { 202: z.object({ queued: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await resendVerification(db, config, request.params.id);
      return reply.status(202).send({ queued: true as const });
    },
  );
}
