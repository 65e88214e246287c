/**
 * The line's live streams over a real socket (issue 35): the staff's line, a person's own place
 * (by their manage or check-in link); reconnecting with Last-Event-ID; refusals before streaming.
 * The venue screen's: queue.display.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  queueLineSchema,
  queuePlaceSchema,
  STREAM_RETRY_MS,
  type QueueEntry,
  type QueueLine,
  type QueuePlace,
} from "@common/schemas/queue";
import { queueEntries } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { signedInAs } from "../../test/factories";
import { arrive, eventWithLine, lastOf, openStream, useStreamingApp, type SseClient } from "./queue.test-support";

const t = useStreamingApp();
let member: Record<string, string>;

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
});

const call = async (eventId: string, payload: object): Promise<QueueEntry[]> => {
  const res = await t.app.inject({ method: "POST", url: `/api/events/${eventId}/queue/call`, headers: member, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().called;
};
const versionOf = async (eventId: string) =>
  (await t.app.inject({ method: "GET", url: `/api/events/${eventId}/queue`, headers: member })).json().version as number;
const cookieOf = (headers: Record<string, string>) => ({ cookie: headers.cookie! });

async function streams<T>(open: Promise<SseClient>, run: (client: SseClient) => Promise<T>): Promise<T> {
  const client = await open;
  try {
    return await run(client);
  } finally {
    client.close();
  }
}

describe("the staff's line stream", () => {
  it("sends the line on connect, then a new line on every change, each with the version as its id", async () => {
    const { event } = await eventWithLine(t.db, 3);
    await streams(openStream(t.app, `/api/events/${event.id}/queue/stream`, cookieOf(member)), async (client) => {
      expect(client.status).toBe(200);
      expect(client.headers["content-type"]).toBe("text/event-stream");
      expect(client.headers["cache-control"]).toBe("no-cache, no-transform");
      expect(client.headers["x-accel-buffering"]).toBe("no");
      expect(client.headers["content-encoding"]).toBeUndefined();
      // The security headers of every reply.
      expect(client.headers["x-content-type-options"]).toBe("nosniff");
      await expect.poll(() => client.messages.length).toBe(1);
      expect(client.retry).toBe(STREAM_RETRY_MS);
      const first = queueLineSchema.parse(lastOf<QueueLine>(client, "line"));
      expect(client.messages[0]!.id).toBe(String(first.version));
      expect(first.waiting.map((entry) => entry.number)).toEqual([1, 2, 3]);

      await call(event.id, { room: "Sala 1", count: 2 });
      await expect.poll(() => lastOf<QueueLine>(client, "line")?.called.length).toBe(2);
      const after = queueLineSchema.parse(lastOf<QueueLine>(client, "line"));
      expect(after.version).toBe(first.version + 1);
      expect(client.messages.at(-1)!.id).toBe(String(after.version));
      expect(after.waiting.map((entry) => entry.number)).toEqual([3]);
      // Heartbeats keep it open.
      await expect.poll(() => client.comments).toBeGreaterThanOrEqual(2);
      expect(client.ended).toBe(false);
    });
  });

  it("refuses before streaming, in the error shape: nobody signed in 401, an unknown event 404", async () => {
    const { event } = await eventWithLine(t.db, 1);
    await streams(openStream(t.app, `/api/events/${event.id}/queue/stream`), async (client) => {
      expect(client.status).toBe(401);
      await expect.poll(() => client.ended).toBe(true);
      expect(JSON.parse(client.body).error.code).toBe("unauthenticated");
    });
    await streams(
      openStream(t.app, `/api/events/7b0c5c1e-4a7e-4b58-9d4e-0f3f2a1b6c9d/queue/stream`, cookieOf(member)),
      async (client) => {
        expect(client.status).toBe(404);
        await expect.poll(() => client.ended).toBe(true);
        expect(JSON.parse(client.body).error.code).toBe("event_not_found");
      },
    );
  });
});

describe("a person's own place", () => {
  it("shows the numbers called before their check-in, then their number, how many are ahead, and their call within a second", async () => {
    const { event, registrations } = await eventWithLine(t.db, 4, 5);
    const person = registrations[4]!;
    const token = registrationToken(t.config, "manage", person.id);
    await streams(openStream(t.app, `/api/public/queue/stream?t=${token}`), async (client) => {
      expect(client.status).toBe(200);
      expect(client.headers["cache-control"]).toBe("no-cache, no-transform");
      await expect.poll(() => client.messages.length).toBe(1);
      expect(queuePlaceSchema.parse(lastOf<QueuePlace>(client, "place"))).toMatchObject({
        eventId: event.id,
        number: null,
        state: null,
        ahead: null,
        estimatedWaitMinutes: null,
        called: [],
      });

      // Not checked in yet, the calls are live all the same.
      await call(event.id, { room: "Sala 1", count: 3 });
      await expect.poll(() => lastOf<QueuePlace>(client, "place")?.called.length).toBe(3);
      expect(lastOf<QueuePlace>(client, "place")!.called.map((c) => [c.number, c.room])).toEqual([
        [1, "Sala 1"],
        [2, "Sala 1"],
        [3, "Sala 1"],
      ]);

      await arrive(t.db, person.id);
      await expect.poll(() => lastOf<QueuePlace>(client, "place")?.number).toBe(5);
      // Waiting behind number 4; three first calls in the window: 0.1 a minute, 10 minutes each.
      expect(lastOf<QueuePlace>(client, "place")).toMatchObject({
        state: "waiting",
        ahead: 1,
        estimatedWaitMinutes: 10,
        room: null,
      });

      await call(event.id, { room: "Sala 2", count: 1 });
      await expect.poll(() => lastOf<QueuePlace>(client, "place")?.ahead).toBe(0);
      const calledAt = Date.now();
      await call(event.id, { room: "Sala 2", count: 1 });
      await expect.poll(() => lastOf<QueuePlace>(client, "place")?.state, { timeout: 1000, interval: 10 }).toBe("called");
      expect(Date.now() - calledAt).toBeLessThan(1000);
      const place = queuePlaceSchema.parse(lastOf<QueuePlace>(client, "place"));
      expect(place).toMatchObject({ number: 5, room: "Sala 2", ahead: null, estimatedWaitMinutes: null });
      expect(place.calledAt).not.toBeNull();
      expect(place.called[0]).toMatchObject({ number: 5, room: "Sala 2" });
      // No message carries anyone's name.
      expect(client.messages.map((m) => m.data).join("")).not.toContain("Persona");
    });
  });

  it("opens with the check-in link's token too; an unknown, forged or other-purpose token is 404 before streaming", async () => {
    const { event, registrations } = await eventWithLine(t.db, 2);
    const checkIn = registrationToken(t.config, "check-in", registrations[1]!.id);
    await streams(openStream(t.app, `/api/public/queue/stream?t=${checkIn}`), async (client) => {
      await expect.poll(() => lastOf<QueuePlace>(client, "place")?.number).toBe(2);
      expect(lastOf<QueuePlace>(client, "place")!.eventId).toBe(event.id);
    });
    const guardian = registrationToken(t.config, "guardian", registrations[1]!.id);
    const forged = checkIn.slice(0, -2) + (checkIn.endsWith("AA") ? "BA" : "AA");
    for (const bad of [guardian, forged, "nada", registrationToken(t.config, "manage", "7b0c5c1e-4a7e-4b58-9d4e-0f3f2a1b6c9d")]) {
      await streams(openStream(t.app, `/api/public/queue/stream?t=${bad}`), async (client) => {
        expect(client.status, bad).toBe(404);
        await expect.poll(() => client.ended).toBe(true);
        expect(JSON.parse(client.body).error.code).toBe("invalid_token");
      });
    }
    await streams(openStream(t.app, `/api/public/queue/stream`), async (client) => {
      expect(client.status).toBe(400);
    });
  });
});

describe("reconnecting with the last event id", () => {
  it("the same version: nothing on connect (heartbeats only); an older one: the current state, which shows the call", async () => {
    const { event, registrations } = await eventWithLine(t.db, 2);
    const token = registrationToken(t.config, "manage", registrations[1]!.id);
    const seen = await versionOf(event.id);
    // An EventSource reconnecting sends the header; a new one opened by the page puts it in the query.
    const reconnections: Array<{ headers: Record<string, string>; query: string }> = [
      { headers: { "last-event-id": String(seen) }, query: "" },
      { headers: {}, query: `&lastEventId=${seen}` },
    ];
    for (const { headers, query } of reconnections) {
      await streams(openStream(t.app, `/api/public/queue/stream?t=${token}${query}`, headers), async (client) => {
        await expect.poll(() => client.comments).toBeGreaterThanOrEqual(2);
        expect(client.messages).toEqual([]);
      });
    }

    // The phone's screen was locked while the room called number 2.
    await call(event.id, { room: "Sala 1", number: 2 });
    for (const { headers, query } of reconnections) {
      await streams(openStream(t.app, `/api/public/queue/stream?t=${token}${query}`, headers), async (client) => {
        await expect.poll(() => client.messages.length).toBe(1);
        expect(client.messages[0]!.id).toBe(String(seen + 1));
        expect(lastOf<QueuePlace>(client, "place")).toMatchObject({ number: 2, state: "called", room: "Sala 1" });
      });
    }
    // The staff's stream follows the same rule.
    await streams(
      openStream(t.app, `/api/events/${event.id}/queue/stream`, { ...cookieOf(member), "last-event-id": String(seen + 1) }),
      async (client) => {
        await expect.poll(() => client.comments).toBeGreaterThanOrEqual(2);
        expect(client.messages).toEqual([]);
      },
    );
  });
});

describe("a line that changes in bursts", () => {
  it("reaches every stream with its last state, each message newer than the one before", async () => {
    const { event, registrations } = await eventWithLine(t.db, 30);
    const clients = await Promise.all(
      registrations
        .slice(0, 10)
        .map((person) => openStream(t.app, `/api/public/queue/stream?t=${registrationToken(t.config, "manage", person.id)}`)),
    );
    try {
      await Promise.all(clients.map((client) => expect.poll(() => client.messages.length).toBe(1)));
      await Promise.all(Array.from({ length: 10 }, (_, i) => call(event.id, { room: `Sala ${i}`, count: 3 })));
      const final = await versionOf(event.id);
      for (const [i, client] of clients.entries()) {
        await expect.poll(() => client.messages.at(-1)?.id).toBe(String(final));
        const ids = client.messages.map((m) => Number(m.id));
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(new Set(ids).size).toBe(ids.length);
        expect(lastOf<QueuePlace>(client, "place")).toMatchObject({ number: i + 1, state: "called" });
      }
      const [row] = await t.db.select().from(queueEntries).where(eq(queueEntries.registrationId, registrations[0]!.id));
      expect(row!.state).toBe("called");
    } finally {
      for (const client of clients) client.close();
    }
  });
});
