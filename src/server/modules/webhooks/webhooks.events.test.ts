/**
 * The events not walked by webhooks.delivery.test.ts (issue 37), each recorded by its change's own
 * transaction and delivered to a real receiver: an e-mail verified, a move to another slot, a
 * cancellation, and the waiting list's offer of the freed spot.
 */
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelRegistrations, outboxMessages } from "../../db/schema";
import { createWebhookSender } from "../../jobs/webhook-sender";
import { createEvent, linkIn, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { startWebhookReceiver } from "../../test/webhook-receiver";
import { cancelRegistration } from "../registrations/registrations.cancel";
import { waitInLine } from "../privacy/privacy.test-support";

const t = useTestApp();
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

describe("webhook events", () => {
  it("a verification, a move, a cancellation and the offer of the freed spot, each delivered signed", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const made = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: admin.headers,
      payload: {
        url: receiver.url,
        events: ["registration.verified", "registration.moved", "registration.cancelled", "waitlist.offered"],
      },
    });
    const { secret } = made.json<{ secret: string }>();
    const event = await createEvent(t.db, { timeslots: [{ capacity: 5 }, { capacity: 5 }] });
    const [first, second] = event.timeslots;
    const email = `events-${Date.now()}@example.com`;
    const registered = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(first!.id, { email }),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.email, email));
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toAddress, email), eq(outboxMessages.kind, "registration_verification")));
    const token = linkIn(mail!.textBody, `${t.config.publicUrl}/verify/`).split("/verify/")[1];
    expect((await t.app.inject({ method: "POST", url: "/api/public/verify", payload: { token } })).statusCode).toBe(200);
    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${row!.id}`,
      headers: admin.headers,
      payload: { timeslotId: second!.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.db.transaction((tx) => cancelRegistration(tx, t.config, row!.id, "staff"));

    // Someone waits for a full slot; its holder cancels: the spot is offered.
    const line = await waitInLine(t.app, registrationBody(first!.id, { email: `line-${Date.now()}@example.com` }));
    const [holder] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.timeslotId, line.slot.id));
    await t.db.transaction((tx) => cancelRegistration(tx, t.config, holder!.id, "registrant"));

    await createWebhookSender({ db: t.db, config: t.config, log: quiet }).runOnce();
    const bodies = receiver.received.map(
      (got) =>
        new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        },
    );
    const of = (type: string) => bodies.filter((body) => body.type === type).map((body) => body.data);
    expect(of("registration.verified")).toEqual([expect.objectContaining({ registrationId: row!.id, eventId: event.id })]);
    expect(of("registration.moved")).toEqual([expect.objectContaining({ registrationId: row!.id, timeslotId: second!.id })]);
    // Across registrations there is no order: each registration's own events are in order.
    const cancelled = of("registration.cancelled");
    expect(cancelled).toHaveLength(2);
    expect(cancelled).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ registrationId: row!.id, by: "staff" }),
        expect.objectContaining({ registrationId: holder!.id, by: "registrant" }),
      ]),
    );
    expect(of("waitlist.offered")).toEqual([
      expect.objectContaining({ eventId: line.event.id, timeslotId: line.slot.id, expiresAt: expect.any(String) }),
    ]);
    // The registration rides along on its events, as the endpoint may see it (no contacts).
    expect(of("registration.moved")[0]!.registration).toMatchObject({ id: row!.id, email: null, timeslotId: second!.id });
  });
});
