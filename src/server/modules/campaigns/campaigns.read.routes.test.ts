import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailCampaignRecipients } from "../../db/schema";
import { newSecretToken } from "../../lib/tokens";
import { createCampaign, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eventWithRegistrations as withRegistrations, recipientOf } from "./campaigns.test-support";

const t = useTestApp();
const eventWithRegistrations = (count: number, names: string[] = []) => withRegistrations(t.db, count, names);

let admin: { user: { id: string; name: string; email: string }; headers: Record<string, string> };
let member: { headers: Record<string, string> };

beforeAll(async () => {
  admin = await signedInAs(t.app, { role: "admin", name: "Laura Admin" });
  member = await signedInAs(t.app, { role: "member" });
});

describe("GET /api/campaigns", () => {
  it("lists the event's campaigns newest first with event, creator, status and counts per status", async () => {
    const { event, registrations } = await eventWithRegistrations(3);
    const other = await eventWithRegistrations(1);
    await createCampaign(t.db, { eventId: other.event.id });
    const older = await createCampaign(t.db, {
      eventId: event.id,
      subject: "Primera",
      status: "partial",
      createdBy: admin.user.id,
      sentAt: new Date("2026-01-01T12:00:00Z"),
      recipients: [
        recipientOf(registrations[0]!, "sent"),
        recipientOf(registrations[1]!, "failed"),
        recipientOf(registrations[2]!, "read"),
      ],
    });
    const newer = await createCampaign(t.db, {
      eventId: event.id,
      subject: "Segunda",
      sentAt: new Date("2026-02-01T12:00:00Z"),
      recipients: [recipientOf(registrations[0]!)],
    });

    const res = await t.app.inject({ method: "GET", url: `/api/campaigns?eventId=${event.id}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
    expect(items[1]).toMatchObject({
      subject: "Primera",
      status: "partial",
      recipientCount: 3,
      sentAt: "2026-01-01T12:00:00.000Z",
      event: { id: event.id, eventName: event.eventName },
      creator: { fullName: "Laura Admin", email: admin.user.email },
      counts: { queued: 0, sent: 1, failed: 1, read: 1, mailbox: 0 },
    });
    expect(items[0]).toMatchObject({ status: "in_progress", creator: null, counts: { queued: 1, sent: 0, failed: 0, read: 0 } });
    expect(items[0]).not.toHaveProperty("content");
  });

  it("says null for the event of a campaign whose event is gone", async () => {
    const orphan = await createCampaign(t.db, { eventId: null as unknown as string });
    const res = await t.app.inject({ method: "GET", url: "/api/campaigns", headers: member.headers });
    const item = res.json().items.find((c: { id: string }) => c.id === orphan.id);
    expect(item.event).toBeNull();
  });
});

describe("GET /api/campaigns/:id", () => {
  it("returns the content, sanitised again on the way out, and the recipients", async () => {
    const { event, registrations } = await eventWithRegistrations(2);
    const campaign = await createCampaign(t.db, {
      eventId: event.id,
      isHtml: true,
      content: '<p>ok</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      recipients: [recipientOf(registrations[0]!, "sent"), recipientOf(registrations[1]!, "queued")],
    });
    const res = await t.app.inject({ method: "GET", url: `/api/campaigns/${campaign.id}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.content).toBe('<p>ok</p><img src="x" />');
    expect(detail.recipients).toHaveLength(2);
    expect(detail.recipients[0]).toMatchObject({
      registrationId: registrations[0]!.id,
      fullName: registrations[0]!.fullName,
      email: registrations[0]!.email,
      status: "sent",
      errorMessage: null,
    });
    expect(detail.recipients[1]).toMatchObject({ status: "queued", sentAt: null });
  });

  it("answers 404 for an unknown campaign", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/campaigns/${crypto.randomUUID()}`, headers: member.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/registrations/:id/campaigns", () => {
  it("lists the campaigns of the registration's event that included it, newest first", async () => {
    const { event, registrations } = await eventWithRegistrations(2);
    const first = await createCampaign(t.db, {
      eventId: event.id,
      sentAt: new Date("2026-01-01T00:00:00Z"),
      recipients: [recipientOf(registrations[0]!)],
    });
    const second = await createCampaign(t.db, {
      eventId: event.id,
      sentAt: new Date("2026-01-02T00:00:00Z"),
      recipients: [recipientOf(registrations[0]!), recipientOf(registrations[1]!)],
    });
    await createCampaign(t.db, { eventId: event.id, recipients: [recipientOf(registrations[1]!)] });

    const res = await t.app.inject({
      method: "GET",
      url: `/api/registrations/${registrations[0]!.id}/campaigns`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        id: second.id,
        subject: second.subject,
        sentAt: "2026-01-02T00:00:00.000Z",
        status: "in_progress",
        recipientStatus: "queued",
      },
      {
        id: first.id,
        subject: first.subject,
        sentAt: "2026-01-01T00:00:00.000Z",
        status: "in_progress",
        recipientStatus: "queued",
      },
    ]);
  });

  it("answers 404 for an unknown registration", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/registrations/${crypto.randomUUID()}/campaigns`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/public/campaign-read/:token", () => {
  const pixel = (token: string) => t.app.inject({ method: "GET", url: `/api/public/campaign-read/${token}` });

  it("marks a delivered recipient read once, and answers every token with the same uncacheable GIF", async () => {
    const { event, registrations } = await eventWithRegistrations(2);
    const delivered = newSecretToken();
    const queued = newSecretToken();
    const campaign = await createCampaign(t.db, {
      eventId: event.id,
      recipients: [recipientOf(registrations[0]!, "sent", delivered.hash), recipientOf(registrations[1]!, "queued", queued.hash)],
    });

    const responses = [
      await pixel(delivered.token),
      await pixel("unknown"),
      await pixel(queued.token),
      await pixel(newSecretToken().token),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/gif");
      expect(res.headers["cache-control"]).toBe("no-store, max-age=0");
      expect(res.rawPayload).toEqual(responses[0]!.rawPayload);
    }
    const rows = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.campaignId, campaign.id));
    const read = rows.find((r) => r.registrationId === registrations[0]!.id)!;
    expect(read.status).toBe("read");
    expect(read.readAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.registrationId === registrations[1]!.id)!.status).toBe("queued");

    await pixel(delivered.token);
    const [again] = await t.db.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.id, read.id));
    expect(again!.readAt).toEqual(read.readAt);
  });
});
