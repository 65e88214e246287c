/**
 * The line's live streams of an app (issue 35, ADR 024): one LISTEN per process, opened by the first
 * stream, and every stream ended before the server closes (an open stream would otherwise hold the
 * close until the shutdown's time-out).
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { createQueueLive } from "./queue.live";
import { createQueueRepository } from "./queue.repository";
import { createQueueStreams, type QueueStreams, type StreamLimits } from "./queue.stream";

export function registerQueueStreams(app: FastifyInstance, database: Database, limits?: StreamLimits): QueueStreams {
  const live = createQueueLive({ database, repository: createQueueRepository(database.db), log: app.log });
  const streams = createQueueStreams({ live, log: app.log, ...(limits ? { limits } : {}) });
  app.addHook("preClose", async () => {
    streams.close();
    await live.close();
  });
  return streams;
}
