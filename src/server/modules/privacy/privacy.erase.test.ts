/**
 * A person's access and erasure (issue 18): the export archive by the manage link and by staff, and
 * erasure after which no table (every text and JSON column, attachments decoded) nor the photo store
 * holds anything of the person — a 17-year-old confirmed with an invite and a QR code, approved by
 * their guardian, checked in, sent a campaign and waiting in another event's line — campaign totals
 * still adding up.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pgErrorCode } from "../../db/client";
import { auditLog, emailCampaignRecipients, emailCampaigns, outboxMessages, waitlistEntries } from "../../db/schema";
import { createStorageSweeper } from "../../jobs/storage-sweeper";
import { registrationToken } from "../../lib/registration-links";
import { useTestApp } from "../../test/harness";
import { memoryLogger, useOutboxWorkers } from "../../test/outbox";
import { registrationBody, signedInAs } from "../../test/factories";
import { cellsHolding, openZip, personWithHistory, photoKeysOf, waitInLine } from "./privacy.test-support";

const t = useTestApp();
const PG_INSUFFICIENT_PRIVILEGE = "42501";
const { worker } = useOutboxWorkers(t);
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  member = (await signedInAs(t.app, { role: "member" })).headers;
});

/** The person with their whole history, every e-mail of it through the (development) outbox. */
async function person() {
  const subject = await personWithHistory(t.app, admin);
  await worker(undefined).worker.drainOnce();
  return subject;
}

describe("export", () => {
  it("gives the person, from their manage link, one zip with data.json and their photos, their places in line's too", async () => {
    const subject = await person();
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.eventId, subject.line.event.id));
    // Someone else waiting in a line: not theirs, not in their archive.
    await waitInLine(t.app, registrationBody("", { email: `otra-${subject.id}@example.com` }));
    const t1 = registrationToken(t.config, "manage", subject.id);
    const res = await t.app.inject({ url: `/api/public/registrations/manage/export?t=${t1}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toContain(subject.registrationCode);
    const zip = openZip(res.rawPayload);
    const entryPhoto = `waitlist/${entry!.id}/face.jpg`;
    expect(zip.names().sort()).toEqual(["data.json", "photos/face.jpg", entryPhoto]);
    expect(zip.read("photos/face.jpg").subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(zip.read(entryPhoto).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const data = JSON.parse(zip.read("data.json").toString("utf8"));
    expect(data.registration).toMatchObject({ email: subject.body.email, fullName: subject.body.fullName });
    expect(data.registration).not.toHaveProperty("successTokenHash");
    expect(data.consent).toMatchObject({ privacyNoticeVersion: 1, dataProcessing: true, photoScouting: true });
    expect(data.guardian).toMatchObject({ status: "approved", name: subject.body.guardianName });
    expect(data.emails.map((e: { kind: string }) => e.kind).sort()).toEqual(
      // Two confirmations: the e-mail verified while the guardian had not decided, then the guardian's approval (issue 32).
      [
        "campaign",
        "guardian_request",
        "registration_confirmation",
        "registration_confirmation",
        "registration_verification",
        "waitlist_joined",
      ].sort(),
    );
    expect(data.campaigns).toEqual([expect.objectContaining({ subject: "Horario" })]);
    // Their place in another event's line (matched as an erasure matches it): its fields, consent and photo.
    expect(data.waitingList).toEqual([
      expect.objectContaining({
        id: entry!.id,
        status: "waiting",
        email: subject.body.email,
        fullName: subject.body.fullName,
        registrant: expect.objectContaining({ phoneNumber: entry!.registrant.phoneNumber }),
        consent: expect.objectContaining({ consentDataProcessing: true }),
        event: expect.objectContaining({ eventName: subject.line.event.eventName }),
        timeslot: { startTime: "10:00:00", endTime: "11:00:00" },
        photos: [expect.objectContaining({ kind: "face", file: entryPhoto })],
      }),
    ]);
    expect(data.waitingList[0]).not.toHaveProperty("tokenHash");
    expect(data.waitingList[0]).not.toHaveProperty("offerTokenHash");
  });

  it("is refused for a forged link (404) and to a member (403); an admin's download is audited", async () => {
    const subject = await person();
    expect((await t.app.inject({ url: `/api/public/registrations/manage/export?t=${"a".repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/registrations/${subject.id}/export`, headers: member })).statusCode).toBe(403);
    const res = await t.app.inject({ url: `/api/registrations/${subject.id}/export`, headers: admin });
    expect(res.statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.export"), eq(auditLog.registrationId, subject.id)));
    expect(audit).toHaveLength(1);
  });
});

describe("erasure", () => {
  it("from the manage link leaves nothing of the person in any table or in the photo store", async () => {
    const subject = await person();
    // Staff looked at them: audit rows that must survive without their data.
    await t.app.inject({ url: `/api/registrations/${subject.id}`, headers: admin });
    const keys = await photoKeysOf(t.db, subject.id, subject.body.email as string);
    expect(keys).toHaveLength(4); // the registration's face photo and the waiting-list entry's, two sizes each
    for (const needle of subject.needles) expect(await cellsHolding(t.db, needle), needle).not.toEqual([]);
    const withAttachments = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, subject.body.email as string));
    const confirmation = withAttachments.find((m) => m.kind === "registration_confirmation");
    expect(confirmation?.icalEvent).toContain("BEGIN:VCALENDAR");
    expect(confirmation?.attachments?.[0]?.filename).toBe("check-in.png");

    const manage = registrationToken(t.config, "manage", subject.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/public/registrations/manage/erase",
      payload: { t: manage },
      remoteAddress: "203.0.113.7",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erased: true });
    await createStorageSweeper({ db: t.db, storage: t.app.ctx.storage, log: memoryLogger() }).sweepOnce();

    for (const needle of subject.needles) expect(await cellsHolding(t.db, needle), needle).toEqual([]);
    for (const key of keys) expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    const erasedMail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, confirmation!.id));
    expect(erasedMail[0]).toMatchObject({ attachments: null, icalEvent: null, toAddress: "erased@erased.invalid" });
    expect(await t.db.$count(waitlistEntries, eq(waitlistEntries.eventId, subject.line.event.id))).toBe(0);
    // The campaign's totals still add up: two recipients, one of them anonymous now.
    const [campaign] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, subject.campaignId));
    const recipients = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, subject.campaignId));
    expect(campaign!.recipientCount).toBe(2);
    expect(recipients).toHaveLength(2);
    // The person's own erasure: no actor, and their address is not kept either.
    const erasedAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.erase"), eq(auditLog.registrationId, subject.id)));
    expect(erasedAudit).toEqual([expect.objectContaining({ actorId: null, ip: null, details: { by: "registrant" } })]);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain("203.0.113.7");

    // Final: the link opens nothing any more.
    expect(
      (await t.app.inject({ method: "POST", url: "/api/public/registrations/manage/erase", payload: { t: manage } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/public/registrations/manage/export?t=${manage}` })).statusCode).toBe(404);
  });

  it("by staff: admins only, audited with the admin as actor", async () => {
    const subject = await person();
    expect(
      (await t.app.inject({ method: "POST", url: `/api/registrations/${subject.id}/erase`, headers: member })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: "POST", url: `/api/registrations/${subject.id}/erase`, headers: admin });
    expect(res.statusCode).toBe(204);
    for (const needle of subject.needles) expect(await cellsHolding(t.db, needle), needle).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.erase"), eq(auditLog.registrationId, subject.id)));
    expect(entry).toMatchObject({ actorRole: "admin", details: { by: "staff" } });
    expect(entry!.ip).toBeTruthy();
    expect(
      (await t.app.inject({ method: "POST", url: `/api/registrations/${subject.id}/erase`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it("the audit trail cannot be changed or emptied, even by a direct statement", async () => {
    await t.app.inject({ url: `/api/registrations/${(await person()).id}`, headers: admin });
    const before = await t.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    // Refused by the table's triggers (migration 0011), which raise insufficient_privilege; TRUNCATE
    // fires no row trigger, so a statement trigger of its own refuses it.
    const refusal = (statement: PromiseLike<unknown>) =>
      Promise.resolve(statement).then(
        () => "accepted",
        (error: unknown) => pgErrorCode(error),
      );
    expect(await refusal(t.db.update(auditLog).set({ action: "x" }))).toBe(PG_INSUFFICIENT_PRIVILEGE);
    expect(await refusal(t.db.delete(auditLog))).toBe(PG_INSUFFICIENT_PRIVILEGE);
    expect(await refusal(t.db.execute(sql`truncate table audit_log`))).toBe(PG_INSUFFICIENT_PRIVILEGE);
    expect(await t.db.select().from(auditLog)).toEqual(before);
  });
});
