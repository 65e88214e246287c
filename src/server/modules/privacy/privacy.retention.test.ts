/**
 * Retention (issue 18) with a controllable clock: exactly the registrants of events past the period
 * who are not selected (a retained stage, liked) nor kept are erased; the preview lists them first;
 * sent e-mails and expired sessions are pruned on their own schedule.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, modelRegistrations, outboxMessages, privacySettings, sessions } from "../../db/schema";
import { enqueueEmail } from "../../mail/outbox";
import { createEvent, createRegistration, createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { testEmail } from "../../test/outbox";
import { retentionPreview, runRetention } from "./privacy.retention";

const t = useTestApp();
// Signed in afresh by each test: a run at NOW (a year ahead) prunes today's sessions as expired.
const signedInAdmin = async () => (await signedInAs(t.app, { role: "admin" })).headers;

const NOW = new Date("2027-06-15T12:00:00Z");

async function eventOn(eventDate: string) {
  const event = await createEvent(t.db, { eventDate });
  const add = (values: Partial<typeof modelRegistrations.$inferInsert> = {}) =>
    createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, ...values });
  return { event, add };
}

describe("retention", () => {
  it("erases exactly the unselected, unkept registrants of events older than the period", async () => {
    await t.db.update(privacySettings).set({ retentionMonths: 12 });
    const old = await eventOn("2026-06-14"); // 12 months and a day before NOW: past the period
    const recent = await eventOn("2026-06-15"); // exactly 12 months: still kept
    const due = [
      await old.add(),
      await old.add({ stage: "discarded" }),
      await old.add({ stage: "new", status: "cancelled", cancelledAt: NOW }),
    ];
    const spared = [
      await old.add({ liked: true }),
      await old.add({ stage: "shortlisted" }),
      await old.add({ stage: "callback" }),
      await old.add({ stage: "signed" }),
      await old.add({ retentionKeep: true }),
      await recent.add(),
    ];

    const preview = await retentionPreview(t.db, NOW);
    expect(preview.map((r) => r.id).sort()).toEqual(due.map((r) => r.id).sort());

    const result = await runRetention(t.db, NOW);
    expect(result.erased).toBe(due.length);
    const left = await t.db
      .select({ id: modelRegistrations.id })
      .from(modelRegistrations)
      .where(inArray(modelRegistrations.eventId, [old.event.id, recent.event.id]));
    expect(left.map((r) => r.id).sort()).toEqual(spared.map((r) => r.id).sort());
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "retention.erase"));
    expect(audit.map((a) => a.registrationId).sort()).toEqual(due.map((r) => r.id).sort());
    expect(await runRetention(t.db, NOW)).toMatchObject({ erased: 0 });
  });

  it("follows the setting, and an admin's 'keep' (audited) takes a person out of the next run", async () => {
    const { add } = await eventOn("2027-01-10");
    const person = await add();
    await t.db.update(privacySettings).set({ retentionMonths: 3 });
    expect((await retentionPreview(t.db, NOW)).map((r) => r.id)).toContain(person.id);
    const admin = await signedInAdmin();
    const kept = await t.app.inject({
      method: "PUT",
      url: `/api/registrations/${person.id}/keep`,
      headers: admin,
      payload: { keep: true },
    });
    expect(kept.json()).toEqual({ retentionKeep: true });
    expect((await retentionPreview(t.db, NOW)).map((r) => r.id)).not.toContain(person.id);
    await runRetention(t.db, NOW);
    expect(await t.db.$count(modelRegistrations, eq(modelRegistrations.id, person.id))).toBe(1);
    await t.db.update(privacySettings).set({ retentionMonths: 12 });
  });

  it("prunes sent e-mails past their days and expired sessions, nothing else", async () => {
    await t.db.update(privacySettings).set({ outboxRetentionDays: 30 });
    const oldSent = await enqueueEmail(t.db, testEmail());
    const recentSent = await enqueueEmail(t.db, testEmail());
    const pending = await enqueueEmail(t.db, testEmail());
    await t.db
      .update(outboxMessages)
      .set({ status: "sent", sentAt: new Date("2027-05-01T00:00:00Z") })
      .where(eq(outboxMessages.id, oldSent.id));
    await t.db
      .update(outboxMessages)
      .set({ status: "sent", sentAt: new Date("2027-06-01T00:00:00Z") })
      .where(eq(outboxMessages.id, recentSent.id));
    const user = await createUser(t.db, { status: "approved" });
    const base = { userId: user.id, createdAt: NOW, updatedAt: NOW };
    await t.db.insert(sessions).values([
      { ...base, id: "s-expired", token: "tok-expired", expiresAt: new Date("2027-06-14T00:00:00Z") },
      { ...base, id: "s-live", token: "tok-live", expiresAt: new Date("2027-06-16T00:00:00Z") },
    ]);
    const result = await runRetention(t.db, NOW);
    expect(result).toMatchObject({ outboxPruned: 1, sessionsPruned: 1 });
    const ids = (await t.db.select({ id: outboxMessages.id }).from(outboxMessages)).map((r) => r.id);
    expect(ids).not.toContain(oldSent.id);
    expect(ids).toEqual(expect.arrayContaining([recentSent.id, pending.id]));
    expect(
      (
        await t.db
          .select()
          .from(sessions)
          .where(inArray(sessions.id, ["s-expired", "s-live"]))
      ).map((s) => s.id),
    ).toEqual(["s-live"]);
  });

  it("shows admins the preview and the superadmin the settings", async () => {
    const admin = await signedInAdmin();
    const preview = await t.app.inject({ url: "/api/privacy/retention/preview", headers: admin });
    expect(preview.statusCode).toBe(200);
    expect(Array.isArray(preview.json().items)).toBe(true);
    const superadmin = (await signedInAs(t.app, { role: "superadmin" })).headers;
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/privacy/settings",
      headers: superadmin,
      payload: { retentionMonths: 18, outboxRetentionDays: 60 },
    });
    expect(put.json()).toEqual({ retentionMonths: 18, outboxRetentionDays: 60 });
    expect((await t.app.inject({ url: "/api/privacy/settings", headers: admin })).statusCode).toBe(403);
  });
});
