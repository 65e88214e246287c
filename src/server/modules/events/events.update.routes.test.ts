import { beforeAll, describe, expect, it } from "vitest";
import type { ScoutingEvent } from "@common/schemas/events";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { updateBodyFrom } from "./events.test-support";

const t = useTestApp();
let headers: Record<string, string>;

beforeAll(async () => {
  headers = (await signedInAs(t.app, { role: "admin" })).headers;
});

const get = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/events/${id}`, headers })).json<ScoutingEvent>();
const put = (id: string, payload: object) => t.app.inject({ method: "PUT", url: `/api/events/${id}`, headers, payload });

describe("PUT /api/events/:id", () => {
  it("saves the fields and the status, keeping the Event ID", async () => {
    const event = await get((await createEvent(t.db)).id);
    const res = await put(
      event.id,
      updateBodyFrom(event, {
        eventName: "Casting renombrado",
        eventDate: "2026-04-01",
        location: "Palermo",
        description: "Nueva descripción",
        confirmationDetails: "Llegá temprano",
        status: "inactive",
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: event.id,
      scoutingId: event.scoutingId,
      eventName: "Casting renombrado",
      eventDate: "2026-04-01",
      location: "Palermo",
      description: "Nueva descripción",
      confirmationDetails: "Llegá temprano",
      status: "inactive",
    });
    expect(await get(event.id)).toEqual(res.json());
  });

  it("updates, adds and removes slots in one request", async () => {
    const created = await createEvent(t.db, { timeslots: [{}, {}, {}] });
    const event = await get(created.id);
    const [keep, drop, edit] = event.timeslots;
    const res = await put(
      event.id,
      updateBodyFrom(event, {
        timeslots: [
          { id: keep!.id, startTime: keep!.startTime, endTime: keep!.endTime, capacity: keep!.capacity },
          { id: edit!.id, startTime: "15:30", endTime: "16:45", capacity: 3 },
          { startTime: "18:00", endTime: "19:00", capacity: 10 },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const slots = res.json<ScoutingEvent>().timeslots;
    expect(slots.map((s) => s.id)).not.toContain(drop!.id);
    expect(slots).toEqual([
      keep,
      { id: edit!.id, startTime: "15:30", endTime: "16:45", capacity: 3, registrationCount: 0, availableSpots: 3 },
      { id: expect.any(String), startTime: "18:00", endTime: "19:00", capacity: 10, registrationCount: 0, availableSpots: 10 },
    ]);
  });

  it("refuses to remove a slot that holds registrations, naming it, and changes nothing", async () => {
    const created = await createEvent(t.db, {
      timeslots: [
        { startTime: "10:00", endTime: "11:00" },
        { startTime: "11:00", endTime: "12:00" },
      ],
    });
    await createRegistration(t.db, { eventId: created.id, timeslotId: created.timeslots[1]!.id });
    await createRegistration(t.db, { eventId: created.id, timeslotId: created.timeslots[1]!.id });
    const before = await get(created.id);
    const res = await put(
      created.id,
      updateBodyFrom(before, {
        eventName: "No debería guardarse",
        timeslots: [
          { id: before.timeslots[0]!.id, startTime: "09:00", endTime: "10:00", capacity: 2 },
          { startTime: "20:00", endTime: "21:00", capacity: 4 },
        ],
      }),
    );
    expect(res.statusCode).toBe(409);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe("timeslot_in_use");
    expect(error.message).toContain("11:00 - 12:00");
    expect(error.message).toContain("2 registros");
    expect(await get(created.id)).toEqual(before);
  });

  it("refuses a capacity below the registrations already held unless confirmed, then saves it with no spots left", async () => {
    const created = await createEvent(t.db, {
      eventDate: "2026-05-10",
      timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 5 }],
    });
    const slotId = created.timeslots[0]!.id;
    for (let i = 0; i < 3; i++) await createRegistration(t.db, { eventId: created.id, timeslotId: slotId });
    const event = await get(created.id);
    expect(event.timeslots[0]).toMatchObject({ capacity: 5, registrationCount: 3, availableSpots: 2 });
    expect(event.registrationCount).toBe(3);
    const lowered = updateBodyFrom(event, {
      eventName: "No se guarda",
      timeslots: [{ id: slotId, startTime: "10:00", endTime: "11:00", capacity: 1 }],
    });

    const refused = await put(event.id, lowered);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: "capacity_below_registrations",
        message:
          "El cupo del horario 10:00 - 11:00 es menor que sus 3 registros. Confirmá que querés dejarlo sobrevendido. No se guardó ningún cambio.",
      },
    });
    expect(await get(event.id)).toMatchObject({ eventName: event.eventName, timeslots: [{ capacity: 5 }] });

    const confirmed = await put(event.id, { ...lowered, confirmCapacityBelowRegistrations: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<ScoutingEvent>()).toMatchObject({
      eventName: "No se guarda",
      timeslots: [{ capacity: 1, registrationCount: 3, availableSpots: 0 }],
    });
  });

  it("needs no confirmation to keep a capacity at or above the registrations held", async () => {
    const created = await createEvent(t.db, { timeslots: [{ capacity: 5 }] });
    const slotId = created.timeslots[0]!.id;
    for (let i = 0; i < 3; i++) await createRegistration(t.db, { eventId: created.id, timeslotId: slotId });
    const event = await get(created.id);
    const res = await put(
      event.id,
      updateBodyFrom(event, { timeslots: [{ id: slotId, startTime: "10:00", endTime: "11:00", capacity: 3 }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<ScoutingEvent>().timeslots[0]).toMatchObject({ capacity: 3, availableSpots: 0 });
  });

  it("refuses a slot id of another event (or twice the same) and changes nothing", async () => {
    const mine = await get((await createEvent(t.db)).id);
    const other = await createEvent(t.db);
    for (const timeslots of [
      [{ id: other.timeslots[0]!.id, startTime: "10:00", endTime: "11:00", capacity: 1 }],
      [
        { id: mine.timeslots[0]!.id, startTime: "10:00", endTime: "11:00", capacity: 1 },
        { id: mine.timeslots[0]!.id, startTime: "12:00", endTime: "13:00", capacity: 1 },
      ],
    ]) {
      const res = await put(mine.id, updateBodyFrom(mine, { eventName: "x", timeslots }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
    expect(await get(mine.id)).toEqual(mine);
  });

  it("refuses to remove the last slot and an unknown status", async () => {
    const event = await get((await createEvent(t.db)).id);
    expect((await put(event.id, updateBodyFrom(event, { timeslots: [] }))).statusCode).toBe(400);
    expect((await put(event.id, { ...updateBodyFrom(event), status: "archived" })).statusCode).toBe(400);
    expect(await get(event.id)).toEqual(event);
  });

  it("answers 404 event_not_found for an unknown event", async () => {
    const event = await get((await createEvent(t.db)).id);
    const res = await put(
      "00000000-0000-4000-8000-000000000000",
      updateBodyFrom(event, { timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 1 }] }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("event_not_found");
  });
});
