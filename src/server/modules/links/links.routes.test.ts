/**
 * Tracked links (issue 38): POST/GET /api/events/:id/links, DELETE /api/links/:id, and the source a
 * registration stores (the link's slug, or utm_source), erased with the registration.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { createEvent, registrationBody, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();

async function asAdmin() {
  return (await signedInAs(t.app, { role: "admin" })).headers;
}

async function register(eventId: string, timeslotId: string, source?: string) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/public/events/${eventId}/registrations`,
    payload: registrationBody(timeslotId, source === undefined ? {} : { source }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db
    .select({ id: modelRegistrations.id, source: modelRegistrations.source })
    .from(modelRegistrations)
    .where(eq(modelRegistrations.registrationCode, res.json<{ registrationCode: string }>().registrationCode));
  return row!;
}

describe("tracked links (issue 38)", () => {
  it("creates links with a slug unique per event, lists them with their registrations, deletes them", async () => {
    const headers = await asAdmin();
    const event = await createEvent(t.db);
    const other = await createEvent(t.db);
    const create = (eventId: string, body: object) =>
      t.app.inject({ method: "POST", url: `/api/events/${eventId}/links`, headers, payload: body });

    const story = await create(event.id, { name: "Historia IG 12/3", slug: " Historia-IG " });
    expect(story.statusCode, story.body).toBe(201);
    expect(story.json()).toMatchObject({ eventId: event.id, name: "Historia IG 12/3", slug: "historia-ig", registrations: 0 });
    expect((await create(event.id, { name: "WhatsApp", slug: "whatsapp" })).statusCode).toBe(201);

    const taken = await create(event.id, { name: "Otra", slug: "historia-ig" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: "link_slug_taken", fields: { slug: expect.any(String) } });
    // Unique per event only.
    expect((await create(other.id, { name: "Historia", slug: "historia-ig" })).statusCode).toBe(201);
    const invalid = await create(event.id, { name: "", slug: "no válido" });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(["name", "slug"]);
    const unknownEvent = await create("6f1c2b7e-8d7a-4b1e-9a51-0f2a3c4d5e6f", { name: "X", slug: "x" });
    expect(unknownEvent.statusCode).toBe(404);

    // Two through the story, one through WhatsApp, one by utm_source, one with no source; one cancelled.
    const slot = event.timeslots[0]!.id;
    await register(event.id, slot, "historia-ig");
    const cancelled = await register(event.id, slot, "historia-ig");
    await t.db
      .update(modelRegistrations)
      .set({ status: "cancelled", cancelledAt: new Date() })
      .where(eq(modelRegistrations.id, cancelled.id));
    await register(event.id, slot, "historia-ig");
    await register(event.id, slot, "whatsapp");
    expect((await register(event.id, slot, "  newsletter ")).source).toBe("newsletter");
    expect((await register(event.id, slot)).source).toBeNull();
    // The other event's link of the same slug counts its own event only.
    await register(other.id, other.timeslots[0]!.id, "historia-ig");

    const list = await t.app.inject({ url: `/api/events/${event.id}/links`, headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { slug: string; registrations: number }) => [l.slug, l.registrations])).toEqual([
      ["historia-ig", 2],
      ["whatsapp", 1],
    ]);

    const whatsapp = list.json()[1] as { id: string };
    expect((await t.app.inject({ method: "DELETE", url: `/api/links/${whatsapp.id}`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: `/api/links/${whatsapp.id}`, headers })).json().error.code).toBe(
      "link_not_found",
    );
    const after = await t.app.inject({ url: `/api/events/${event.id}/links`, headers });
    expect(after.json().map((l: { slug: string }) => l.slug)).toEqual(["historia-ig"]);
    // The registration keeps its source.
    const kept = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.source, "whatsapp"));
    expect(kept).toHaveLength(1);
  });

  it("a registration's source is erased with it", async () => {
    const headers = await asAdmin();
    const event = await createEvent(t.db);
    const row = await register(event.id, event.timeslots[0]!.id, "afiche-escuela");
    expect(row.source).toBe("afiche-escuela");
    const erase = await t.app.inject({ method: "POST", url: `/api/registrations/${row.id}/erase`, headers });
    expect(erase.statusCode).toBe(204);
    expect(await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.source, "afiche-escuela"))).toEqual([]);
  });

  it("refuses a source longer than 100 characters", async () => {
    const event = await createEvent(t.db);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/public/events/${event.id}/registrations`,
      payload: registrationBody(event.timeslots[0]!.id, { source: "x".repeat(101) }),
    });
    expect(res.statusCode).toBe(400);
  });
});
