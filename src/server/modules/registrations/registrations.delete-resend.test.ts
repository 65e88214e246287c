import { describe, expect, it, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { emailCampaignRecipients, emailCampaigns, modelRegistrations, outboxMessages } from "../../db/schema";
import { sha256 } from "../../lib/tokens";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
let member: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

async function fresh(overrides: Parameters<typeof createRegistration>[1] extends infer O ? Partial<O> : never = {}) {
  const event = await createEvent(t.db, { eventName: "Casting Invierno" });
  const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, ...overrides });
  return { event, registration };
}

const exists = async (id: string) =>
  (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id))).length > 0;

describe("DELETE /api/registrations/:id", () => {
  it("is refused to a member (the screen shows the permissions message) and the row stays", async () => {
    const { registration } = await fresh();
    const res = await t.app.inject({ method: "DELETE", url: `/api/registrations/${registration.id}`, headers: member });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
    expect(await exists(registration.id)).toBe(true);
  });

  it("deletes for an admin, keeping the campaign's history (its recipients, without the person's data)", async () => {
    const { event, registration } = await fresh();
    const [campaign] = await t.db
      .insert(emailCampaigns)
      .values({ eventId: event.id, subject: "S", content: "C", recipientCount: 1 })
      .returning();
    await t.db.insert(emailCampaignRecipients).values({
      campaignId: campaign!.id,
      registrationId: registration.id,
      email: registration.email,
      fullName: registration.fullName,
    });
    const res = await t.app.inject({ method: "DELETE", url: `/api/registrations/${registration.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    expect(await exists(registration.id)).toBe(false);
    const [recipient] = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaign!.id));
    expect(recipient).toMatchObject({ registrationId: null, fullName: "[erased]", email: "erased@erased.invalid" });
    const again = await t.app.inject({ method: "DELETE", url: `/api/registrations/${registration.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });
});

describe("POST /api/registrations/:id/resend-verification", () => {
  const resend = (id: string) =>
    t.app.inject({ method: "POST", url: `/api/registrations/${id}/resend-verification`, headers: member });

  it("queues a new link for a pending, unverified registration and the old one stops working", async () => {
    const oldHash = sha256("the-old-token");
    const { registration } = await fresh({ emailVerificationTokenHash: oldHash, email: "pendiente@example.com" });
    const res = await resend(registration.id);
    expect(res.statusCode, res.body).toBe(202);
    const row = (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, registration.id)))[0]!;
    expect(row.emailVerificationTokenHash).not.toBe(oldHash);
    expect(row.emailVerificationExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, "pendiente@example.com"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe("registration_verification");
    expect(mail.subject).toContain("Casting Invierno");
    const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
    expect(mail.textBody).toContain(`${t.config.publicUrl}/verify/`);
    expect(token && sha256(token)).toBe(row.emailVerificationTokenHash);
    expect(mail.textBody).toContain(registration.registrationCode);
  });

  it("refuses a verified or confirmed registration with already_verified and sends nothing", async () => {
    const { registration } = await fresh({ emailVerified: true, status: "confirmed", email: "verificada@example.com" });
    const res = await resend(registration.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("already_verified");
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, "verificada@example.com"))).toEqual([]);
  });

  it("answers 404 for an unknown registration", async () => {
    expect((await resend(crypto.randomUUID())).statusCode).toBe(404);
  });
});
