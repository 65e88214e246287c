/**
 * The casting day's line, staff side (issue 35; docs/api.md "Casting day"): the line, the rooms'
 * calls and marks, and the line's live stream. A door pass calls these at its own event only.
 */
import {
  queueAbsentRequestSchema,
  queueCallRequestSchema,
  queueCallResponseSchema,
  queueEntryResponseSchema,
  queueLineSchema,
  STREAM_EVENTS,
} from "@common/schemas/queue";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../context";
import { requireEventScope } from "../../http/access";
import { auditContext } from "../audit/audit.record";
import { createQueueRepository, type QueueRepository } from "./queue.repository";
import { createQueueService, type EntryAction } from "./queue.service";
import { sharedMessage, sseMessage } from "./queue.stream";

const tags = ["casting day"];
const eventParams = z.object({ id: z.uuid() });
const entryParams = z.object({ entryId: z.uuid() });
const streamQuerySchema = z.object({ lastEventId: z.string().max(20).optional() });

export async function queueRoutes(app: ZodApp, { db, queueStreams }: AppContext): Promise<void> {
  const service = createQueueService({ db });
  const repo = createQueueRepository(db);
  const scopeOf = (request: FastifyRequest) => (eventId: string) => requireEventScope(request, eventId);

  app.get(
    "/api/events/:id/queue",
    {
      config: { access: "checkins.perform" },
      schema: {
        tags,
        summary: "The line: the waiting in order, the called (latest first), the counts and the rooms' pace",
        params: eventParams,
        response: { 200: queueLineSchema },
      },
    },
    async (request) => {
      requireEventScope(request, request.params.id);
      return service.line(request.params.id);
    },
  );

  app.post(
    "/api/events/:id/queue/call",
    {
      config: { access: "queue.call" },
      schema: {
        tags,
        summary: "Call the next `count` waiting (default 5) or one `number` out of turn to a room; each number goes to one room",
        params: eventParams,
        body: queueCallRequestSchema,
        response: { 200: queueCallResponseSchema },
      },
    },
    async (request) => {
      requireEventScope(request, request.params.id);
      return service.call(request.params.id, request.body, auditContext(request));
    },
  );

  const act = (request: FastifyRequest, entryId: string, action: EntryAction) =>
    service.act(entryId, action, scopeOf(request), auditContext(request));
  const entry = (summary: string) => ({ tags, summary, params: entryParams, response: { 200: queueEntryResponseSchema } });
  const calling = { access: "queue.call" as const };

  app.post("/api/queue/:entryId/seen", { config: calling, schema: entry("Mark the called person seen") }, async (request) =>
    act(request, request.params.entryId, { kind: "seen" }),
  );
  app.post(
    "/api/queue/:entryId/recall",
    { config: calling, schema: entry("Call the called person again: the phone alerts again") },
    async (request) => act(request, request.params.entryId, { kind: "recall" }),
  );
  app.post(
    "/api/queue/:entryId/absent",
    {
      config: calling,
      schema: { ...entry("Mark the called person absent: to the back of the line, or gone"), body: queueAbsentRequestSchema },
    },
    async (request) => act(request, request.params.entryId, { kind: "absent", then: request.body.then }),
  );

  lineStreamRoute(app, queueStreams, repo);
}

/** The staff's live line: the same `line` message for every stream of an event, made once per change. */
function lineStreamRoute(app: ZodApp, queueStreams: AppContext["queueStreams"], repo: QueueRepository): void {
  const lineMessage = sharedMessage((snapshot) =>
    sseMessage(snapshot.version, STREAM_EVENTS.line, JSON.stringify(snapshot.line)),
  );
  app.get(
    "/api/events/:id/queue/stream",
    {
      config: { access: "checkins.perform" },
      // A HEAD would open a stream that sends nothing and never ends.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "The line, live (Server-Sent Events): a `line` message on connect and on every change",
        params: eventParams,
        querystring: streamQuerySchema,
      },
    },
    async (request, reply) => {
      requireEventScope(request, request.params.id);
      const pass = request.user?.pass;
      await queueStreams.open(request, reply, {
        eventId: request.params.id,
        message: lineMessage,
        // A door pass revoked or expired while its phone watches ends the stream.
        ...(pass ? { stillAllowed: () => repo.doorPassLive(pass.id, new Date()) } : {}),
      });
    },
  );
}
