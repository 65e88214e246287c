/**
 * Callbacks' routes (issue 36): admins invite registrants of an open call to its callback, read the
 * answers and send the one reminder (callbacks.manage); the invited person reads their invitation
 * and answers it by their link's token (public, rate-limited like the public form).
 */
import {
  callbackAnswerBody,
  callbackInvitationsResponse,
  callbackInviteBody,
  callbackInviteResponse,
  callbackRemindResponse,
  callbackTokenQuery,
  callbackViewResponse,
} from "@common/schemas/callbacks";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { errors } from "../../errors";
import { auditContext } from "../audit/audit.record";
import { createCallbackAnswers } from "./callbacks.answer";
import { createCallbacksService } from "./callbacks.service";

const eventParams = z.object({ id: z.uuid() });
const tags = ["callbacks"];

export async function callbacksRoutes(app: ZodApp, { db, config }: AppContext): Promise<void> {
  const service = createCallbacksService({ db, config });
  const answers = createCallbackAnswers({ db, config });
  const limited = { access: "public" as const, rateLimit: { max: config.publicRegistrationRateLimit, timeWindow: "1 minute" } };

  app.post(
    "/api/events/:id/callback-invitations",
    {
      config: { access: "callbacks.manage" },
      schema: {
        tags,
        summary: "Invite registrants of the open call to this callback (one e-mail each)",
        params: eventParams,
        body: callbackInviteBody,
        response: { 200: callbackInviteResponse },
      },
    },
    async (request) => {
      if (!request.user) throw errors.unauthenticated();
      return service.invite(request.user, request.params.id, request.body, auditContext(request));
    },
  );

  app.get(
    "/api/events/:id/callback-invitations",
    {
      config: { access: "callbacks.manage" },
      schema: {
        tags,
        summary: "The callback's invitations with their answers",
        params: eventParams,
        response: { 200: callbackInvitationsResponse },
      },
    },
    async (request) => {
      if (!request.user) throw errors.unauthenticated();
      return { items: await service.list(request.user, request.params.id) };
    },
  );

  app.post(
    "/api/events/:id/callback-invitations/remind",
    {
      config: { access: "callbacks.manage" },
      schema: {
        tags,
        summary: "One reminder to each invited person who has not answered and is still in time",
        params: eventParams,
        response: { 200: callbackRemindResponse },
      },
    },
    async (request) => service.remind(request.params.id, auditContext(request)),
  );

  app.get(
    "/api/public/callbacks",
    {
      config: limited,
      schema: {
        tags: ["public"],
        summary: "The callback invitation a link names, and the slots it may choose",
        querystring: callbackTokenQuery,
        response: { 200: callbackViewResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return answers.view(request.query.t);
    },
  );

  app.post(
    "/api/public/callbacks/answer",
    {
      config: limited,
      schema: {
        tags: ["public"],
        summary: "Answer a callback invitation: choose a slot, or decline",
        body: callbackAnswerBody,
        response: { 200: callbackViewResponse },
      },
    },
    async (request) => answers.answer(request.body),
  );
}
