/**
 * Managing webhooks (issue 37): registered with a secret shown once, listed without it, changed,
 * turned off and on, deleted; their deliveries listed and resent with the same webhook-id; a secret
 * rotated with a day of overlap (both signatures verify); an endpoint failing for a day disabled
 * with an e-mail to the admins; a token never manages them.
 */
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { createWebhookSender } from "../../jobs/webhook-sender";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { startWebhookReceiver } from "../../test/webhook-receiver";

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

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

async function registerOne() {
  const event = await createEvent(t.db);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/public/events/${event.id}/registrations`,
    payload: registrationBody(event.timeslots[0]!.id),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe("/api/webhooks", () => {
  it("registers an endpoint with its secret shown once, lists, changes and deletes it", async () => {
    const made = await call("POST", "/api/webhooks", {
      url: receiver.url,
      events: ["registration.created", "registration.created"],
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json();
    expect(created).toMatchObject({
      url: receiver.url,
      events: ["registration.created"],
      permissions: ["registrations.read"],
      enabled: true,
      pending: 0,
      createdBy: { id: admin.user.id },
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await call("GET", "/api/webhooks");
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain(created.secret);

    const changed = await call("PATCH", `/api/webhooks/${created.id}`, { events: ["checkin.created"], enabled: false });
    expect(changed.json()).toMatchObject({ events: ["checkin.created"], enabled: false, disabledReason: "admin" });
    const back = await call("PATCH", `/api/webhooks/${created.id}`, { enabled: true });
    expect(back.json()).toMatchObject({ enabled: true, disabledReason: null });
    expect((await call("DELETE", `/api/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  it("refuses a bad address or no events with a clear error, and plain http beyond this machine", async () => {
    for (const [payload, field] of [
      [{ url: "not a url", events: ["registration.created"] }, "url"],
      [{ url: "ftp://example.com/x", events: ["registration.created"] }, "url"],
      [{ url: receiver.url, events: [] }, "events"],
      [{ url: receiver.url, events: ["registration.invented"] }, "events"],
      [{ url: "http://example.com/hooks", events: ["registration.created"] }, "url"],
      [{ url: "https://user:pass@example.com/hooks", events: ["registration.created"] }, "url"],
    ] as const) {
      const res = await call("POST", "/api/webhooks", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).some((name) => name.split(".")[0] === field)).toBe(true);
    }
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it("is never managed with an API token", async () => {
    const token = await call("POST", "/api/tokens", { name: "Sync", permissions: ["registrations.read"] });
    const bearer = { authorization: `Bearer ${token.json().token}` };
    const res = await t.app.inject({ method: "GET", url: "/api/webhooks", headers: bearer });
    expect(res.statusCode).toBe(403);
    const tokenAsking = await call("POST", "/api/tokens", { name: "Hooks", permissions: ["webhooks.manage"] });
    expect(tokenAsking.statusCode).toBe(400);
  });

  it("lists an endpoint's deliveries and resends one with the same webhook-id", async () => {
    const { id } = (await call("POST", "/api/webhooks", { url: receiver.url, events: ["registration.created"] })).json();
    await registerOne();
    const sender = createWebhookSender({ db: t.db, config: t.config, log: quiet });
    await sender.runOnce();
    const deliveries = (await call("GET", `/api/webhooks/${id}/deliveries`)).json().items;
    expect(deliveries).toEqual([
      expect.objectContaining({ eventType: "registration.created", status: "delivered", attempts: 1, responseStatus: 204 }),
    ]);
    const resent = await call("POST", `/api/webhooks/${id}/deliveries/${deliveries[0].id}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toMatchObject({ status: "pending", messageId: deliveries[0].messageId });
    await sender.runOnce();
    expect(receiver.received.map((got) => got.headers["webhook-id"])).toEqual([deliveries[0].messageId, deliveries[0].messageId]);
    expect((await call("POST", `/api/webhooks/${id}/deliveries/999999/resend`)).statusCode).toBe(404);
    // Kept thirty days once delivered, then deleted by a sender's pass.
    const later = new Date(Date.now() + 31 * 24 * 3600_000);
    await createWebhookSender({ db: t.db, config: t.config, log: quiet, clock: () => later }).runOnce();
    expect((await call("GET", `/api/webhooks/${id}/deliveries`)).json().items).toEqual([]);
  });

  it("rotates the secret: for a day both the new and the old one verify", async () => {
    const made = (await call("POST", "/api/webhooks", { url: receiver.url, events: ["registration.created"] })).json();
    const rotated = await call("POST", `/api/webhooks/${made.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(made.secret);
    await registerOne();
    await createWebhookSender({ db: t.db, config: t.config, log: quiet }).runOnce();
    const got = receiver.received[0]!;
    expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const key of [secret, made.secret])
      expect(() => new Webhook(key).verify(got.body, got.headers as Record<string, string>)).not.toThrow();

    // A day later, the old one no longer signs.
    await registerOne();
    const tomorrow = new Date(Date.now() + 25 * 3600_000);
    await createWebhookSender({ db: t.db, config: t.config, log: quiet, clock: () => tomorrow }).runOnce();
    const next = receiver.received[1]!;
    expect(String(next.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(() => new Webhook(made.secret).verify(next.body, next.headers as Record<string, string>)).toThrow();
  });

  it("disables an endpoint failing for a day and tells the admins once; enabled again, it sends what waited", async () => {
    const { id } = (await call("POST", "/api/webhooks", { url: receiver.url, events: ["registration.created"] })).json();
    await registerOne();
    receiver.answerWith(() => 500);
    let now = Date.now();
    const sender = createWebhookSender({ db: t.db, config: t.config, log: quiet, clock: () => new Date(now) });
    for (let hour = 0; hour <= 30; hour += 6) {
      await sender.runOnce();
      now += 6 * 3600_000;
    }
    const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: "failing" });
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "webhook_disabled"));
    expect(mails.map((mail) => mail.toAddress)).toContain(admin.user.email);
    expect(new Set(mails.map((mail) => mail.toAddress)).size).toBe(mails.length);
    expect(mails[0]!.textBody).toContain(receiver.url);

    const tried = receiver.received.length;
    await registerOne(); // while it is disabled: kept for it
    await sender.runOnce();
    expect(receiver.received.length).toBe(tried); // disabled: nothing is sent
    receiver.answerWith(() => 204);
    expect((await call("PATCH", `/api/webhooks/${id}`, { enabled: true })).json()).toMatchObject({
      enabled: true,
      failingSince: null,
    });
    now += 11 * 3600_000;
    await sender.runOnce();
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(["delivered", "delivered"]);
  });
});
