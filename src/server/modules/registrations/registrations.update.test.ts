import { describe, expect, it, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import type { RegistrationDetail, RegistrationEditInput } from "@common/schemas/registrations";
import { modelRegistrations } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
let member: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  member = (await signedInAs(t.app, { role: "member" })).headers;
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

async function fresh(slots = [{ capacity: 10 }, { capacity: 1 }]) {
  const event = await createEvent(t.db, { timeslots: slots });
  const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
  return { event, registration };
}

const patch = (id: string, body: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: "PATCH", url: `/api/registrations/${id}`, headers, payload: body as object });

const stored = async (id: string) => (await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, id)))[0]!;

function editForm(overrides: Partial<RegistrationEditInput> = {}): RegistrationEditInput {
  return {
    fullName: "Camila Ruiz",
    dateOfBirth: "2000-02-29",
    location: "Mendoza",
    email: "  Camila.Ruiz@Example.com ",
    phoneNumber: "0261 155-1234",
    height: 172,
    bust: null,
    waist: 61,
    hips: null,
    eyeColor: "Verde",
    instagramHandle: "@camiruiz",
    internationalWork: true,
    ...overrides,
    timeslotId: overrides.timeslotId ?? "",
  };
}

describe("liked, attended and rating", () => {
  it("are an admin's: a member is refused and nothing changes", async () => {
    const { registration } = await fresh();
    for (const body of [{ liked: true }, { attended: true }, { rating: 4 }, { rating: null }, { location: "X", liked: true }]) {
      const res = await patch(registration.id, body, member);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().error.code).toBe("forbidden");
    }
    const row = await stored(registration.id);
    expect([row.liked, row.attended, row.rating, row.location]).toEqual([false, false, null, registration.location]);
  });

  it("toggle and rate for an admin; a null rating clears it", async () => {
    const { registration } = await fresh();
    let res = await patch(registration.id, { liked: true, attended: true }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: registration.id, liked: true, attended: true, rating: null });
    res = await patch(registration.id, { rating: 4 }, admin);
    expect(res.json().rating).toBe(4);
    res = await patch(registration.id, { rating: null, liked: false }, admin);
    expect(res.json()).toMatchObject({ rating: null, liked: false, attended: true });
    expect((await stored(registration.id)).rating).toBeNull();
  });

  it("keep the rating within 1 to 5", async () => {
    const { registration } = await fresh();
    for (const rating of [0, 6, 2.5, "3"]) {
      const res = await patch(registration.id, { rating }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });
});

describe("editing a registration", () => {
  it("lets a member save the edit form, normalised, with the age recomputed from the birth date", async () => {
    const { event, registration } = await fresh();
    const res = await patch(registration.id, editForm({ timeslotId: event.timeslots[0]!.id }), member);
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(registration.id);
    expect(row).toMatchObject({
      fullName: "Camila Ruiz",
      dateOfBirth: "2000-02-29",
      email: "camila.ruiz@example.com",
      phoneNumber: "2611551234",
      bust: null,
      waist: 61,
      eyeColor: "Verde",
      instagramHandle: "camiruiz",
      internationalWork: true,
    });
    const today = new Date();
    const expectedAge = today.getFullYear() - 2000 - (today.getMonth() < 2 ? 1 : 0);
    expect(row.age).toBe(expectedAge);
  });

  it("refuses a missing required field and an out-of-bounds height", async () => {
    const { event, registration } = await fresh();
    const res = await patch(
      registration.id,
      editForm({ fullName: " ", height: 150, timeslotId: event.timeslots[0]!.id }),
      member,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
  });

  it("answers the registration with its event's slots and their spots", async () => {
    const { event, registration } = await fresh();
    const res = await t.app.inject({ method: "GET", url: `/api/registrations/${registration.id}`, headers: member });
    expect(res.statusCode).toBe(200);
    const body: RegistrationDetail = res.json();
    expect(body.event.id).toBe(event.id);
    expect(body.timeslots.map((s) => [s.id, s.capacity, s.availableSpots])).toEqual([
      [event.timeslots[0]!.id, 10, 9],
      [event.timeslots[1]!.id, 1, 1],
    ]);
    const missing = await t.app.inject({ method: "GET", url: `/api/registrations/${crypto.randomUUID()}`, headers: member });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a move into a full slot with 409 timeslot_full and keeps the registration where it was", async () => {
    const { event, registration } = await fresh();
    await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[1]!.id });
    const res = await patch(registration.id, { timeslotId: event.timeslots[1]!.id }, member);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("timeslot_full");
    expect((await stored(registration.id)).timeslotId).toBe(event.timeslots[0]!.id);
  });

  it("keeps the registration's own slot selectable even when that slot is full", async () => {
    const { event } = await fresh();
    const inFull = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[1]!.id });
    const res = await patch(inFull.id, editForm({ timeslotId: event.timeslots[1]!.id }), member);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("moves into a slot with room, and never into another event's slot", async () => {
    const { event, registration } = await fresh();
    const ok = await patch(registration.id, { timeslotId: event.timeslots[1]!.id }, member);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().timeslot.id).toBe(event.timeslots[1]!.id);
    const elsewhere = await createEvent(t.db);
    const res = await patch(registration.id, { timeslotId: elsewhere.timeslots[0]!.id }, member);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("timeslotId");
  });

  it("lets only one of two simultaneous moves take a slot's last spot", async () => {
    const { event, registration } = await fresh();
    const second = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    const target = event.timeslots[1]!.id;
    const results = await Promise.all([
      patch(registration.id, { timeslotId: target }, member),
      patch(second.id, { timeslotId: target }, member),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const inTarget = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.timeslotId, target));
    expect(inTarget).toHaveLength(1);
  });

  it("refuses an e-mail already registered for the same event with 409 duplicate_registration", async () => {
    const { event, registration } = await fresh();
    await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id, email: "taken@example.com" });
    const res = await patch(registration.id, { email: "TAKEN@example.com" }, member);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("duplicate_registration");
  });
});
