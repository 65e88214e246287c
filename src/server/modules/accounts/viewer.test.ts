/**
 * The viewer role (issue 33), made through the API: reads events and registrations, is refused
 * photos, the CSV, writes and the audit trail, and every reply about a registration leaves out its
 * contacts (e-mail, phone, Instagram, birth date, the guardian's name and e-mail) and its photos;
 * its search never reads the e-mail.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelRegistrations } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { registrantWithPhoto } from "../privacy/privacy.test-support";

const t = useTestApp();

async function viewerMadeByAdmin() {
  const admin = await signedInAs(t.app, { role: "admin", status: "approved" });
  const person = await signedInAs(t.app, { role: "member", status: "approved" });
  const made = await t.app.inject({
    method: "PUT",
    url: `/api/users/${person.user.id}/role`,
    headers: admin.headers,
    payload: { role: "viewer" },
  });
  expect(made.statusCode).toBe(200);
  return person;
}

describe("a viewer", () => {
  it("reads events and registrations, and gets 403 on photos, the CSV, writes and the audit trail", async () => {
    const person = await viewerMadeByAdmin();
    const event = await createEvent(t.app.ctx.db);
    const registration = await createRegistration(t.app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    const call = (method: "GET" | "PATCH" | "DELETE", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) }).then((res) => res.statusCode);

    expect(await call("GET", "/api/events")).toBe(200);
    expect(await call("GET", `/api/registrations?eventId=${event.id}`)).toBe(200);
    expect(await call("GET", `/api/registrations/${registration.id}/panel`)).toBe(200);
    expect(await call("GET", `/api/registrations/${registration.id}/photos/face`)).toBe(403);
    expect(await call("GET", `/api/registrations/export.csv?eventId=${event.id}`)).toBe(403);
    expect(await call("PATCH", `/api/registrations/${registration.id}`, { location: "Rosario" })).toBe(403);
    expect(await call("DELETE", `/api/registrations/${registration.id}`)).toBe(403);
    expect(await call("GET", "/api/audit")).toBe(403);
  });

  it("gets no contact, birth date, guardian data or photo in any reply about a registration; a member gets them", async () => {
    const viewer = await viewerMadeByAdmin();
    const member = await signedInAs(t.app, { role: "member", status: "approved" });
    const db = t.app.ctx.db;
    const person = await registrantWithPhoto(t.app);
    const [row] = await db
      .select()
      .from(modelRegistrations)
      .where(eq(modelRegistrations.registrationCode, person.registrationCode));
    const id = row!.id;
    // The same person in another event, found by the e-mail: the related replies name it.
    const other = await createEvent(db);
    await createRegistration(db, { eventId: other.id, timeslotId: other.timeslots[0]!.id, email: row!.email });
    const secrets = [
      row!.email,
      row!.phoneNumber,
      row!.instagramHandle!,
      row!.dateOfBirth,
      row!.guardianName!,
      row!.guardianEmail!,
    ];
    const urls = [
      `/api/registrations?eventId=${person.event.id}`,
      `/api/registrations/${id}`,
      `/api/registrations/${id}/panel`,
      `/api/registrations/${id}/related`,
    ];
    const read = async (headers: Record<string, string>, url: string) => {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.statusCode, url).toBe(200);
      return res;
    };

    for (const url of urls) {
      const body = (await read(viewer.headers, url)).body;
      for (const secret of secrets) expect(body, `${url} holds ${secret}`).not.toContain(secret);
      expect(body, url).not.toContain(`"kind":"face"`);
    }
    const listed = (await read(viewer.headers, urls[0]!)).json().items[0];
    expect(listed).toMatchObject({ email: null, phoneNumber: null, instagramHandle: null, dateOfBirth: null, photos: [] });
    expect(listed.age).toBe(row!.age);
    expect(listed.fullName).toBe(row!.fullName);
    const detail = (await read(viewer.headers, urls[1]!)).json();
    expect(detail).toMatchObject({
      email: null,
      dateOfBirth: null,
      photos: [],
      privacy: { guardianName: null, guardianEmail: null },
    });
    expect((await read(viewer.headers, urls[3]!)).json().items).toEqual([expect.objectContaining({ email: null })]);

    const memberList = (await read(member.headers, urls[0]!)).body;
    const memberDetail = (await read(member.headers, urls[1]!)).body;
    const memberRelated = (await read(member.headers, urls[3]!)).body;
    for (const secret of secrets) expect(memberDetail).toContain(secret);
    for (const secret of [row!.email, row!.phoneNumber, row!.instagramHandle!, row!.dateOfBirth])
      expect(memberList).toContain(secret);
    expect(memberList).toContain(`"kind":"face"`);
    expect(memberDetail).toContain(`"kind":"face"`);
    expect(memberRelated).toContain(row!.email);
  });

  it("cannot find a registration by its e-mail with the search, only by its name or code; a member can", async () => {
    const viewer = await viewerMadeByAdmin();
    const member = await signedInAs(t.app, { role: "member", status: "approved" });
    const event = await createEvent(t.app.ctx.db);
    const made = await createRegistration(t.app.ctx.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    const found = async (headers: Record<string, string>, q: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/registrations?eventId=${event.id}&q=${encodeURIComponent(q)}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().total as number;
    };
    const mailbox = made.email.split("@")[0]!;
    expect(await found(viewer.headers, mailbox)).toBe(0);
    expect(await found(viewer.headers, made.fullName)).toBe(1);
    expect(await found(viewer.headers, made.registrationCode)).toBe(1);
    expect(await found(member.headers, mailbox)).toBe(1);
  });
});
