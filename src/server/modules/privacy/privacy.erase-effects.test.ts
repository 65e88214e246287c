/**
 * What follows an erasure or a staff deletion (issue 18): the freed spot goes to the waiting list
 * (issue 19); a deletion leaves nothing of the person for an erasure to miss; a message being sent
 * at that moment keeps nothing of them, whatever the worker reports afterwards, and its campaign
 * still ends; a brother's or sister's guardian request, to the same guardian, is left alone.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailCampaigns, modelRegistrations, outboxMessages, waitlistEntries } from "../../db/schema";
import { createOutboxRepository } from "../../mail/outbox.repository";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { useOutboxWorkers } from "../../test/outbox";
import { recordCampaignDeliveries } from "../campaigns/campaigns.progress";
import { AHEAD } from "../waitlist/waitlist.test-support";
import { cellsHolding, registrantWithPhoto, seventeen } from "./privacy.test-support";

const t = useTestApp();
const { worker } = useOutboxWorkers(t);
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

const idOf = async (registrationCode: string) =>
  (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.registrationCode, registrationCode)))[0]!.id;

/** A full one-spot slot with two people in its line; `status` is the registration holding the spot. */
async function fullSlotWithLine(status: "pending" | "cancelled" = "pending") {
  // Ahead: a slot that has started takes nobody into its line, and offers nothing.
  const event = await createEvent(t.db, { eventDate: AHEAD, timeslots: [{ capacity: 1 }] });
  const slot = event.timeslots[0]!;
  const holder = await createRegistration(t.db, { eventId: event.id, timeslotId: slot.id });
  const tag = Math.random().toString(36).slice(2, 8);
  const line = [`first-${tag}@line.test`, `second-${tag}@line.test`];
  for (const email of line) {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/waitlist`,
      payload: registrationBody(slot.id, { email }),
    });
    expect(res.statusCode).toBe(201);
  }
  if (status === "cancelled") {
    const cancelled = await t.app.inject({
      method: "POST",
      url: "/api/public/registrations/manage/cancel",
      payload: { t: registrationToken(t.config, "manage", holder.id) },
    });
    expect(cancelled.statusCode).toBe(200);
  }
  return { holder, line };
}

const offersTo = async (email: string) => (await outboxFor(t.db, email)).filter((m) => m.kind === "waitlist_offer");

describe("the spot an erasure frees", () => {
  const ways = {
    "the person's own erasure": (id: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/public/registrations/manage/erase",
        payload: { t: registrationToken(t.config, "manage", id) },
      }),
    "a staff erasure": (id: string) => t.app.inject({ method: "POST", url: `/api/registrations/${id}/erase`, headers: admin }),
    "a staff deletion": (id: string) => t.app.inject({ method: "DELETE", url: `/api/registrations/${id}`, headers: admin }),
  };
  for (const [way, remove] of Object.entries(ways)) {
    it(`is offered to the first in line after ${way}`, async () => {
      const { holder, line } = await fullSlotWithLine();
      expect(await offersTo(line[0]!)).toHaveLength(0);
      expect((await remove(holder.id)).statusCode).toBeLessThan(300);
      expect(await offersTo(line[0]!)).toHaveLength(1);
      expect(await offersTo(line[1]!)).toHaveLength(0);
      const [first] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, line[0]!));
      expect(first!.status).toBe("offered");
    });
  }

  it("a cancelled registration's erasure offers nothing more (its spot was offered when it was cancelled)", async () => {
    const { holder, line } = await fullSlotWithLine("cancelled");
    expect(await offersTo(line[0]!)).toHaveLength(1);
    expect((await ways["a staff erasure"](holder.id)).statusCode).toBe(204);
    expect(await offersTo(line[0]!)).toHaveLength(1);
    expect(await offersTo(line[1]!)).toHaveLength(0);
  });
});

describe("DELETE /api/registrations/:id", () => {
  it("leaves nothing of the person in mail or campaign recipients, and is audited with its event", async () => {
    const person = await registrantWithPhoto(t.app);
    const id = await idOf(person.registrationCode);
    const campaign = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: admin,
      payload: { eventId: person.event.id, registrationIds: [id], subject: "Horario", content: "A las 10.", isHtml: false },
    });
    expect(campaign.statusCode).toBe(202);
    await t.app.ctx.campaignMessages.idle();
    await worker(undefined).worker.drainOnce();
    for (const needle of person.needles) expect(await cellsHolding(t.db, needle), needle).not.toEqual([]);

    expect((await t.app.inject({ method: "DELETE", url: `/api/registrations/${id}`, headers: admin })).statusCode).toBe(204);
    for (const needle of person.needles) expect(await cellsHolding(t.db, needle), needle).toEqual([]);
    const [deleted] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.delete"), eq(auditLog.registrationId, id)));
    expect(deleted).toMatchObject({ eventId: person.event.id, actorRole: "admin" });
  });
});

describe("a message being sent when the person is erased", () => {
  it("is blanked and marked undelivered; the worker's late answer changes nothing; the campaign still ends", async () => {
    const person = await registrantWithPhoto(t.app);
    const id = await idOf(person.registrationCode);
    const other = await createRegistration(t.db, { eventId: person.event.id, timeslotId: person.event.timeslots[0]!.id });
    const campaign = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: admin,
      payload: {
        eventId: person.event.id,
        registrationIds: [id, other.id],
        subject: "Hola",
        content: "Te esperamos.",
        isHtml: false,
      },
    });
    expect(campaign.statusCode).toBe(202);
    await t.app.ctx.campaignMessages.idle();
    // A worker claims everything due (committed: status 'sending') and starts talking to SMTP…
    const repository = createOutboxRepository(t.db, recordCampaignDeliveries);
    const claimed = await repository.claimDue(new Date(Date.now() + 1000), 100);
    const theirs = claimed.filter((m) => m.toAddress === person.body.email);
    expect(theirs.length).toBeGreaterThanOrEqual(2); // the verification and the campaign message

    // …the person is erased meanwhile…
    expect((await t.app.inject({ method: "POST", url: `/api/registrations/${id}/erase`, headers: admin })).statusCode).toBe(204);
    // …and the server's acceptance of every message is reported.
    const recorded = await repository.recordSent(
      claimed.map((row) => ({ row, smtpResponse: `250 OK ${row.toAddress}` })),
      new Date(),
    );
    for (const row of theirs) expect(recorded.has(row.id)).toBe(false);
    const after = await t.db.select().from(outboxMessages);
    for (const row of theirs)
      expect(after.find((m) => m.id === row.id)).toMatchObject({
        status: "undelivered",
        toAddress: "erased@erased.invalid",
        smtpResponse: null,
      });
    for (const needle of person.needles) expect(await cellsHolding(t.db, needle), needle).toEqual([]);
    const [ended] = await t.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.json().campaignId));
    expect(ended!.status).toBe("partial"); // one delivered, the erased person's counted failed
  });
});

describe("two minors with the same guardian", () => {
  it("erasing one leaves the other's guardian request alone (still to be sent)", async () => {
    const event = await createEvent(t.db);
    const guardianEmail = `madre-${Math.random().toString(36).slice(2)}@example.com`;
    const register = (fullName: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/registrations`,
        payload: registrationBody(event.timeslots[0]!.id, {
          fullName,
          dateOfBirth: seventeen(),
          guardianName: "Marta",
          guardianEmail,
        }),
      });
    const first = await register("Hermana Uno");
    const second = await register("Hermana Dos");
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const firstId = await idOf(first.json().registrationCode);
    expect((await t.app.inject({ method: "POST", url: `/api/registrations/${firstId}/erase`, headers: admin })).statusCode).toBe(
      204,
    );
    const toGuardian = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, guardianEmail));
    expect(toGuardian).toEqual([expect.objectContaining({ kind: "guardian_request", status: "pending" })]);
    expect(toGuardian[0]!.textBody).toContain("Hermana Dos");
    expect(await cellsHolding(t.db, "Hermana Uno")).toEqual([]);
  });
});

describe("a person registered in two events", () => {
  it("erasing one registration leaves the other's e-mail still to be sent, and blanks the erased one's", async () => {
    const email = `dos-eventos-${Math.random().toString(36).slice(2)}@example.com`;
    const codes: string[] = [];
    for (const event of [await createEvent(t.db), await createEvent(t.db)]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/public/events/${event.id}/registrations`,
        payload: registrationBody(event.timeslots[0]!.id, { email }),
      });
      expect(res.statusCode).toBe(201);
      codes.push(res.json().registrationCode);
    }
    const erased = await idOf(codes[0]!);
    expect((await t.app.inject({ method: "POST", url: `/api/registrations/${erased}/erase`, headers: admin })).statusCode).toBe(
      204,
    );
    const left = await t.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email));
    expect(left).toEqual([expect.objectContaining({ kind: "registration_verification", status: "pending" })]);
    expect(left[0]!.textBody).toContain(codes[1]);
    expect(await cellsHolding(t.db, codes[0]!)).toEqual([]);
  });
});
