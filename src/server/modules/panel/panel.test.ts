import type { RegistrationListItem, RegistrationListResponse } from "@common/schemas/registrations";
import type { RegistrationPanel, RelatedResponse, Tag } from "@common/schemas/panel";
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailCampaignRecipients, modelRegistrations } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
type Headers = Record<string, string>;
let member: { headers: Headers; user: { id: string; name: string } };
let admin: { headers: Headers; user: { id: string; name: string } };
let superadmin: { headers: Headers; user: { id: string; name: string } };
let event: Awaited<ReturnType<typeof createEvent>>;

/** A phone no other registration shares (the factory's default is the same for everyone). */
const phone = () => `11${String(randomInt(10_000_000, 99_999_999))}`;
const register = (
  eventRow: Awaited<ReturnType<typeof createEvent>>,
  values: Partial<typeof modelRegistrations.$inferInsert> = {},
) => createRegistration(t.db, { eventId: eventRow.id, timeslotId: eventRow.timeslots[0]!.id, phoneNumber: phone(), ...values });

async function call<T>(
  headers: Headers,
  method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  status = 200,
) {
  const res = await t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

const list = (headers: Headers, query: string) =>
  call<RegistrationListResponse>(headers, "GET", `/api/registrations?eventId=${event.id}&${query}`);
const names = (body: RegistrationListResponse) => body.items.map((item) => item.fullName).sort();

beforeAll(async () => {
  member = await signedInAs(t.app, { role: "member", name: "Ana Miembro" });
  admin = await signedInAs(t.app, { role: "admin", name: "Beto Admin" });
  superadmin = await signedInAs(t.app, { role: "superadmin", name: "Carla Super" });
  event = await createEvent(t.db, { eventName: "Casting Panel", timeslots: [{ capacity: 100 }] });
});

describe("panel scores", () => {
  it("three staff score: average, count and spread for all, 'mine' for each", async () => {
    const registration = await register(event, { fullName: "Paula Puntaje" });
    const url = `/api/registrations/${registration.id}/my-score`;
    await call(member.headers, "PUT", url, { score: 5, note: "Gran presencia" });
    await call(admin.headers, "PUT", url, { score: 2 });
    const last = await call<RegistrationListItem>(superadmin.headers, "PUT", url, { score: 4, note: "  " });
    expect(last.panel).toEqual({ average: 3.67, count: 3, spread: 3, mine: 4 });

    const seen = async (headers: Headers) =>
      (await list(headers, "q=paula")).items.find((item) => item.id === registration.id)!.panel;
    expect(await seen(member.headers)).toEqual({ average: 3.67, count: 3, spread: 3, mine: 5 });
    expect(await seen(admin.headers)).toEqual({ average: 3.67, count: 3, spread: 3, mine: 2 });

    // A second score by the same person replaces the first.
    const again = await call<RegistrationListItem>(admin.headers, "PUT", url, { score: 4 });
    expect(again.panel).toEqual({ average: 4.33, count: 3, spread: 1, mine: 4 });

    // A score without a note keeps the note; an empty note clears it.
    await call(member.headers, "PUT", url, { score: 5 });
    await call(superadmin.headers, "PUT", url, { score: 4, note: "Para borrar" });
    await call(superadmin.headers, "PUT", url, { score: 4, note: "" });
    // Notes with their authors and times; an empty note is no note.
    const panel = await call<RegistrationPanel>(member.headers, "GET", `/api/registrations/${registration.id}/panel`);
    expect(panel.panel.mine).toBe(5);
    expect(panel.myNote).toBe("Gran presencia");
    expect(panel.notes).toEqual([
      { author: { id: member.user.id, name: "Ana Miembro" }, note: "Gran presencia", updatedAt: expect.any(String), mine: true },
    ]);
  });

  it("scores at once keep the panel's count right", async () => {
    const registration = await register(event, { fullName: "Rita Rafaga" });
    const url = `/api/registrations/${registration.id}/my-score`;
    await Promise.all([
      call(member.headers, "PUT", url, { score: 1 }),
      call(admin.headers, "PUT", url, { score: 3 }),
      call(superadmin.headers, "PUT", url, { score: 5 }),
    ]);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, registration.id));
    expect([row!.panelCount, row!.panelSum, row!.panelMin, row!.panelMax, row!.panelAverage]).toEqual([3, 9, 1, 5, 3]);
  });

  it("a deleted staff member's score leaves the panel", async () => {
    const leaving = await signedInAs(t.app, { role: "member" });
    const registration = await register(event, { fullName: "Dora Baja" });
    const url = `/api/registrations/${registration.id}/my-score`;
    await call(admin.headers, "PUT", url, { score: 4 });
    await call(leaving.headers, "PUT", url, { score: 1, note: "No" });
    await call(superadmin.headers, "DELETE", `/api/users/${leaving.user.id}`, undefined, 204);
    const [row] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, registration.id));
    expect([row!.panelCount, row!.panelSum, row!.panelMin, row!.panelMax, row!.panelAverage]).toEqual([1, 4, 4, 4, 4]);
  });

  it("members score, but the official rating stays an admin's", async () => {
    const registration = await register(event);
    await call(member.headers, "PUT", `/api/registrations/${registration.id}/my-score`, { score: 3 });
    await call(member.headers, "PATCH", `/api/registrations/${registration.id}`, { rating: 3 }, 403);
    await call(member.headers, "PUT", `/api/registrations/${registration.id}/my-score`, { score: 6 }, 400);
    await call(member.headers, "PUT", `/api/registrations/00000000-0000-4000-8000-000000000000/my-score`, { score: 3 }, 404);
  });
});

describe("stages", () => {
  it("admins move a registration; each move is recorded with who and when; members are refused", async () => {
    const registration = await register(event, { fullName: "Sara Etapa" });
    const url = `/api/registrations/${registration.id}/stage`;
    await call(member.headers, "POST", url, { stage: "shortlisted" }, 403);
    expect((await call<RegistrationListItem>(admin.headers, "POST", url, { stage: "shortlisted" })).stage).toBe("shortlisted");
    expect((await call<RegistrationListItem>(superadmin.headers, "POST", url, { stage: "signed" })).stage).toBe("signed");
    await call(admin.headers, "POST", url, { stage: "signed" }); // no move: nothing recorded
    await call(admin.headers, "POST", url, { stage: "unknown" }, 400);
    const panel = await call<RegistrationPanel>(member.headers, "GET", `/api/registrations/${registration.id}/panel`);
    expect(panel.stageHistory).toEqual([
      { from: "shortlisted", to: "signed", by: { id: superadmin.user.id, name: "Carla Super" }, at: expect.any(String) },
      { from: "new", to: "shortlisted", by: { id: admin.user.id, name: "Beto Admin" }, at: expect.any(String) },
    ]);
  });
});

describe("list filters and sorts", () => {
  let own: Awaited<ReturnType<typeof createEvent>>;
  beforeAll(async () => {
    own = await createEvent(t.db, { eventName: "Casting Filtros", timeslots: [{ capacity: 100 }] });
    const a = await register(own, { fullName: "Filtro Alta" });
    const b = await register(own, { fullName: "Filtro Media" });
    await register(own, { fullName: "Filtro Nada" });
    await call(member.headers, "PUT", `/api/registrations/${a.id}/my-score`, { score: 5 });
    await call(admin.headers, "PUT", `/api/registrations/${a.id}/my-score`, { score: 4 });
    await call(admin.headers, "PUT", `/api/registrations/${b.id}/my-score`, { score: 3 });
    await call(admin.headers, "POST", `/api/registrations/${b.id}/stage`, { stage: "callback" });
  });
  const ownList = (headers: Headers, query: string) =>
    call<RegistrationListResponse>(headers, "GET", `/api/registrations?eventId=${own.id}&${query}`);

  it("by stage, by lowest panel average, and 'not yet scored by me'", async () => {
    expect(names(await ownList(member.headers, "stage=callback"))).toEqual(["Filtro Media"]);
    expect(names(await ownList(member.headers, "stage=new"))).toEqual(["Filtro Alta", "Filtro Nada"]);
    expect(names(await ownList(member.headers, "panelMin=4"))).toEqual(["Filtro Alta"]);
    expect(names(await ownList(member.headers, "unscoredByMe=true"))).toEqual(["Filtro Media", "Filtro Nada"]);
    expect(names(await ownList(admin.headers, "unscoredByMe=true"))).toEqual(["Filtro Nada"]);
    expect((await ownList(admin.headers, "unscoredByMe=true")).total).toBe(1);
  });

  it("leaves out the cancelled and the unverified when asked (what the fast review goes through)", async () => {
    const quiet = await createEvent(t.db, { eventName: "Casting Confirmadas", timeslots: [{ capacity: 10 }] });
    await register(quiet, { fullName: "Confirmada", status: "confirmed", emailVerified: true });
    await register(quiet, { fullName: "Sin verificar", status: "pending", emailVerified: false });
    await register(quiet, { fullName: "Cancelada", status: "cancelled", cancelledAt: new Date(), emailVerified: true });
    const all = await call<RegistrationListResponse>(member.headers, "GET", `/api/registrations?eventId=${quiet.id}`);
    expect(names(all)).toEqual(["Cancelada", "Confirmada", "Sin verificar"]);
    const confirmed = await call<RegistrationListResponse>(
      member.headers,
      "GET",
      `/api/registrations?eventId=${quiet.id}&hideUnconfirmed=true`,
    );
    expect(names(confirmed)).toEqual(["Confirmada"]);
    expect(confirmed.total).toBe(1);
    await call(member.headers, "GET", `/api/registrations?eventId=${quiet.id}&hideUnconfirmed=yes`, undefined, 400);
  });

  it("sorts by the panel's average, best first, unscored last", async () => {
    const body = await ownList(member.headers, "sort=panel");
    expect(body.items.map((item) => [item.fullName, item.panel.average])).toEqual([
      ["Filtro Alta", 4.5],
      ["Filtro Media", 3],
      ["Filtro Nada", null],
    ]);
  });
});

describe("tags", () => {
  it("admins define them, staff tag registrants, the list filters by tag and the CSV names them", async () => {
    await call(member.headers, "POST", "/api/tags", { name: "Editorial" }, 403);
    const editorial = await call<Tag>(admin.headers, "POST", "/api/tags", { name: "Editorial" }, 201);
    const runway = await call<Tag>(admin.headers, "POST", "/api/tags", { name: "Pasarela" }, 201);
    await call(admin.headers, "POST", "/api/tags", { name: " editorial " }, 409);
    await call(admin.headers, "POST", "/api/tags", { name: "" }, 400);
    const renamed = await call<Tag>(admin.headers, "PATCH", `/api/tags/${runway.id}`, { name: "Runway" });
    expect(renamed).toEqual({ id: runway.id, name: "Runway" });
    const { items } = await call<{ items: Tag[] }>(member.headers, "GET", "/api/tags");
    expect(items.map((tag) => tag.name)).toEqual(expect.arrayContaining(["Editorial", "Runway"]));

    const tagged = await register(event, { fullName: "Tania Tag" });
    await register(event, { fullName: "Tomas Sintag" });
    const after = await call<RegistrationListItem>(member.headers, "PUT", `/api/registrations/${tagged.id}/tags`, {
      tagIds: [runway.id, editorial.id],
    });
    expect(after.tags).toEqual([
      { id: editorial.id, name: "Editorial" },
      { id: runway.id, name: "Runway" },
    ]);
    await call(
      member.headers,
      "PUT",
      `/api/registrations/${tagged.id}/tags`,
      { tagIds: ["00000000-0000-4000-8000-000000000000"] },
      400,
    );

    expect(names(await list(member.headers, `tag=${editorial.id}`))).toEqual(["Tania Tag"]);

    const csv = await t.app.inject({
      method: "GET",
      url: `/api/registrations/export.csv?eventId=${event.id}&tag=${editorial.id}`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain(",Stage,Tags,Panel Average,");
    expect(line).toContain("Tania Tag");
    // The stage as the agency reads it, the tags by name, no panel average yet.
    expect(line).toContain(",Nuevo,Editorial; Runway,,");

    // Untagging: the whole set; deleting a tag takes it off every registrant.
    await call(member.headers, "PUT", `/api/registrations/${tagged.id}/tags`, { tagIds: [runway.id] });
    expect(names(await list(member.headers, `tag=${editorial.id}`))).toEqual([]);
    await call(member.headers, "DELETE", `/api/tags/${runway.id}`, undefined, 403);
    await call(admin.headers, "DELETE", `/api/tags/${runway.id}`, undefined, 204);
    await call(admin.headers, "DELETE", `/api/tags/${runway.id}`, undefined, 404);
    const listed = (await list(member.headers, "q=tania")).items[0]!;
    expect(listed.tags).toEqual([]);
  });
});

describe("related registrations", () => {
  it("finds the same person by e-mail, by phone and by name with birth date, never by a shared first name", async () => {
    const other = await createEvent(t.db, { eventName: "Casting Rosario", timeslots: [{ capacity: 50 }] });
    const third = await createEvent(t.db, { eventName: "Casting Córdoba", timeslots: [{ capacity: 50 }] });
    const person = await register(event, {
      fullName: "Julieta Vera",
      email: "julieta.vera@example.com",
      phoneNumber: "1144445555",
      dateOfBirth: "2003-02-01",
    });
    const byEmail = await register(other, { fullName: "Juli V.", email: "julieta.vera@example.com", dateOfBirth: "2003-02-02" });
    // The same number written with the country code and the mobile 9.
    const byPhone = await register(third, { fullName: "J. Vera", phoneNumber: "5491144445555", dateOfBirth: "2001-01-01" });
    const byName = await register(other, { fullName: "  julieta   VERA ", email: "otra@example.com", dateOfBirth: "2003-02-01" });
    // Same first name, same birth date, other surname: someone else.
    await register(other, { fullName: "Julieta Ramos", dateOfBirth: "2003-02-01" });
    // Same name, other birth date: someone else.
    await register(third, { fullName: "Julieta Vera", dateOfBirth: "1999-09-09" });
    await call(admin.headers, "POST", `/api/registrations/${byEmail.id}/stage`, { stage: "callback" });

    const related = await call<RelatedResponse>(member.headers, "GET", `/api/registrations/${person.id}/related`);
    const found = Object.fromEntries(related.items.map((item) => [item.id, item]));
    expect(Object.keys(found).sort()).toEqual([byEmail.id, byPhone.id, byName.id].sort());
    expect(found[byEmail.id]).toMatchObject({ matchedBy: ["email"], eventName: "Casting Rosario", stage: "callback" });
    expect(found[byPhone.id]).toMatchObject({ matchedBy: ["phone"], eventName: "Casting Córdoba", stage: "new" });
    expect(found[byName.id]).toMatchObject({ matchedBy: ["nameAndBirthDate"], eventName: "Casting Rosario" });

    // The row names the other events, their dates and stage, who was found there and by what.
    const row = (await list(member.headers, "q=julieta.vera@")).items.find((item) => item.id === person.id)!;
    expect(row.related.map((item) => [item.eventName, item.eventDate, item.fullName, item.matchedBy, item.stage]).sort()).toEqual(
      [
        ["Casting Córdoba", third.eventDate, "J. Vera", ["phone"], "new"],
        ["Casting Rosario", other.eventDate, "  julieta   VERA ", ["nameAndBirthDate"], "new"],
        ["Casting Rosario", other.eventDate, "Juli V.", ["email"], "callback"],
      ],
    );

    // And from the other side, the link holds.
    const back = await call<RelatedResponse>(member.headers, "GET", `/api/registrations/${byPhone.id}/related`);
    expect(back.items.map((item) => item.id)).toEqual([person.id]);
    await call(member.headers, "GET", `/api/registrations/00000000-0000-4000-8000-000000000000/related`, undefined, 404);
  });
});

describe("campaigns to a stage", () => {
  it("sends to every registration of the event in that stage", async () => {
    const own = await createEvent(t.db, { eventName: "Casting Campaña", timeslots: [{ capacity: 20 }] });
    const a = await register(own, { fullName: "Camila Callback" });
    const b = await register(own, { fullName: "Carlos Callback" });
    await register(own, { fullName: "Nadia Nueva" });
    for (const r of [a, b]) await call(admin.headers, "POST", `/api/registrations/${r.id}/stage`, { stage: "callback" });
    const message = { subject: "Callback", content: "Te esperamos", isHtml: false, eventId: own.id };
    const sent = await call<{ campaignId: string }>(
      admin.headers,
      "POST",
      "/api/campaigns",
      { ...message, stage: "callback" },
      202,
    );
    const recipients = await t.db
      .select({ registrationId: emailCampaignRecipients.registrationId })
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, sent.campaignId));
    expect(recipients.map((r) => r.registrationId).sort()).toEqual([a.id, b.id].sort());
    await call(admin.headers, "POST", "/api/campaigns", { ...message, stage: "signed" }, 400);
    await call(admin.headers, "POST", "/api/campaigns", { ...message, stage: "callback", registrationIds: [a.id] }, 400);
    await call(admin.headers, "POST", "/api/campaigns", message, 400);
  });
});
