import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventTimeslots, outboxMessages, waitlistEntries } from "../../db/schema";
import { createScheduler } from "../../jobs/scheduler";
import { registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { expireOffers } from "./waitlist.offers";
import { waitlistHelpers } from "./waitlist.test-support";

// Issue 19: one freed spot is never offered twice at the same time, and offers follow the line, on
// both databases (on PGlite the concurrent work serialises on its one connection).
const t = useTestApp();
const { join, cancelByLink, slotCounts, entriesByEmail, fullEvent } = waitlistHelpers(t);

const schedulerAt = (now: Date) => createScheduler({ db: t.db, config: t.config, log: memoryLogger(), clock: () => now });

/** `count` people joining the slot's line one after the other: their e-mails, first in line first. */
async function lineUp(eventId: string, slotId: string, prefix: string, count: number) {
  const emails = Array.from({ length: count }, (_, i) => `p${String(i).padStart(2, "0")}@${prefix}.test`);
  for (const email of emails) expect((await join(eventId, registrationBody(slotId, { email }))).statusCode).toBe(201);
  return emails;
}

/** The slot's line in order (first come, first served): each entry's e-mail and status. */
async function lineOf(slotId: string) {
  const rows = await t.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.timeslotId, slotId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  return rows.map((row) => [row.email, row.status]);
}

/** How many offer e-mails each of these addresses was sent. */
async function offerMailsTo(emails: string[]) {
  const mails = await t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, "waitlist_offer"), inArray(outboxMessages.toAddress, emails)));
  return Object.fromEntries(emails.map((email) => [email, mails.filter((m) => m.toAddress === email).length]));
}

/** Live offers of the slot agree with the spots it holds, and never exceed its free room. */
async function expectOffersWithinRoom(slotId: string, liveOffers: number) {
  const [slot] = await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slotId));
  const offered = await t.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.timeslotId, slotId), eq(waitlistEntries.status, "offered")));
  expect(offered).toHaveLength(liveOffers);
  expect(slot!.heldCount).toBe(liveOffers);
  expect(slot!.registeredCount + slot!.heldCount).toBeLessThanOrEqual(slot!.capacity);
  // Each live offer its own hold: no two share a link.
  expect(new Set(offered.map((e) => e.offerTokenHash)).size).toBe(liveOffers);
}

/** The latest hold among these entries: at that instant every one of their offers is due. */
async function lastExpiry(emails: string[]) {
  const times = (await entriesByEmail(emails)).map((e) => e.offerExpiresAt!.getTime());
  return new Date(Math.max(...times));
}

describe("a freed spot is offered once", () => {
  it("two scheduler passes at once (two processes): each expired offer's spot goes to one person, the next in line", async () => {
    const { event, slot, held } = await fullEvent(3);
    const emails = await lineUp(event.id, slot.id, "passes", 7);
    for (const registration of held) expect((await cancelByLink(registration.id)).statusCode).toBe(200);
    const firstOffers = emails.slice(0, 3);
    const now = await lastExpiry(firstOffers);

    const passes = await Promise.all([schedulerAt(now).runOnce(), schedulerAt(now).runOnce()]);
    expect(passes[0].expired + passes[1].expired).toBe(3);

    expect(await lineOf(slot.id)).toEqual([
      ...firstOffers.map((email) => [email, "expired"]),
      ...emails.slice(3, 6).map((email) => [email, "offered"]),
      [emails[6], "waiting"],
    ]);
    expect(await slotCounts(slot.id)).toEqual([0, 3]);
    await expectOffersWithinRoom(slot.id, 3);
    // One offer e-mail per offer: none twice, none to the one still waiting.
    expect(await offerMailsTo(emails)).toEqual(Object.fromEntries(emails.map((email, i) => [email, i < 6 ? 1 : 0])));
    // Nothing is left due at that instant: a third pass finds nothing to pass on.
    expect((await schedulerAt(now).runOnce()).expired).toBe(0);
    expect(await offerMailsTo(emails)).toEqual(Object.fromEntries(emails.map((email, i) => [email, i < 6 ? 1 : 0])));
  });

  it("several workers each expiring one offer of the same slot at once: the spots go to the next in line, one each", async () => {
    const { event, slot, held } = await fullEvent(5);
    const emails = await lineUp(event.id, slot.id, "workers", 12);
    for (const registration of held) expect((await cancelByLink(registration.id)).statusCode).toBe(200);
    const now = await lastExpiry(emails.slice(0, 5));

    // Batches of one: every worker claims a different offer, and all of them offer the slot's room.
    const drain = async () => {
      let expired = 0;
      for (let n; (n = await expireOffers(t.db, t.config, now, 1)) > 0;) expired += n;
      return expired;
    };
    const expired = await Promise.all(Array.from({ length: 5 }, drain));
    expect(expired.reduce((a, b) => a + b, 0)).toBe(5);

    expect(await lineOf(slot.id)).toEqual([
      ...emails.slice(0, 5).map((email) => [email, "expired"]),
      ...emails.slice(5, 10).map((email) => [email, "offered"]),
      ...emails.slice(10).map((email) => [email, "waiting"]),
    ]);
    expect(await slotCounts(slot.id)).toEqual([0, 5]);
    await expectOffersWithinRoom(slot.id, 5);
    expect(await offerMailsTo(emails)).toEqual(Object.fromEntries(emails.map((email, i) => [email, i < 10 ? 1 : 0])));
  });

  it("an offer expiring while a cancellation frees another spot of the slot: two spots, the next two in line, once each", async () => {
    const { event, slot, held } = await fullEvent(2);
    const emails = await lineUp(event.id, slot.id, "race", 4);
    expect((await cancelByLink(held[0]!.id)).statusCode).toBe(200);
    expect(await lineOf(slot.id)).toEqual([[emails[0], "offered"], ...emails.slice(1).map((email) => [email, "waiting"])]);
    // The instant the first offer's hold ends: the offer the cancellation makes (held from the real
    // clock, later) is not yet due, so the pass cannot pass that one on too.
    const now = await lastExpiry([emails[0]!]);

    const [pass, cancelled] = await Promise.all([schedulerAt(now).runOnce(), cancelByLink(held[1]!.id)]);
    expect(cancelled.statusCode).toBe(200);
    expect(pass.expired).toBe(1);

    expect(await lineOf(slot.id)).toEqual([
      [emails[0], "expired"],
      [emails[1], "offered"],
      [emails[2], "offered"],
      [emails[3], "waiting"],
    ]);
    expect(await slotCounts(slot.id)).toEqual([0, 2]);
    await expectOffersWithinRoom(slot.id, 2);
    expect(await offerMailsTo(emails)).toEqual({ [emails[0]!]: 1, [emails[1]!]: 1, [emails[2]!]: 1, [emails[3]!]: 0 });
  });

  it("ten people joining at once the line of a slot with one spot free: one is offered it, nine wait in line", async () => {
    const { event, slot, held } = await fullEvent(2);
    expect((await cancelByLink(held[0]!.id)).statusCode).toBe(200);
    expect(await slotCounts(slot.id)).toEqual([1, 0]);
    const emails = Array.from({ length: 10 }, (_, i) => `p${String(i).padStart(2, "0")}@joins.test`);

    const responses = await Promise.all(emails.map((email) => join(event.id, registrationBody(slot.id, { email }))));
    expect(responses.map((res) => res.statusCode)).toEqual(emails.map(() => 201));
    // Position 0: offered at once, for one of them; the others are in the line behind.
    const positions = responses.map((res) => res.json().position as number);
    expect(positions.filter((position) => position === 0)).toHaveLength(1);
    expect(positions.filter((position) => position >= 1)).toHaveLength(9);

    const winner = emails[positions.indexOf(0)]!;
    const line = await lineOf(slot.id);
    expect(line.filter(([, status]) => status === "offered")).toEqual([[winner, "offered"]]);
    expect(line.filter(([, status]) => status === "waiting")).toHaveLength(9);
    // Each waiting person was told their own place, the one the line gives them.
    const waiting = line.filter(([, status]) => status === "waiting").map(([email]) => email);
    expect(waiting.map((email) => positions[emails.indexOf(email!)])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await slotCounts(slot.id)).toEqual([1, 1]);
    await expectOffersWithinRoom(slot.id, 1);
    expect(await offerMailsTo(emails)).toEqual(Object.fromEntries(emails.map((email) => [email, email === winner ? 1 : 0])));
  });

  it("ten people joining at once the line of a full slot: all are taken in, in line, and nobody is offered a spot", async () => {
    const { event, slot } = await fullEvent(1);
    const emails = Array.from({ length: 10 }, (_, i) => `p${String(i).padStart(2, "0")}@full.test`);

    const responses = await Promise.all(emails.map((email) => join(event.id, registrationBody(slot.id, { email }))));
    expect(responses.map((res) => res.statusCode)).toEqual(emails.map(() => 201));
    const positions = responses.map((res) => res.json().position as number);

    const line = await lineOf(slot.id);
    expect(line).toHaveLength(10);
    expect(line.every(([, status]) => status === "waiting")).toBe(true);
    // Nobody told the same place as another: each the place the line gives them, 1 to 10.
    expect(line.map(([email]) => positions[emails.indexOf(email!)])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await slotCounts(slot.id)).toEqual([1, 0]);
    await expectOffersWithinRoom(slot.id, 0);
    expect(await offerMailsTo(emails)).toEqual(Object.fromEntries(emails.map((email) => [email, 0])));
  });
});
