/** Selections for a client, the staff's routes (issue 36; docs/api.md "Selections for clients"). */
import {
  createdShareSchema,
  createShareSchema,
  selectionListSchema,
  selectionMembersSchema,
  selectionNameSchema,
  selectionSchema,
  selectionSummarySchema,
} from "@common/schemas/selections";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { auditContext } from "../audit/audit.record";
import { createSelectionsService, type SelectionsService } from "./selections.service";
import { createShareLinks } from "./selections.shares";

const idParams = z.object({ id: z.uuid() });
const tags = ["selections"];
const access = "selections.manage" as const;

export async function selectionsRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createSelectionsService({ db });

  app.get(
    "/api/selections",
    {
      config: { access },
      schema: { tags, summary: "Every selection, the latest changed first", response: { 200: selectionListSchema } },
    },
    async () => service.list(),
  );

  app.post(
    "/api/selections",
    {
      config: { access },
      schema: {
        tags,
        summary: "Make a selection (empty, named)",
        body: selectionNameSchema,
        response: { 201: selectionSummarySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.user!, request.body.name)),
  );

  app.get(
    "/api/selections/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "A selection: its people in order (as the caller may see them), its links and the clients' picks",
        params: idParams,
        response: { 200: selectionSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.get(request.user!, request.params.id);
    },
  );

  app.patch(
    "/api/selections/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Rename a selection",
        params: idParams,
        body: selectionNameSchema,
        response: { 200: selectionSummarySchema },
      },
    },
    async (request) => service.rename(request.params.id, request.body.name),
  );

  app.delete(
    "/api/selections/:id",
    {
      config: { access },
      schema: { tags, summary: "Delete a selection, its links (at once) and the clients' picks", params: idParams },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send();
    },
  );
  membersAndLinksRoutes(app, service, createShareLinks({ db, config }));
}

/** A selection's people, and its links for clients. */
function membersAndLinksRoutes(app: ZodApp, service: SelectionsService, links: ReturnType<typeof createShareLinks>): void {
  app.put(
    "/api/selections/:id/members",
    {
      config: { access },
      schema: {
        tags,
        summary: "Set the selection's people, in the order given: only people who agreed to be shown to clients",
        params: idParams,
        body: selectionMembersSchema,
        response: { 200: selectionSchema },
      },
    },
    async (request) => service.setMembers(request.user!, request.params.id, request.body.registrationIds),
  );

  app.post(
    "/api/selections/:id/shares",
    {
      config: { access },
      schema: {
        tags,
        summary: "Share the selection with a client: a link that expires, maybe with a password; its URL is answered this once",
        params: idParams,
        body: createShareSchema,
        response: { 201: createdShareSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await links.share(request.user!, request.params.id, request.body, auditContext(request))),
  );

  app.delete(
    "/api/shares/:id",
    {
      config: { access },
      schema: { tags, summary: "Revoke a client's link: it and its photos answer 404 at once", params: idParams },
    },
    async (request, reply) => {
      await links.revoke(request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );
}
