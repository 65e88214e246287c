import { CSV_FILENAME } from "@common/csv";
import { currentLanguage, translator } from "@common/i18n";
import {
  registrationDetailSchema,
  registrationExportQuerySchema,
  registrationListItemSchema,
  registrationListQuerySchema,
  registrationListResponseSchema,
  registrationPatchSchema,
  resendVerificationResponseSchema,
} from "@common/schemas/registrations";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { auditContext, recordAudit } from "../audit/audit.record";
import { registrationsCsvStream } from "./registrations.export";
import { createRegistrationsService, type RegistrationsService } from "./registrations.service";

const idParams = z.object({ id: z.uuid() });
const tags = ["registrations"];

export async function registrationsRoutes(app: ZodApp, { db, database, config }: AppContext): Promise<void> {
  const registrations = createRegistrationsService({ db, config });
  app.get(
    "/api/registrations",
    {
      config: { access: "registrations.read" },
      schema: {
        tags,
        summary: "Registrations, filtered, searched and paginated by the server",
        querystring: registrationListQuerySchema,
        response: { 200: registrationListResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw errors.unauthenticated();
      return registrations.list(user, request.query);
    },
  );

  exportRoute(app, database, db);

  detailRoute(app, registrations, db);

  app.patch(
    "/api/registrations/:id",
    {
      // Edit fields: member+. A body touching liked/attended/rating needs an admin (checked by the service).
      config: { access: "registrations.edit" },
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
      return registrations.update(user, request.params.id, request.body, auditContext(request));
    },
  );

  app.delete(
    "/api/registrations/:id",
    {
      config: { access: "registrations.delete" },
      schema: { tags, summary: "Delete a registration", params: idParams },
    },
    async (request, reply) => {
      await registrations.delete(request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/registrations/:id/resend-verification",
    {
      config: { access: "registrations.edit" },
      schema: {
        tags,
        summary: "Send a new verification link to a pending, unverified registration",
        params: idParams,
        response: { 202: resendVerificationResponseSchema },
      },
    },
    async (request, reply) => {
      await registrations.resendVerification(request.params.id);
      return reply.status(202).send({ queued: true as const });
    },
  );
}

/** One registration, its view recorded in the audit trail (issue 18). */
function detailRoute(app: ZodApp, registrations: RegistrationsService, db: AppContext["db"]): void {
  app.get(
    "/api/registrations/:id",
    {
      config: { access: "registrations.read" },
      schema: {
        tags,
        summary: "One registration with its event's slots",
        params: idParams,
        response: { 200: registrationDetailSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw errors.unauthenticated();
      const detail = await registrations.get(user, request.params.id);
      await recordAudit(db, {
        ...auditContext(request),
        action: "registration.view",
        registrationId: detail.id,
        eventId: detail.eventId,
      });
      return detail;
    },
  );
}

/** scouting.csv, streamed from the database (registrations.export.ts). */
function exportRoute(app: ZodApp, database: AppContext["database"], db: AppContext["db"]): void {
  app.get(
    "/api/registrations/export.csv",
    {
      config: { access: "registrations.export" },
      schema: {
        tags,
        summary: "scouting.csv of the filtered registrations, or of the given ids (streamed)",
        querystring: registrationExportQuerySchema,
      },
    },
    async (request, reply) => {
      // Which filters, never the search's text (it may be a name or an e-mail).
      const { q, ids, ...filters } = request.query;
      await recordAudit(db, {
        ...auditContext(request),
        action: "registrations.export_csv",
        eventId: request.query.eventId ?? null,
        details: { filters, search: Boolean(q), ids: ids?.length ?? 0 },
      });
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${CSV_FILENAME}"`)
        .header("cache-control", "no-store");
      // The viewer: what the 'not yet scored by me' filter reads.
      // Statuses, stages and eye colours in the staff member's language: the one saved in their
      // account, else the request's (the download is a plain link: the browser's Accept-Language).
      const t = translator(request.user?.language ?? currentLanguage());
      return reply.send(registrationsCsvStream(database, { ...request.query, viewerId: request.user?.id }, t));
    },
  );
}
