/**
 * A person's access and erasure (issue 18): the export archive by the manage link and by staff, and
 * erasure after which no table (every text and JSON column) nor the photo store holds anything of
 * the person's e-mail, name or phone, campaign totals still adding up.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailCampaignRecipients, emailCampaigns, modelRegistrations, photos } from "../../db/schema";
import { createStorageSweeper } from "../../jobs/storage-sweeper";
import { registrationToken } from "../../lib/registration-links";
import { createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger, useOutboxWorkers } from "../../test/outbox";
import { cellsHolding, openZip, registrantWithPhoto } from "./privacy.test-support";

const t = useTestApp();
const { worker } = useOutboxWorkers(t);
let admin: Record<string, string>;
let member: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
  member = (await signedInAs(t.app, { role: "member" })).headers;
});

/** A registrant with a photo, a campaign sent to them and another person, and every e-mail sent. */
async function personWithHistory() {
  const person = await registrantWithPhoto(t.app);
  const [row] = await t.db
    .select()
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, person.registrationCode));
  const other = await createRegistration(t.db, { eventId: person.event.id, timeslotId: person.event.timeslots[0]!.id });
  const campaign = await t.app.inject({
    method: "POST",
    url: "/api/campaigns",
    headers: admin,
    payload: {
      eventId: person.event.id,
      registrationIds: [row!.id, other.id],
      subject: "Horario",
      content: "Te esperamos a las 10.",
      isHtml: false,
    },
  });
  expect(campaign.statusCode).toBe(202);
  await worker(undefined).worker.drainOnce();
  return { ...person, id: row!.id, campaignId: campaign.json().campaignId as string };
}

describe("export", () => {
  it("gives the person, from their manage link, one zip with data.json and their photos", async () => {
    const person = await personWithHistory();
    const t1 = registrationToken(t.config, "manage", person.id);
    const res = await t.app.inject({ url: `/api/public/registrations/manage/export?t=${t1}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toContain(person.registrationCode);
    const zip = openZip(res.rawPayload);
    expect(zip.names().sort()).toEqual(["data.json", "photos/face.jpg"]);
    expect(zip.read("photos/face.jpg").subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const data = JSON.parse(zip.read("data.json").toString("utf8"));
    expect(data.registration).toMatchObject({ email: person.body.email, fullName: person.body.fullName });
    expect(data.registration).not.toHaveProperty("successTokenHash");
    expect(data.consent).toMatchObject({ privacyNoticeVersion: 1, dataProcessing: true, photoScouting: true });
    expect(data.guardian).toMatchObject({ status: "not_required" });
    expect(data.emails.map((e: { kind: string }) => e.kind).sort()).toEqual(["campaign", "registration_verification"].sort());
    expect(data.campaigns).toEqual([expect.objectContaining({ subject: "Horario" })]);
  });

  it("is refused for a forged link (404) and to a member (403); an admin's download is audited", async () => {
    const person = await personWithHistory();
    expect((await t.app.inject({ url: `/api/public/registrations/manage/export?t=${"a".repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/registrations/${person.id}/export`, headers: member })).statusCode).toBe(403);
    const res = await t.app.inject({ url: `/api/registrations/${person.id}/export`, headers: admin });
    expect(res.statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.export"), eq(auditLog.registrationId, person.id)));
    expect(audit).toHaveLength(1);
  });
});

describe("erasure", () => {
  it("from the manage link leaves nothing of the person in any table or in the photo store", async () => {
    const person = await personWithHistory();
    // Staff looked at them: audit rows that must survive without their data.
    await t.app.inject({ url: `/api/registrations/${person.id}`, headers: admin });
    const keys = (await t.db.select().from(photos).where(eq(photos.registrationId, person.id))).flatMap((p) => [
      p.largeKey,
      p.thumbKey,
    ]);
    expect(keys).toHaveLength(2);
    for (const needle of person.needles) expect(await cellsHolding(t.db, needle)).not.toEqual([]);

    const manage = registrationToken(t.config, "manage", person.id);
    const res = await t.app.inject({ method: "POST", url: "/api/public/registrations/manage/erase", payload: { t: manage } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erased: true });
    await createStorageSweeper({ db: t.db, storage: t.app.ctx.storage, log: memoryLogger() }).sweepOnce();

    for (const needle of person.needles) expect(await cellsHolding(t.db, needle)).toEqual([]);
    for (const key of keys) expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    // The campaign's totals still add up: two recipients, one of them anonymous now.
    const [campaign] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, person.campaignId));
    const recipients = await t.db
      .select()
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, person.campaignId));
    expect(campaign!.recipientCount).toBe(2);
    expect(recipients).toHaveLength(2);
    const erasedAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.erase"), eq(auditLog.registrationId, person.id)));
    expect(erasedAudit).toEqual([expect.objectContaining({ actorId: null, details: { by: "registrant" } })]);

    // Final: the link opens nothing any more.
    expect(
      (await t.app.inject({ method: "POST", url: "/api/public/registrations/manage/erase", payload: { t: manage } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/public/registrations/manage/export?t=${manage}` })).statusCode).toBe(404);
  });

  it("by staff: admins only, audited with the admin as actor", async () => {
    const person = await personWithHistory();
    expect(
      (await t.app.inject({ method: "POST", url: `/api/registrations/${person.id}/erase`, headers: member })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: "POST", url: `/api/registrations/${person.id}/erase`, headers: admin });
    expect(res.statusCode).toBe(204);
    for (const needle of person.needles) expect(await cellsHolding(t.db, needle)).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.erase"), eq(auditLog.registrationId, person.id)));
    expect(entry).toMatchObject({ actorRole: "admin", details: { by: "staff" } });
    expect(
      (await t.app.inject({ method: "POST", url: `/api/registrations/${person.id}/erase`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it("the audit trail cannot be changed or emptied, even by a direct statement", async () => {
    await t.app.inject({ url: `/api/registrations/${(await personWithHistory()).id}`, headers: admin });
    await expect(t.db.update(auditLog).set({ action: "x" })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
  });
});
