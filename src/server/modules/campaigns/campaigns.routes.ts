import {
  campaignDetailSchema,
  campaignIdParams,
  listCampaignsQuery,
  listCampaignsResponse,
  registrationCampaignsResponse,
  sendCampaignResponse,
  sendCampaignSchema,
} from "@common/schemas/campaigns";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { createCampaignsRepository } from "./campaigns.repository";
import { createCampaignsService, type CampaignsService } from "./campaigns.service";
import { auditContext, recordAudit } from "../audit/audit.record";

// A transparent 1×1 GIF: the read-tracking image.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function campaignsRoutes(app: ZodApp, { db, config, campaignMessages }: AppContext): Promise<void> {
  const campaigns = createCampaignsService({ db, config, repository: createCampaignsRepository(db) });
  staffRoutes(app, campaigns, db, campaignMessages);
  readTrackingRoute(app, campaigns);
}

function staffRoutes(
  app: ZodApp,
  campaigns: CampaignsService,
  db: AppContext["db"],
  messages: AppContext["campaignMessages"],
): void {
  app.post(
    "/api/campaigns",
    {
      config: { access: "campaigns.send" },
      schema: {
        tags: ["campaigns"],
        summary: "Send a batch e-mail to registrations of one event: 202 at once, the messages written in the background",
        body: sendCampaignSchema,
        response: { 202: sendCampaignResponse },
      },
    },
    async (request, reply) => {
      const result = await campaigns.send(request.user!.id, request.body);
      // The campaign and its recipients are committed by now (their messages are being written): recorded right after.
      await recordAudit(db, {
        ...auditContext(request),
        action: "campaign.send",
        eventId: request.body.eventId,
        details: {
          campaignId: result.campaignId,
          recipients: result.recipientCount,
          stage: request.body.stage ?? null,
        },
      });
      request.log.info(
        { campaignId: result.campaignId, recipients: result.recipientCount, stage: request.body.stage },
        "campaign queued",
      );
      // Its messages are written after this answer, in the background (campaigns.queue.ts).
      messages.kick();
      return reply.status(202).send(result);
    },
  );

  app.get(
    "/api/campaigns",
    {
      config: { access: "campaigns.read" },
      schema: {
        tags: ["campaigns"],
        summary: "Campaigns, newest first, optionally of one event",
        querystring: listCampaignsQuery,
        response: { 200: listCampaignsResponse },
      },
    },
    async (request) => ({ items: await campaigns.list(request.query.eventId) }),
  );

  app.get(
    "/api/campaigns/:id",
    {
      config: { access: "campaigns.read" },
      schema: {
        tags: ["campaigns"],
        summary: "One campaign with its content and recipients",
        params: campaignIdParams,
        response: { 200: campaignDetailSchema },
      },
    },
    async (request) => campaigns.get(request.params.id),
  );

  app.get(
    "/api/registrations/:id/campaigns",
    {
      config: { access: "campaigns.read" },
      schema: {
        tags: ["campaigns"],
        summary: "Campaigns of its event that included this registration",
        params: campaignIdParams,
        response: { 200: registrationCampaignsResponse },
      },
    },
    async (request) => ({ items: await campaigns.listForRegistration(request.params.id) }),
  );
}

function readTrackingRoute(app: ZodApp, campaigns: CampaignsService): void {
  app.get(
    "/api/public/campaign-read/:token",
    {
      config: { access: "public" },
      schema: {
        tags: ["campaigns"],
        summary: "Read-tracking image: the same 1×1 GIF whatever the token",
        params: z.object({ token: z.string() }),
      },
    },
    async (request, reply) => {
      try {
        await campaigns.recordRead(request.params.token);
      } catch (error) {
        // The requester learns nothing, not even that recording failed.
        request.log.error({ err: error }, "recording a campaign read failed");
      }
      return reply
        .header("content-type", "image/gif")
        .header("cache-control", "no-store, max-age=0")
        .header("referrer-policy", "no-referrer")
        .send(PIXEL);
    },
  );
}
