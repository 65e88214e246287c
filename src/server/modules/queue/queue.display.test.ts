/**
 * The venue screen's stream (issue 35): the numbers being called and their rooms, nothing about
 * anyone; opened with a key staff made, refused before streaming without it, ended when it is revoked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { queueDisplaySchema, type QueueDisplay, type QueueEntry } from "@common/schemas/queue";
import { signedInAs } from "../../test/factories";
import { dataOf, eventWithLine, lastOf, openStream, useStreamingApp, type SseClient } from "./queue.test-support";

const t = useStreamingApp();
let member: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

const call = async (eventId: string, payload: object): Promise<QueueEntry[]> => {
  const res = await t.app.inject({ method: "POST", url: `/api/events/${eventId}/queue/call`, headers: member, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().called;
};

async function streams<T>(open: Promise<SseClient>, run: (client: SseClient) => Promise<T>): Promise<T> {
  const client = await open;
  try {
    return await run(client);
  } finally {
    client.close();
  }
}

describe("the venue screen", () => {
  async function displayKey(eventId: string) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/events/${eventId}/display-keys`,
      headers: admin,
      payload: { name: "TV de la entrada" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, url } = res.json() as { id: string; url: string };
    return { id, key: new URL(url).searchParams.get("key")! };
  }

  it("shows the numbers being called and their rooms, latest first, and nothing else: no names anywhere", async () => {
    const { event, registrations } = await eventWithLine(t.db, 4);
    const { key } = await displayKey(event.id);
    await call(event.id, { room: "Sala 1", count: 2 });
    await streams(openStream(t.app, `/api/public/events/${event.id}/display/stream?key=${key}`), async (client) => {
      expect(client.status).toBe(200);
      await expect.poll(() => client.messages.length).toBe(1);
      await call(event.id, { room: "Sala 2", number: 4 });
      await expect.poll(() => lastOf<QueueDisplay>(client, "display")?.called.length).toBe(3);
      const display = queueDisplaySchema.strict().parse(lastOf<QueueDisplay>(client, "display"));
      expect(display.eventName).toBe(event.eventName);
      expect(display.called.map((c) => [c.number, c.room])).toEqual([
        [4, "Sala 2"],
        [1, "Sala 1"],
        [2, "Sala 1"],
      ]);
      // Every key of every message, walked: numbers, rooms, times, the event; no person's data.
      const keys = new Set<string>();
      const walk = (value: unknown) => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === "object")
          for (const [name, child] of Object.entries(value)) {
            keys.add(name);
            walk(child);
          }
      };
      for (const message of dataOf<unknown>(client, "display")) walk(message);
      expect([...keys].sort()).toEqual(["called", "calledAt", "eventId", "eventName", "number", "room", "version"]);
      const raw = client.messages.map((m) => m.data).join("");
      for (const person of registrations) {
        expect(raw).not.toContain(person.fullName);
        expect(raw).not.toContain(person.registrationCode);
        expect(raw).not.toContain(person.id);
      }
    });
  });

  it("is 404 before streaming for a wrong key, another event's key or none; a key revoked while it streams ends it within a heartbeat", async () => {
    const { event } = await eventWithLine(t.db, 1);
    const other = await eventWithLine(t.db, 1);
    const { id, key } = await displayKey(event.id);
    for (const path of [
      `/api/public/events/${event.id}/display/stream?key=${key}x`,
      `/api/public/events/${other.event.id}/display/stream?key=${key}`,
    ]) {
      await streams(openStream(t.app, path), async (client) => {
        expect(client.status, path).toBe(404);
        await expect.poll(() => client.ended).toBe(true);
        expect(JSON.parse(client.body).error.code).toBe("display_key_not_found");
      });
    }
    await streams(openStream(t.app, `/api/public/events/${event.id}/display/stream`), async (client) => {
      expect(client.status).toBe(400);
    });

    await streams(openStream(t.app, `/api/public/events/${event.id}/display/stream?key=${key}`), async (client) => {
      await expect.poll(() => client.messages.length).toBe(1);
      const res = await t.app.inject({ method: "DELETE", url: `/api/display-keys/${id}`, headers: admin });
      expect(res.statusCode).toBe(204);
      // The test's heartbeat is 200 ms.
      await expect.poll(() => client.ended, { timeout: 1000 }).toBe(true);
    });
    await streams(openStream(t.app, `/api/public/events/${event.id}/display/stream?key=${key}`), async (client) => {
      expect(client.status).toBe(404);
    });
  });
});
