/**
 * The privacy routes (issue 18, ADR 016). Public: the notice, the guardian's page and decision, a
 * person's export and erasure by their manage link, and the access request. Staff: export, erase
 * and keep a registration (admins), retention's preview (admins), the notice and the retention
 * settings (the superadmin).
 */
import { currentLanguage } from "@common/i18n";
import {
  erasedResponse,
  guardianDecisionResponse,
  guardianDecisionSchema,
  guardianQuerySchema,
  guardianViewResponse,
  keepResponse,
  keepSchema,
  manageEraseSchema,
  manageExportQuerySchema,
  privacyNoticeQuerySchema,
  privacyNoticeSchema,
  privacyNoticesResponse,
  privacyRequestResponse,
  privacyRequestSchema,
  privacySettingsSchema,
  publishNoticeSchema,
  retentionPreviewResponse,
} from "@common/schemas/privacy";
import type { FastifyReply } from "fastify";
import type { Readable } from "node:stream";
import { z } from "zod";
import type { AgencyService } from "../agency/agency.service";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { auditContext } from "../audit/audit.record";
import { exportFilename } from "./privacy.export";
import { createPrivacyService, type PrivacyService } from "./privacy.service";

const idParams = z.object({ id: z.uuid() });
const tags = ["privacy"];

function sendArchive(reply: FastifyReply, archive: { code: string; stream: Readable }) {
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", `attachment; filename="${exportFilename(archive.code)}"`)
    .header("cache-control", "no-store")
    .send(archive.stream);
}

export async function privacyRoutes(app: ZodApp, { db, config, storage, agency }: AppContext): Promise<void> {
  const privacy = createPrivacyService({ db, config, storage });
  const publicLimit = { max: config.publicRegistrationRateLimit, timeWindow: "1 minute" };

  app.get(
    "/api/public/privacy-notice",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The current privacy notice (both languages), or the published version asked for",
        querystring: privacyNoticeQuerySchema,
        response: { 200: privacyNoticeSchema },
      },
    },
    async (request) =>
      request.query.version === undefined ? privacy.currentNotice() : privacy.noticeOfVersion(request.query.version),
  );

  guardianRoutes(app, privacy, publicLimit, agency);

  app.get(
    "/api/public/registrations/manage/export",
    {
      config: { access: "public", rateLimit: publicLimit },
      schema: {
        tags,
        summary: "A person's data (data.json and their photos, one zip) by their manage link",
        querystring: manageExportQuerySchema,
      },
    },
    async (request, reply) => sendArchive(reply, await privacy.manageExport(request.query.t)),
  );

  app.post(
    "/api/public/registrations/manage/erase",
    {
      config: { access: "public", rateLimit: publicLimit },
      schema: {
        tags,
        summary: "Erase a person's registration and personal data by their manage link (final)",
        body: manageEraseSchema,
        response: { 200: erasedResponse },
      },
    },
    async (request) => {
      await privacy.manageErase(request.body.t);
      return { erased: true as const };
    },
  );

  app.post(
    "/api/public/privacy/request",
    {
      config: {
        access: "public",
        // Per IP, and far tighter than registration: each request may send an e-mail.
        rateLimit: { max: Math.max(3, Math.ceil(config.publicRegistrationRateLimit / 10)), timeWindow: "10 minutes" },
      },
      schema: {
        tags,
        summary: "E-mail an address its registrations' manage links (the same answer whether or not it has any)",
        body: privacyRequestSchema,
        response: { 202: privacyRequestResponse },
      },
    },
    async (request, reply) => {
      await privacy.requestAccess(request.body.email, currentLanguage());
      return reply.status(202).send({ queued: true as const });
    },
  );

  staffRoutes(app, privacy);
}

type RateLimit = { max: number; timeWindow: string };

/** The guardian's page and decision (public, by the guardian link's token). */
function guardianRoutes(app: ZodApp, privacy: PrivacyService, publicLimit: RateLimit, agency: AgencyService): void {
  app.get(
    "/api/public/guardian",
    {
      config: { access: "public", rateLimit: publicLimit },
      schema: {
        tags,
        summary: "What a minor's guardian is asked to approve, for the guardian link's token",
        querystring: guardianQuerySchema,
        response: { 200: guardianViewResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const [view, who] = await Promise.all([privacy.guardianView(request.query.t), agency.current()]);
      return { ...view, agency: who };
    },
  );

  app.post(
    "/api/public/guardian/decision",
    {
      config: { access: "public", rateLimit: publicLimit },
      schema: {
        tags,
        summary: "The guardian approves or refuses (final: a second decision changes nothing)",
        body: guardianDecisionSchema,
        response: { 200: guardianDecisionResponse },
      },
    },
    async (request) => privacy.guardianDecision(request.body.token, request.body.approve),
  );
}

function staffRoutes(app: ZodApp, privacy: PrivacyService): void {
  app.get(
    "/api/registrations/:id/export",
    {
      config: { access: "registrations.export" },
      schema: { tags, summary: "A registrant's data (data.json and photos, one zip); audited", params: idParams },
    },
    async (request, reply) => sendArchive(reply, await privacy.staffExport(request.params.id, auditContext(request))),
  );

  app.post(
    "/api/registrations/:id/erase",
    {
      config: { access: "registrations.delete" },
      schema: { tags, summary: "Erase a registrant's personal data (final); audited", params: idParams },
    },
    async (request, reply) => {
      await privacy.staffErase(request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );

  app.put(
    "/api/registrations/:id/keep",
    {
      config: { access: "registrations.delete" },
      schema: {
        tags,
        summary: "Keep a registrant past the retention period (or stop keeping them)",
        params: idParams,
        body: keepSchema,
        response: { 200: keepResponse },
      },
    },
    async (request) => privacy.setKeep(request.params.id, request.body.keep, auditContext(request)),
  );

  app.get(
    "/api/privacy/retention/preview",
    {
      config: { access: "registrations.delete" },
      schema: {
        tags,
        summary: "The registrations the next retention run would erase",
        response: { 200: retentionPreviewResponse },
      },
    },
    async () => privacy.retentionPreview(),
  );

  settingsRoutes(app, privacy);
}

/** The superadmin's: the retention settings and the privacy notice's versions. */
function settingsRoutes(app: ZodApp, privacy: PrivacyService): void {
  app.get(
    "/api/privacy/settings",
    {
      config: { access: "privacy.manage" },
      schema: { tags, summary: "Retention settings", response: { 200: privacySettingsSchema } },
    },
    async () => privacy.settings(),
  );

  app.put(
    "/api/privacy/settings",
    {
      config: { access: "privacy.manage" },
      schema: {
        tags,
        summary: "Change the retention settings",
        body: privacySettingsSchema,
        response: { 200: privacySettingsSchema },
      },
    },
    async (request) => privacy.updateSettings(request.body, auditContext(request)),
  );

  app.get(
    "/api/privacy/notices",
    {
      config: { access: "privacy.manage" },
      schema: {
        tags,
        summary: "Every published version of the privacy notice, newest first",
        response: { 200: privacyNoticesResponse },
      },
    },
    async () => privacy.notices(),
  );

  app.post(
    "/api/privacy/notices",
    {
      config: { access: "privacy.manage" },
      schema: {
        tags,
        summary: "Publish a new version of the privacy notice (older versions are kept)",
        body: publishNoticeSchema,
        response: { 201: privacyNoticeSchema },
      },
    },
    async (request, reply) => {
      const audit = auditContext(request);
      if (!audit.actor) throw errors.unauthenticated();
      return reply.status(201).send(await privacy.publishNotice(request.body, { ...audit, actor: audit.actor }));
    },
  );
}
