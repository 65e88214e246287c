/**
 * Retention (issue 18) with a controllable clock: exactly the registrants of events past the period
 * who are not selected (a retained stage, liked) nor kept are erased, and those events' waiting-list
 * entries with their photos; the preview lists them first; sent, failed and undelivered e-mails and
 * expired sessions are pruned on their own schedule; the job runs as soon as it starts, then again.
 */
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  modelRegistrations,
  outboxMessages,
  photos,
  privacySettings,
  sessions,
  waitlistEntries,
} from "../../db/schema";
import { createStorageSweeper } from "../../jobs/storage-sweeper";
import { enqueueEmail } from "../../mail/outbox";
import { createEvent, createRegistration, createUser, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger, testEmail } from "../../test/outbox";
import { createRetentionJob, retentionPreview, runRetention } from "./privacy.retention";
import { cellsHolding, photoKeysOf, registrantWithPhoto, uniqueTag, waitInLine } from "./privacy.test-support";

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

    const result = await runRetention(t.db, t.config, NOW);
    expect(result.erased).toBe(due.length);
    const left = await t.db
      .select({ id: modelRegistrations.id })
      .from(modelRegistrations)
      .where(inArray(modelRegistrations.eventId, [old.event.id, recent.event.id]));
    expect(left.map((r) => r.id).sort()).toEqual(spared.map((r) => r.id).sort());
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "retention.erase"));
    expect(audit.map((a) => a.registrationId).sort()).toEqual(due.map((r) => r.id).sort());
    expect(await runRetention(t.db, t.config, NOW)).toMatchObject({ erased: 0 });
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
    await runRetention(t.db, t.config, NOW);
    expect(await t.db.$count(modelRegistrations, eq(modelRegistrations.id, person.id))).toBe(1);
    await t.db.update(privacySettings).set({ retentionMonths: 12 });
  });

  it("prunes sent, failed and undelivered e-mails past their days and expired sessions, nothing else", async () => {
    await t.db.update(privacySettings).set({ outboxRetentionDays: 30 });
    const [oldSent, recentSent, pending, oldFailed, recentFailed, oldUndelivered] = await Promise.all(
      Array.from({ length: 6 }, () => enqueueEmail(t.db, testEmail())),
    );
    const set = (id: number, values: Partial<typeof outboxMessages.$inferInsert>) =>
      t.db.update(outboxMessages).set(values).where(eq(outboxMessages.id, id));
    const longAgo = new Date("2027-05-01T00:00:00Z");
    const lately = new Date("2027-06-01T00:00:00Z");
    await set(oldSent!.id, { status: "sent", sentAt: longAgo });
    await set(recentSent!.id, { status: "sent", sentAt: lately });
    await set(oldFailed!.id, { status: "failed", claimedAt: longAgo, lastError: "550 no such user" });
    await set(recentFailed!.id, { status: "failed", claimedAt: lately, lastError: "550 no such user" });
    await set(oldUndelivered!.id, { status: "undelivered", claimedAt: longAgo });
    const user = await createUser(t.db, { status: "approved" });
    const base = { userId: user.id, createdAt: NOW, updatedAt: NOW };
    await t.db.insert(sessions).values([
      { ...base, id: "s-expired", token: "tok-expired", expiresAt: new Date("2027-06-14T00:00:00Z") },
      { ...base, id: "s-live", token: "tok-live", expiresAt: new Date("2027-06-16T00:00:00Z") },
    ]);
    const result = await runRetention(t.db, t.config, NOW);
    expect(result).toMatchObject({ outboxPruned: 3, sessionsPruned: 1 });
    const ids = (await t.db.select({ id: outboxMessages.id }).from(outboxMessages)).map((r) => r.id);
    for (const gone of [oldSent, oldFailed, oldUndelivered]) expect(ids).not.toContain(gone!.id);
    expect(ids).toEqual(expect.arrayContaining([recentSent!.id, pending!.id, recentFailed!.id]));
    expect(
      (
        await t.db
          .select()
          .from(sessions)
          .where(inArray(sessions.id, ["s-expired", "s-live"]))
      ).map((s) => s.id),
    ).toEqual(["s-live"]);
  });

  it("erases the registrants and waiting-list entries of events past the period, their photos and their mail, and no others", async () => {
    await t.db.update(privacySettings).set({ retentionMonths: 12 });
    // A registrant with a photo, in an event (2026-03-05) past the period at NOW.
    const registrant = await registrantWithPhoto(t.app);
    const [registration] = await t.db
      .select()
      .from(modelRegistrations)
      .where(eq(modelRegistrations.registrationCode, registrant.registrationCode));
    const registrantKeys = await photoKeysOf(t.db, registration!.id, registrant.body.email as string);
    expect(registrantKeys).toHaveLength(2);
    const waiting = (eventDate: string) => {
      const tag = uniqueTag();
      const body = registrationBody("", { email: `linea-${tag}@example.com`, fullName: `Espera ${tag}` });
      return waitInLine(t.app, body, eventDate).then((line) => ({ ...line, body, tag }));
    };
    const old = await waiting("2026-06-14");
    const recent = await waiting("2026-06-15");
    const entryPhotos = async (eventId: string) =>
      t.db
        .select()
        .from(photos)
        .where(
          inArray(
            photos.waitlistEntryId,
            t.db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId)),
          ),
        );
    const oldKeys = (await entryPhotos(old.event.id)).flatMap((p) => [p.largeKey, p.thumbKey]);
    expect(oldKeys).toHaveLength(2);
    expect(await cellsHolding(t.db, old.tag)).toEqual(
      expect.arrayContaining(["waitlist_entries.full_name", "outbox_messages.text_body"]),
    );

    const result = await runRetention(t.db, t.config, NOW);
    expect(result.waitlistErased).toBe(1);
    expect(await t.db.$count(waitlistEntries, eq(waitlistEntries.eventId, old.event.id))).toBe(0);
    expect(await t.db.$count(waitlistEntries, eq(waitlistEntries.eventId, recent.event.id))).toBe(1);
    expect(await entryPhotos(recent.event.id)).toHaveLength(1);
    await createStorageSweeper({ db: t.db, storage: t.app.ctx.storage, log: memoryLogger() }).sweepOnce();
    for (const key of [...oldKeys, ...registrantKeys]) expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    for (const needle of [old.tag, old.body.email as string, ...registrant.needles])
      expect(await cellsHolding(t.db, needle), needle).toEqual([]);
    expect(await cellsHolding(t.db, recent.tag)).not.toEqual([]);
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

  it("runs as soon as the job starts, not an interval later, and again at each interval", async () => {
    await t.db.update(privacySettings).set({ retentionMonths: 12 });
    const { add } = await eventOn("2026-01-10");
    const first = await add();
    const log = memoryLogger();
    const gone = async (id: string) => (await t.db.$count(modelRegistrations, eq(modelRegistrations.id, id))) === 0;
    const until = async (check: () => Promise<boolean>) => {
      for (let waited = 0; waited < 15_000; waited += 50) {
        if (await check()) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    // An hour's interval: only a pass at start erases within the test's seconds.
    const hourly = createRetentionJob({ db: t.db, config: t.config, log, clock: () => NOW });
    hourly.start();
    expect(await until(() => gone(first.id))).toBe(true);
    await hourly.stop();
    expect(log.entries).toEqual([expect.objectContaining({ level: "info", obj: expect.objectContaining({ erased: 1 }) })]);

    let passes = 0;
    const counted = () => {
      passes++;
      return NOW;
    };
    const frequent = createRetentionJob({ db: t.db, config: t.config, log, clock: counted, intervalMs: 100 });
    frequent.start();
    expect(await until(async () => passes >= 1)).toBe(true);
    const second = await add();
    expect(await until(() => gone(second.id))).toBe(true);
    await frequent.stop();
    expect(passes).toBeGreaterThanOrEqual(2);
  });
});
