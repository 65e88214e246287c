import type { ScoutingEvent } from "@common/schemas/events";
import { publicRegistrationSchema } from "@common/schemas/registration";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventTimeslots, modelRegistrations, scoutingEvents, waitlistEntries } from "../../db/schema";
import { createScheduler } from "../../jobs/scheduler";
import { zonedInstant } from "../../lib/calendar";
import { outboxFor, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { updateBodyFrom } from "../events/events.test-support";
import { cancelRegistration } from "../registrations/registrations.cancel";
import { createWaitlistService } from "./waitlist.service";
import { waitlistHelpers } from "./waitlist.test-support";

// Issue 19: the waiting list at the edges of an event's edit and of time, on both databases.
const t = useTestApp();
const { join, entryAction, cancelByLink, slotCounts, entriesByEmail, tokenFrom, fullEvent } = waitlistHelpers(t);
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await signedInAs(t.app, { role: "admin" })).headers;
});

const getEvent = async (id: string) => (await t.app.inject({ url: `/api/events/${id}`, headers })).json<ScoutingEvent>();
const putEvent = (id: string, payload: object) => t.app.inject({ method: "PUT", url: `/api/events/${id}`, headers, payload });
const statusOf = async (email: string) => (await entriesByEmail([email]))[0]!.status;
const lineUp = async (eventId: string, slotId: string, prefix: string, names = ["a", "b", "c"]) => {
  for (const name of names)
    expect((await join(eventId, registrationBody(slotId, { email: `${name}@${prefix}.test` }))).statusCode).toBe(201);
};

describe("an event edit", () => {
  it("refuses a capacity below the registrations and the spots offered (409), confirmed or not; the offer can still be accepted", async () => {
    const { event, slot, held } = await fullEvent(2);
    await lineUp(event.id, slot.id, "held");
    await cancelByLink(held[0]!.id);
    expect(await slotCounts(slot.id)).toEqual([1, 1]);
    const body = updateBodyFrom(await getEvent(event.id));
    body.timeslots[0] = { ...body.timeslots[0]!, capacity: 1 };

    for (const confirm of [false, true]) {
      const res = await putEvent(event.id, { ...body, confirmCapacityBelowRegistrations: confirm });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: "capacity_below_held_offers",
        message:
          "El cupo del horario 10:00 - 11:00 no puede ser menor que 2: tiene 1 registro y 1 lugar ofrecido a la lista de espera, reservados hasta que respondan o venza la oferta. No se guardó ningún cambio.",
      });
    }
    expect((await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slot.id)))[0]!.capacity).toBe(2);
    const accepted = await entryAction("accept", await tokenFrom("a@held.test", "waitlist_offer"));
    expect(accepted.statusCode).toBe(200);
    expect(await slotCounts(slot.id)).toEqual([2, 0]);
    // With no offer held, lowering below the registrations is the staff's confirmed decision again.
    expect((await putEvent(event.id, { ...body, confirmCapacityBelowRegistrations: true })).statusCode).toBe(200);
  });

  it("refuses to remove a slot people wait for (409 timeslot_has_waitlist), and keeps their places", async () => {
    const { event, held } = await fullEvent(1, 2);
    const [, evening] = (await getEvent(event.id)).timeslots;
    await lineUp(event.id, evening!.id, "removed", ["a", "b"]);
    // Its last registration deleted: the slot holds no registration, only an offer and a place in line.
    await t.app.inject({ method: "DELETE", url: `/api/registrations/${held[1]!.id}`, headers });
    expect(await statusOf("a@removed.test")).toBe("offered");
    const current = await getEvent(event.id);
    const res = await putEvent(event.id, updateBodyFrom({ ...current, timeslots: current.timeslots.slice(0, 1) }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "timeslot_has_waitlist",
      message:
        "No se puede eliminar el horario 11:00 - 12:00: 2 personas esperan un lugar en su lista de espera. No se guardó ningún cambio. Para eliminarlo, primero quitá a esas personas de la lista (Registros, pestaña Lista de espera).",
    });
    expect((await getEvent(event.id)).timeslots).toHaveLength(2);
    expect([await statusOf("a@removed.test"), await statusOf("b@removed.test")]).toEqual(["offered", "waiting"]);
  });

  it("adding a slot offers its spots to the event's line, oldest first, moving them to the new slot", async () => {
    const { event, slot } = await fullEvent();
    await lineUp(event.id, slot.id, "added");
    const current = await getEvent(event.id);
    const body = updateBodyFrom(current);
    const res = await putEvent(event.id, {
      ...body,
      timeslots: [...body.timeslots, { startTime: "15:00", endTime: "16:00", capacity: 2 }],
    });
    expect(res.statusCode).toBe(200);
    const added = res.json<ScoutingEvent>().timeslots.find((s) => s.startTime === "15:00")!;
    const line = await entriesByEmail(["a@added.test", "b@added.test", "c@added.test"]);
    expect(line.sort((x, y) => x.email.localeCompare(y.email)).map((e) => [e.status, e.timeslotId])).toEqual([
      ["offered", added.id],
      ["offered", added.id],
      ["waiting", slot.id],
    ]);
    expect(await slotCounts(added.id)).toEqual([0, 2]);
    const [offer] = (await outboxFor(t.db, "a@added.test")).filter((m) => m.kind === "waitlist_offer");
    expect(offer!.textBody).toContain("15:00");
  });
});

describe("joining a line", () => {
  it("of a slot an edit removes meanwhile: 400 on the slot field, never a server error", async () => {
    const { event } = await fullEvent(1, 2);
    const gone = event.timeslots[1]!;
    await t.db.delete(modelRegistrations).where(eq(modelRegistrations.timeslotId, gone.id));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let deleted!: () => void;
    const isDeleted = new Promise<void>((resolve) => (deleted = resolve));
    const edit = t.db.transaction(async (tx) => {
      await tx.delete(eventTimeslots).where(eq(eventTimeslots.id, gone.id));
      deleted();
      await released;
    });
    await isDeleted;
    const joining = join(event.id, registrationBody(gone.id, { email: "late@removed.test" }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await edit;
    const res = await joining;
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.timeslotId).toBeTruthy();
  });
});

describe("a slot's start (controllable clock)", () => {
  it("a hold expires at the slot's start at the latest, and a spot freed once it started is offered to nobody", async () => {
    const { event, slot, held } = await fullEvent(2, 1, "2031-10-10");
    await lineUp(event.id, slot.id, "start", ["a", "b"]);
    const starts = zonedInstant("2031-10-10", "10:00");
    const at = (minutes: number) => new Date(starts.getTime() + minutes * 60_000);

    await t.db.transaction((tx) => cancelRegistration(tx, t.config, held[0]!.id, "staff", at(-120)));
    const [a] = await entriesByEmail(["a@start.test"]);
    expect(a).toMatchObject({ status: "offered", offerExpiresAt: starts });

    const scheduler = createScheduler({ db: t.db, config: t.config, log: memoryLogger(), clock: () => at(1) });
    await scheduler.runOnce();
    expect([await statusOf("a@start.test"), await statusOf("b@start.test")]).toEqual(["expired", "waiting"]);
    expect(await slotCounts(slot.id)).toEqual([1, 0]);

    await t.db.transaction((tx) => cancelRegistration(tx, t.config, held[1]!.id, "staff", at(5)));
    expect(await statusOf("b@start.test")).toBe("waiting");
    expect(await slotCounts(slot.id)).toEqual([0, 0]);
  });

  it("a slot that started: an admin's offer by hand is refused (409), and its capacity is left alone", async () => {
    const { event, slot } = await fullEvent(1, 1);
    await lineUp(event.id, slot.id, "byhand", ["a"]);
    // The line was joined while the slot was ahead; the event's date has passed since.
    await t.db.update(scoutingEvents).set({ eventDate: "2026-01-05" }).where(eq(scoutingEvents.id, event.id));
    const [a] = await entriesByEmail(["a@byhand.test"]);
    const res = await t.app.inject({ method: "POST", url: `/api/events/${event.id}/waitlist/${a!.id}/offer`, headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("offer_unavailable");
    expect(await statusOf("a@byhand.test")).toBe("waiting");
    expect((await t.db.select().from(eventTimeslots).where(eq(eventTimeslots.id, slot.id)))[0]!.capacity).toBe(1);
  });

  it("joining the line of a slot that started (Buenos Aires time) is refused with 409 timeslot_started", async () => {
    const { event, slot } = await fullEvent(1, 1, "2031-10-10");
    const service = createWaitlistService({ db: t.db, config: t.config });
    const body = (email: string) => publicRegistrationSchema.parse(registrationBody(slot.id, { email }));
    // 10:00 in Buenos Aires (UTC−3) is 13:00 UTC: a minute before, the line is open.
    const joined = await service.join(event.id, body("before@start.test"), t.app.log, new Date("2031-10-10T12:59:00Z"));
    expect(joined).toEqual({ position: 1, email: "before@start.test" });
    for (const at of ["2031-10-10T13:00:00Z", "2031-10-10T15:30:00Z"]) {
      await expect(service.join(event.id, body("after@start.test"), t.app.log, new Date(at))).rejects.toMatchObject({
        statusCode: 409,
        code: "timeslot_started",
      });
    }
    expect(await entriesByEmail(["after@start.test"])).toEqual([]);
  });

  it("through the API: a started slot's line answers 409 on the slot field, and the public event marks it started", async () => {
    const past = await fullEvent(1, 1, "2026-01-05");
    const res = await join(past.event.id, registrationBody(past.slot.id, { email: "late@start.test" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "timeslot_started",
      message: "Este horario ya comenzó: su lista de espera está cerrada. Por favor elegí otro horario.",
      fields: { timeslotId: "Este horario ya comenzó: su lista de espera está cerrada. Por favor elegí otro horario." },
    });
    expect(await t.db.$count(waitlistEntries, eq(waitlistEntries.eventId, past.event.id))).toBe(0);
    const shown = async (id: string) => (await t.app.inject({ url: `/api/public/events/${id}` })).json().timeslots;
    expect(await shown(past.event.id)).toEqual([expect.objectContaining({ availableSpots: 0, started: true })]);
    const ahead = await fullEvent();
    expect(await shown(ahead.event.id)).toEqual([expect.objectContaining({ availableSpots: 0, started: false })]);
  });

  it("an edit moving a slot earlier cuts the offers it holds short: past the new start they cannot be accepted", async () => {
    const { event, slot, held } = await fullEvent(1, 1, "2031-10-20");
    await lineUp(event.id, slot.id, "earlier", ["a"]);
    await cancelByLink(held[0]!.id);
    expect(await statusOf("a@earlier.test")).toBe("offered");
    const res = await putEvent(event.id, updateBodyFrom(await getEvent(event.id), { eventDate: "2026-01-05" }));
    expect(res.statusCode).toBe(200);
    expect((await entriesByEmail(["a@earlier.test"]))[0]!.offerExpiresAt).toEqual(zonedInstant("2026-01-05", "10:00"));
    const late = await entryAction("accept", await tokenFrom("a@earlier.test", "waitlist_offer"));
    expect(late.json().error.code).toBe("offer_unavailable");
  });
});
