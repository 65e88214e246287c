/**
 * Webhooks end to end (issue 37) against a real HTTP receiver the test starts: each event of a
 * registration's life arrives signed (checked with the Standard Webhooks library), in order, with
 * what the endpoint may see; a receiver that fails three times gets every event once it recovers,
 * none lost and none twice by webhook-id; a delivery whose worker died mid-send is sent again
 * after its lease, with the same webhook-id.
 */
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { createWebhookSender, WEBHOOK_LEASE_MS } from "../../jobs/webhook-sender";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { startWebhookReceiver } from "../../test/webhook-receiver";
import { createDeliveriesRepository } from "./webhooks.deliveries";

const t = useTestApp();
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  admin = await signedInAs(t.app, { role: "admin" });
});
afterAll(() => receiver.close());
afterEach(async () => {
  await t.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.answerWith(() => 204);
});

async function subscribe(events: string[], permissions?: string[]) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/webhooks",
    headers: admin.headers,
    payload: { url: receiver.url, events, ...(permissions ? { permissions } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; secret: string }>();
}

async function register(eventId: string, timeslotId: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/public/events/${eventId}/registrations`,
    payload: registrationBody(timeslotId, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);
  return row;
}

const sender = (clock = () => new Date()) => createWebhookSender({ db: t.db, config: t.config, log: quiet, clock });

async function idOf(email: string) {
  const list = await t.app.inject({ url: `/api/registrations?q=${encodeURIComponent(email)}`, headers: admin.headers });
  return list.json().items[0].id as string;
}

describe("webhook deliveries", () => {
  it("carry each event of a registration's life, signed, in order, with only what the endpoint may see", async () => {
    const endpoint = await subscribe([
      "registration.created",
      "stage.changed",
      "checkin.created",
      "registration.cancelled",
      "registration.erased",
    ]);
    const event = await createEvent(t.db);
    const email = `webhook-${Date.now()}@example.com`;
    await register(event.id, event.timeslots[0]!.id, { email, source: "historia-ig" });
    const id = await idOf(email);
    const stage = await t.app.inject({
      method: "POST",
      url: `/api/registrations/${id}/stage`,
      headers: admin.headers,
      payload: { stage: "shortlisted" },
    });
    expect(stage.statusCode, stage.body).toBe(200);
    const arrival = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: admin.headers,
      payload: { registrationId: id },
    });
    expect(arrival.statusCode, arrival.body).toBe(200);
    const erased = await t.app.inject({ method: "DELETE", url: `/api/registrations/${id}`, headers: admin.headers });
    expect(erased.statusCode, erased.body).toBe(204);

    const pass = await sender().runOnce();
    expect(pass).toMatchObject({ claimed: 4, delivered: 4, failed: 0 });
    const verifier = new Webhook(endpoint.secret);
    const bodies = receiver.received.map((got) => {
      expect(got.headers["content-type"]).toBe("application/json");
      return verifier.verify(got.body, got.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    });
    expect(bodies.map((body) => body.type)).toEqual([
      "registration.created",
      "stage.changed",
      "checkin.created",
      "registration.erased",
    ]);
    // Sent after the erasure: the earlier events keep the ids only, and no registration is carried.
    expect(bodies[0]!.data).toEqual({ registrationId: id, eventId: event.id, registration: null });
    expect(bodies[1]!.data).toEqual({ registrationId: id, eventId: event.id, registration: null });
    expect(bodies[3]!.data).toEqual({ registrationId: id });
    expect(JSON.stringify(bodies)).not.toContain(email);
    const ids = receiver.received.map((got) => got.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(4);
    // A tampered body fails the receiver's check.
    expect(() =>
      verifier.verify(
        receiver.received[0]!.body.replace("created", "cancelled"),
        receiver.received[0]!.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("carry the registration as the endpoint may see it: no contacts or photos unless given", async () => {
    const plain = await subscribe(["registration.created"]);
    const full = await subscribe(["registration.created"], ["registrations.read", "contacts.see", "photos.see"]);
    const event = await createEvent(t.db);
    const email = `visible-${Date.now()}@example.com`;
    await register(event.id, event.timeslots[0]!.id, { email });
    await sender().runOnce();
    const byEndpoint = new Map<string, { data: { registration: Record<string, unknown>; source: unknown } }>();
    for (const got of receiver.received) {
      for (const endpoint of [plain, full]) {
        try {
          byEndpoint.set(
            endpoint.id,
            new Webhook(endpoint.secret).verify(got.body, got.headers as Record<string, string>) as never,
          );
        } catch {
          // signed with the other endpoint's secret
        }
      }
    }
    expect(byEndpoint.get(plain.id)!.data.registration).toMatchObject({
      email: null,
      phoneNumber: null,
      fullName: "Valentina Núñez",
    });
    expect(byEndpoint.get(full.id)!.data.registration).toMatchObject({ email, fullName: "Valentina Núñez" });
    expect(byEndpoint.get(full.id)!.data.source).toBeNull();
  });

  it("reach a receiver that failed three times, each event once by webhook-id, none missing, in order per registration", async () => {
    const endpoint = await subscribe(["registration.created", "stage.changed"]);
    const event = await createEvent(t.db);
    const emails = [1, 2, 3].map((n) => `retry-${n}-${Date.now()}@example.com`);
    for (const email of emails) await register(event.id, event.timeslots[0]!.id, { email });
    for (const email of emails) {
      const id = await idOf(email);
      const moved = await t.app.inject({
        method: "POST",
        url: `/api/registrations/${id}/stage`,
        headers: admin.headers,
        payload: { stage: "shortlisted" },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    receiver.answerWith((_request, n) => (n < 3 ? 503 : 204));
    let now = Date.now();
    const clock = () => new Date(now);
    const worker = sender(clock);
    for (let pass = 0; pass < 8; pass++) {
      await worker.runOnce();
      now += 6 * 3600_000; // past any back-off
    }
    receiver.answerWith(() => 204);
    const ok = receiver.received.slice(3);
    const ids = ok.map((got) => got.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
    const stored = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(stored).toHaveLength(6);
    expect(stored.every((row) => row.status === "delivered")).toBe(true);
    expect(new Set(ids)).toEqual(new Set(stored.map((row) => row.messageId)));
    // Per registration: its creation before its stage change, whatever the failures did.
    for (const row of stored.filter((d) => d.eventType === "stage.changed")) {
      const created = stored.find((d) => d.eventType === "registration.created" && d.subjectId === row.subjectId)!;
      expect(ids.indexOf(created.messageId)).toBeLessThan(ids.indexOf(row.messageId));
    }
  });

  it("send again, with the same webhook-id, what a worker that died mid-delivery left", async () => {
    await subscribe(["registration.created"]);
    const event = await createEvent(t.db);
    await register(event.id, event.timeslots[0]!.id);
    // The dead worker: it claimed the delivery and sent it, but never recorded the answer.
    const [claimed] = await createDeliveriesRepository(t.db).claim(new Date(), WEBHOOK_LEASE_MS, 10);
    expect(claimed).toBeDefined();
    expect(await sender().runOnce()).toMatchObject({ claimed: 0 });
    const later = new Date(Date.now() + WEBHOOK_LEASE_MS + 1000);
    expect(await sender(() => later).runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.received.map((got) => got.headers["webhook-id"])).toEqual([claimed!.messageId]);
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, claimed!.id));
    expect(row).toMatchObject({ status: "delivered", attempts: 2, responseStatus: 204 });
  });
});
