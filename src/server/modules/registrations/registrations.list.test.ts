import { describe, expect, it, beforeAll } from "vitest";
import type { RegistrationListResponse } from "@common/schemas/registrations";
import { emailCampaignRecipients, emailCampaigns, modelRegistrations } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { eq } from "drizzle-orm";

const t = useTestApp();
let headers: Record<string, string>;
let event: Awaited<ReturnType<typeof createEvent>>;
let other: Awaited<ReturnType<typeof createEvent>>;

async function list(query: string): Promise<RegistrationListResponse> {
  const res = await t.app.inject({ method: "GET", url: `/api/registrations?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (body: RegistrationListResponse) => body.items.map((i) => i.fullName);

beforeAll(async () => {
  ({ headers } = await signedInAs(t.app, { role: "member" }));
  event = await createEvent(t.db, { eventName: "Casting Otoño", timeslots: [{ capacity: 50 }, { capacity: 50 }] });
  other = await createEvent(t.db, { eventName: "Casting Primavera" });
  const slot = event.timeslots[0]!.id;
  const base = Date.UTC(2026, 0, 1);
  // Created one minute apart, so "newest first" is a known order.
  const people = [
    { fullName: "María José Peña", email: "mjpena@example.com", liked: true, attended: true, rating: 5 },
    { fullName: "Lucía Fernández", email: "lucia_f@example.com", liked: true, attended: false, rating: 3 },
    { fullName: "Sofía Gómez", email: "sofi100%@example.com", liked: false, attended: true, rating: 3 },
    { fullName: "Martina López", email: "martina@example.com", liked: false, attended: false, rating: null },
    { fullName: "Valentina Díaz", email: "vale@example.com", liked: false, attended: false, rating: 1 },
  ];
  for (const [index, person] of people.entries()) {
    await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: slot,
      createdAt: new Date(base + index * 60_000),
      ...person,
    });
  }
  for (let i = 0; i < 45; i++) {
    await createRegistration(t.db, {
      eventId: event.id,
      timeslotId: event.timeslots[1]!.id,
      fullName: `Relleno ${String(i).padStart(2, "0")}`,
      createdAt: new Date(base - (i + 1) * 60_000),
    });
  }
  await createRegistration(t.db, { eventId: other.id, timeslotId: other.timeslots[0]!.id, fullName: "María Otra" });
});

describe("GET /api/registrations", () => {
  it("pages an event's registrations newest first, with the total and the embedded event and slot", async () => {
    const body = await list(`eventId=${event.id}`);
    expect(body.total).toBe(50);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(20);
    expect(body.items).toHaveLength(20);
    expect(names(body).slice(0, 5)).toEqual([
      "Valentina Díaz",
      "Martina López",
      "Sofía Gómez",
      "Lucía Fernández",
      "María José Peña",
    ]);
    const first = body.items[0]!;
    expect(first.event).toEqual({
      id: event.id,
      eventName: "Casting Otoño",
      eventDate: event.eventDate,
      location: event.location,
    });
    expect(first.timeslot).toEqual({ id: event.timeslots[0]!.id, startTime: "10:00", endTime: "11:00" });
    expect(first.campaignCount).toBe(0);
  });

  it("serves the last page partly filled and an empty page past the end", async () => {
    const third = await list(`eventId=${event.id}&page=3&pageSize=20`);
    expect(third.items).toHaveLength(10);
    expect(third.items.at(-1)!.fullName).toBe("Relleno 44");
    const fifty = await list(`eventId=${event.id}&pageSize=50`);
    expect(fifty.items).toHaveLength(50);
    const beyond = await list(`eventId=${event.id}&page=9`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(50);
  });

  it("never repeats or skips a row across pages", async () => {
    const ids = new Set<string>();
    for (let page = 1; page <= 3; page++) (await list(`eventId=${event.id}&page=${page}`)).items.forEach((i) => ids.add(i.id));
    expect(ids.size).toBe(50);
  });

  it("filters by liked ('Seleccionadas'), attended ('Asistieron') and rating, together", async () => {
    expect(names(await list(`eventId=${event.id}&liked=true`))).toEqual(["Lucía Fernández", "María José Peña"]);
    expect(names(await list(`eventId=${event.id}&attended=true`))).toEqual(["Sofía Gómez", "María José Peña"]);
    expect(names(await list(`eventId=${event.id}&rating=3`))).toEqual(["Sofía Gómez", "Lucía Fernández"]);
    expect(names(await list(`eventId=${event.id}&liked=true&attended=true&rating=5`))).toEqual(["María José Peña"]);
    expect((await list(`eventId=${event.id}&liked=true&rating=1`)).total).toBe(0);
  });

  it("searches name or e-mail, case-insensitively, with accents", async () => {
    expect(names(await list(`eventId=${event.id}&q=${encodeURIComponent("PEÑA")}`))).toEqual(["María José Peña"]);
    expect(names(await list(`eventId=${event.id}&q=vale%40`))).toEqual(["Valentina Díaz"]);
    expect(names(await list(`eventId=${event.id}&q=${encodeURIComponent("maría")}`))).toEqual(["María José Peña"]);
    // Without an event, the search spans every event.
    expect(names(await list(`q=${encodeURIComponent("maría")}`)).sort()).toEqual(["María José Peña", "María Otra"]);
  });

  it("finds a registration by its code, with or without the dash, in any case (the door's rule too)", async () => {
    const [coded] = await t.db
      .update(modelRegistrations)
      .set({ registrationCode: "OC-3DHEMC" })
      .where(eq(modelRegistrations.fullName, "Martina López"))
      .returning();
    for (const typed of ["OC-3DHEMC", "oc-3dhemc", "OC3DHEMC", "3dhemc", " oc 3DHEMC "]) {
      const body = await list(`eventId=${event.id}&q=${encodeURIComponent(typed)}`);
      expect(names(body), typed).toEqual(["Martina López"]);
      expect(body.total, typed).toBe(1);
    }
    // Across events too, and never a near code.
    expect(names(await list(`q=oc3dhemc`))).toEqual(["Martina López"]);
    expect((await list(`eventId=${event.id}&q=OC-3DHEMD`)).total).toBe(0);
    expect(coded!.registrationCode).toBe("OC-3DHEMC");
  });

  it("takes % and _ in the search literally", async () => {
    expect(names(await list(`eventId=${event.id}&q=${encodeURIComponent("100%")}`))).toEqual(["Sofía Gómez"]);
    expect(names(await list(`eventId=${event.id}&q=${encodeURIComponent("%")}`))).toEqual(["Sofía Gómez"]);
    expect(names(await list(`eventId=${event.id}&q=${encodeURIComponent("a_f")}`))).toEqual(["Lucía Fernández"]);
    expect((await list(`eventId=${event.id}&q=${encodeURIComponent("_")}`)).total).toBe(1);
    expect((await list(`eventId=${event.id}&q=${encodeURIComponent("\\")}`)).total).toBe(0);
  });

  it("counts the campaigns of this event that included the registration", async () => {
    const [registration] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.fullName, "Martina López"));
    const campaigns = await t.db
      .insert(emailCampaigns)
      .values([
        { eventId: event.id, subject: "Uno", content: "x", recipientCount: 1 },
        { eventId: event.id, subject: "Dos", content: "x", recipientCount: 1 },
        { eventId: other.id, subject: "Otro evento", content: "x", recipientCount: 1 },
      ])
      .returning();
    await t.db.insert(emailCampaignRecipients).values(
      campaigns.map((c) => ({
        campaignId: c.id,
        registrationId: registration!.id,
        email: registration!.email,
        fullName: registration!.fullName,
      })),
    );
    const body = await list(`eventId=${event.id}&q=martina`);
    expect(body.items[0]!.campaignCount).toBe(2);
  });

  it("refuses malformed filters with validation_failed", async () => {
    for (const query of ["pageSize=30", "rating=6", "rating=0", "page=0", "eventId=nope", "liked=yes"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/registrations?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    }
  });
});
