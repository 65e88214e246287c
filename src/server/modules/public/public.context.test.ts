import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventTimeslots, scoutingEvents } from "../../db/schema";
import { createEvent, registrationBody } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// The registration path remembers an event's e-mail wording for a second (REGISTRATION_CONTEXT_TTL_MS);
// what decides a registration is read fresh by its statement every time.
const t = useTestApp();

const register = (eventId: string, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/public/events/${eventId}/registrations`, payload: body });

describe("a registration right after the event changed", () => {
  it("is refused as soon as the event is made inactive", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 5 }] });
    expect((await register(event.id, registrationBody(event.timeslots[0]!.id))).statusCode).toBe(201);
    await t.db.update(scoutingEvents).set({ status: "inactive" }).where(eq(scoutingEvents.id, event.id));

    const res = await register(event.id, registrationBody(event.timeslots[0]!.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("event_not_found");
  });

  it("is taken into a slot added a moment ago", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 5 }] });
    expect((await register(event.id, registrationBody(event.timeslots[0]!.id))).statusCode).toBe(201);
    const [added] = await t.db
      .insert(eventTimeslots)
      .values({ eventId: event.id, startTime: "18:00", endTime: "19:00", capacity: 2 })
      .returning();

    const res = await register(event.id, registrationBody(added!.id));
    expect(res.statusCode).toBe(201);
  });

  it("is refused when the slot was removed a moment ago", async () => {
    const event = await createEvent(t.db, { timeslots: [{ capacity: 5 }, { capacity: 5 }] });
    const [kept, removed] = event.timeslots as [(typeof event.timeslots)[0], (typeof event.timeslots)[0]];
    expect((await register(event.id, registrationBody(kept.id))).statusCode).toBe(201);
    await t.db.delete(eventTimeslots).where(eq(eventTimeslots.id, removed.id));

    const res = await register(event.id, registrationBody(removed.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("event_not_found");
  });
});
