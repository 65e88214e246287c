/**
 * The line's tests' helpers: an event with people checked in (numbers 1…n in order), and a real
 * Server-Sent Events client over a socket (the streams need a listening server, not inject).
 */
import { request, type IncomingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type App } from "../../app";
import type { Db } from "../../db/client";
import { modelRegistrations } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createEvent, createRegistration } from "../../test/factories";
import { testConfig, type TestApp } from "../../test/harness";
import type { StreamLimits } from "./queue.stream";

/** An event whose first `people` registrations arrived one after the other: numbers 1…people. */
export async function eventWithLine(db: Db, people: number, registered = people) {
  const event = await createEvent(db, { timeslots: [{ startTime: "00:00", endTime: "23:59", capacity: 1000 }] });
  const registrations = [];
  for (let i = 0; i < registered; i++) {
    registrations.push(
      await createRegistration(db, {
        eventId: event.id,
        timeslotId: event.timeslots[0]!.id,
        fullName: `Persona Número${i + 1}`,
      }),
    );
  }
  for (const registration of registrations.slice(0, people)) await arrive(db, registration.id);
  return { event, registrations };
}

/** The door records an arrival: the database gives the next number (migration 0025's trigger). */
export async function arrive(db: Db, registrationId: string): Promise<void> {
  await db
    .update(modelRegistrations)
    .set({ attended: true, attendedAt: new Date() })
    .where(eq(modelRegistrations.id, registrationId));
}

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Messages (event and data) received so far. */
  messages: SseMessage[];
  /** Comments (heartbeats) received so far. */
  comments: number;
  retry: number | undefined;
  /** The server ended the response, or the socket closed. */
  ended: boolean;
  /** The body of a refusal (not a stream). */
  body: string;
  close(): void;
}

/**
 * Opens `path` on the listening `app` (or a port: a proxy's) and parses the event stream as an
 * EventSource does. Resolves once the response's headers have arrived.
 */
export function openStream(target: App | number, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const address = typeof target === "number" ? { port: target } : target.server.address();
  if (!address || typeof address === "string") throw new Error("the app does not listen");
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: address.port, path, headers: { accept: "text/event-stream", ...headers } });
    req.on("error", reject);
    req.on("response", (res) => {
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages: [],
        comments: 0,
        retry: undefined,
        ended: false,
        body: "",
        close: () => req.destroy(),
      };
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (client.status !== 200) {
          client.body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { id: undefined, event: "message", data: "" };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) client.comments++;
            else if (line.startsWith("retry: ")) client.retry = Number(line.slice(7));
            else if (line.startsWith("id: ")) message.id = line.slice(4);
            else if (line.startsWith("event: ")) message.event = line.slice(7);
            else if (line.startsWith("data: ")) {
              message.data += (hasData ? "\n" : "") + line.slice(6);
              hasData = true;
            }
          }
          if (hasData) client.messages.push(message);
        }
      });
      const ended = () => (client.ended = true);
      res.on("end", ended);
      res.on("close", ended);
      res.on("error", ended);
      resolve(client);
    });
    req.end();
  });
}

/** The data of the client's messages of `event`, parsed. */
export function dataOf<T>(client: SseClient, event: string): T[] {
  return client.messages.filter((message) => message.event === event).map((message) => JSON.parse(message.data) as T);
}

/** The last message of `event`, parsed (undefined before one arrived). */
export function lastOf<T>(client: SseClient, event: string): T | undefined {
  return dataOf<T>(client, event).at(-1);
}

/** The streams' bounds in tests: a heartbeat of a fifth of a second, so what waits on one waits little. */
export const TEST_STREAM_LIMITS: StreamLimits = { heartbeatMs: 200, maxStreams: 50, maxBufferedBytes: 256 * 1024 };

/**
 * A test file's app on a freshly migrated database, listening on a free port (streams need a real
 * server), with `limits` for its streams.
 */
export function useStreamingApp(limits: StreamLimits = TEST_STREAM_LIMITS): TestApp {
  const context = {} as TestApp;
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = testConfig();
    const app = await buildApp({ config, database: testDb.database, logger: false, streamLimits: limits });
    await app.listen({ port: 0, host: "127.0.0.1" });
    Object.assign(context, { app, db: testDb.database.db, database: testDb.database, config, databaseUrl: testDb.url });
  });
  afterAll(async () => {
    await context.app?.close();
    await testDb?.drop();
  });
  return context;
}
