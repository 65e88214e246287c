/**
 * The review panel's routes (issue 23). Any approved staff member (member and above) scores,
 * writes notes, tags registrants and reads the panel; admins move stages and define the tags.
 */
import { registrationListItemSchema } from "@common/schemas/registrations";
import {
  myScoreSchema,
  registrationPanelSchema,
  registrationTagsSchema,
  relatedResponseSchema,
  stageChangeSchema,
  tagInputSchema,
  tagListResponseSchema,
  tagSchema,
} from "@common/schemas/panel";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { auditContext, recordAudit } from "../audit/audit.record";
import { createPanelService, createTagsService, type PanelService } from "./panel.service";

const idParams = z.object({ id: z.uuid() });
const tags = ["panel"];

function userOf(request: FastifyRequest) {
  const user = request.user;
  if (!user) throw errors.unauthenticated();
  return user;
}

export async function panelRoutes(app: ZodApp, { db }: AppContext): Promise<void> {
  const panel = createPanelService({ db });

  app.put(
    "/api/registrations/:id/my-score",
    {
      config: { access: "panel.score" },
      schema: {
        tags,
        summary: "The caller's own panel score (1–5) and note for a registration",
        params: idParams,
        body: myScoreSchema,
        response: { 200: registrationListItemSchema },
      },
    },
    async (request) => panel.setMyScore(userOf(request), request.params.id, request.body, auditContext(request)),
  );

  app.post(
    "/api/registrations/:id/stage",
    {
      config: { access: "registrations.stage" },
      schema: {
        tags,
        summary: "Move a registration to a stage (recorded with who and when)",
        params: idParams,
        body: stageChangeSchema,
        response: { 200: registrationListItemSchema },
      },
    },
    async (request) => panel.setStage(userOf(request), request.params.id, request.body.stage, auditContext(request)),
  );

  app.put(
    "/api/registrations/:id/tags",
    {
      config: { access: "panel.score" },
      schema: {
        tags,
        summary: "Set a registration's tags (the whole set)",
        params: idParams,
        body: registrationTagsSchema,
        response: { 200: registrationListItemSchema },
      },
    },
    async (request) => panel.setTags(userOf(request), request.params.id, request.body.tagIds, auditContext(request)),
  );

  app.get(
    "/api/registrations/:id/panel",
    {
      config: { access: "registrations.read" },
      schema: {
        tags,
        summary: "A registration's panel: the caller's score and note, every note with its author and time, the stage's history",
        params: idParams,
        response: { 200: registrationPanelSchema },
      },
    },
    async (request) => panel.panel(userOf(request), request.params.id),
  );

  relatedRoute(app, panel, db);

  tagRoutes(app, createTagsService({ db }));
}

/** The same person in other events: other registrations' names and addresses, a view of personal data (audited). */
function relatedRoute(app: ZodApp, panel: PanelService, db: AppContext["db"]): void {
  app.get(
    "/api/registrations/:id/related",
    {
      config: { access: "registrations.read" },
      schema: {
        tags,
        summary: "The same person's registrations in other events (same e-mail, phone, or name and birth date)",
        params: idParams,
        response: { 200: relatedResponseSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw errors.unauthenticated();
      const related = await panel.related(user, request.params.id);
      await recordAudit(db, {
        ...auditContext(request),
        action: "registration.related_view",
        registrationId: request.params.id,
        details: { registrationIds: related.items.map((item) => item.id) },
      });
      return related;
    },
  );
}

/** The agency's tags: anyone of the staff reads them, admins define them. */
function tagRoutes(app: ZodApp, panel: ReturnType<typeof createTagsService>): void {
  app.get(
    "/api/tags",
    {
      config: { access: "registrations.read" },
      schema: { tags, summary: "The agency's tags, by name", response: { 200: tagListResponseSchema } },
    },
    async () => ({ items: await panel.listTags() }),
  );

  app.post(
    "/api/tags",
    {
      config: { access: "tags.manage" },
      schema: { tags, summary: "Define a tag", body: tagInputSchema, response: { 201: tagSchema } },
    },
    async (request, reply) => reply.status(201).send(await panel.createTag(request.body.name)),
  );

  app.patch(
    "/api/tags/:id",
    {
      config: { access: "tags.manage" },
      schema: { tags, summary: "Rename a tag", params: idParams, body: tagInputSchema, response: { 200: tagSchema } },
    },
    async (request) => panel.renameTag(request.params.id, request.body.name),
  );

  app.delete(
    "/api/tags/:id",
    {
      config: { access: "tags.manage" },
      schema: { tags, summary: "Delete a tag (it leaves every registration)", params: idParams },
    },
    async (request, reply) => {
      await panel.deleteTag(request.params.id);
      return reply.status(204).send();
    },
  );
}
