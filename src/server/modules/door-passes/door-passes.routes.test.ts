/**
 * Door passes (issue 35): an admin makes a pass for a volunteer; a fresh browser signs in with its
 * link and may then check people in (and call the line) at that one event, as the pass: audited
 * under its name, never shown its maker, refused everything else; revoked or expired, it is nobody
 * from the next request.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, doorPasses, modelRegistrations, users } from "../../db/schema";
import { registrationToken } from "../../lib/registration-links";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { DOOR_PASS_COOKIE } from "./door-pass.cookie";
import { hoursFromNow, makePass, passHeaders, signInWithPass } from "./door-passes.test-support";

const t = useTestApp();

async function eventWithPerson() {
  const event = await createEvent(t.db);
  const person = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
  return { event, person };
}

describe("a door pass", () => {
  it("signs a fresh browser in, checks people in at its event under its name, and never shows its maker", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const { event, person } = await eventWithPerson();
    const pass = await makePass(t.app, admin.headers, event.id, { name: "Lucía (puerta)", expiresAt: hoursFromNow(8) });
    expect(pass.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/door\\?p=[A-Za-z0-9_-]{43}$`));
    const [stored] = await t.db.select().from(doorPasses).where(eq(doorPasses.id, pass.id));
    expect(stored).toMatchObject({ eventId: event.id, name: "Lucía (puerta)", createdBy: admin.user.id, lastUsedAt: null });
    expect(JSON.stringify(stored)).not.toContain(pass.secret);

    const { res, setCookie, headers } = await signInWithPass(t.app, pass.secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(setCookie).toMatch(new RegExp(`^${DOOR_PASS_COOKIE}=${pass.secret}; Max-Age=(\\d+); Path=/; HttpOnly; SameSite=Lax$`));
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeLessThanOrEqual(8 * 3600);
    expect(maxAge).toBeGreaterThan(8 * 3600 - 60);
    const user = {
      id: pass.id,
      email: "",
      fullName: "Lucía (puerta)",
      language: null,
      twoFactorEnabled: false,
      permissions: ["checkins.perform", "queue.call"],
      pass: {
        id: pass.id,
        name: "Lucía (puerta)",
        expiresAt: pass.expiresAt,
        event: { id: event.id, eventName: event.eventName, eventDate: event.eventDate },
      },
    };
    expect(res.json().user).toMatchObject(user);
    const session = await t.app.inject({ url: "/api/session", headers });
    expect(session.json().user).toMatchObject(user);
    for (const body of [res.body, session.body]) {
      expect(body).not.toContain(admin.user.name);
      expect(body).not.toContain(admin.user.email);
    }

    // Its event's door: the arrival, its number, and the audit row naming the pass.
    const arrival = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers,
      payload: { registrationId: person.id },
    });
    expect(arrival.statusCode, arrival.body).toBe(200);
    expect(arrival.json()).toMatchObject({ checkedIn: true, queue: { number: 1 } });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "registration.check_in"), eq(auditLog.registrationId, person.id)));
    expect(audited).toMatchObject({ actorId: admin.user.id, actorPass: "Lucía (puerta)", actorToken: null, eventId: event.id });
    expect(
      (await t.app.inject({ url: `/api/check-ins/search?eventId=${event.id}&q=${person.registrationCode}`, headers })).json(),
    ).toMatchObject({ items: [{ id: person.id }] });
    expect((await t.app.inject({ url: `/api/events/${event.id}/arrivals`, headers })).statusCode).toBe(200);
    const [used] = await t.db.select().from(doorPasses).where(eq(doorPasses.id, pass.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);

    // Nothing else: the registrations, the events, making passes.
    expect((await t.app.inject({ url: "/api/registrations", headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/registrations/${person.id}`, headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/events", headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/events/${event.id}/door-passes`, headers })).statusCode).toBe(403);

    // Another event's person: 403 whichever way they are named, nothing recorded, nothing of them shown.
    const { event: other, person: stranger } = await eventWithPerson();
    const names = [
      { registrationId: stranger.id },
      { code: stranger.registrationCode },
      { token: registrationToken(t.config, "check-in", stranger.id) },
    ];
    for (const payload of names) {
      for (const url of ["/api/check-ins", "/api/check-ins/preview"]) {
        const refused = await t.app.inject({ method: "POST", url, headers, payload });
        expect(refused.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(403);
        expect(refused.body).not.toContain(stranger.fullName);
      }
    }
    const [untouched] = await t.db.select().from(modelRegistrations).where(eq(modelRegistrations.id, stranger.id));
    expect(untouched).toMatchObject({ attended: false, attendedAt: null });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.registrationId, stranger.id))).toEqual([]);
    const search = await t.app.inject({
      url: `/api/check-ins/search?eventId=${other.id}&q=${stranger.registrationCode}`,
      headers,
    });
    expect(search.statusCode).toBe(403);
    expect(search.body).not.toContain(stranger.fullName);
    expect((await t.app.inject({ url: `/api/events/${other.id}/arrivals`, headers })).statusCode).toBe(403);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.eventId, other.id))).toEqual([]);
  });

  it("is refused from the next request once revoked or expired; its expiry is at most 24 hours away", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const { event } = await eventWithPerson();
    const make = (body: object, eventId = event.id) =>
      t.app.inject({
        method: "POST",
        url: `/api/events/${eventId}/door-passes`,
        headers: admin.headers,
        payload: { name: "Puerta", expiresAt: hoursFromNow(2), ...body },
      });
    for (const [body, field] of [
      [{ expiresAt: hoursFromNow(25) }, "expiresAt"],
      [{ expiresAt: hoursFromNow(-1) }, "expiresAt"],
      [{ expiresAt: "mañana" }, "expiresAt"],
      [{ name: " " }, "name"],
    ] as const) {
      const refused = await make(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error).toMatchObject({ code: "validation_failed", fields: { [field]: expect.any(String) } });
    }
    expect((await make({ expiresAt: hoursFromNow(25) })).json().error.fields.expiresAt).toContain("24");
    expect((await make({}, "5b0c7f0e-8f4e-4a53-9d6c-1f2a3b4c5d6e")).json().error.code).toBe("event_not_found");
    expect(await t.db.select().from(doorPasses).where(eq(doorPasses.eventId, event.id))).toEqual([]);

    const pass = await makePass(t.app, admin.headers, event.id, { name: "Puerta norte", expiresAt: hoursFromNow(24) });
    const list = await t.app.inject({ url: `/api/events/${event.id}/door-passes`, headers: admin.headers });
    expect(list.json()).toEqual({
      items: [
        {
          id: pass.id,
          name: "Puerta norte",
          expiresAt: pass.expiresAt,
          lastUsedAt: null,
          createdAt: expect.any(String),
          createdBy: { id: admin.user.id, fullName: admin.user.name },
        },
      ],
    });
    expect(list.body).not.toContain(pass.secret);

    const { headers } = await signInWithPass(t.app, pass.secret);
    const arrivals = `/api/events/${event.id}/arrivals`;
    expect((await t.app.inject({ url: arrivals, headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/door-passes/${pass.id}`, headers: admin.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: arrivals, headers })).statusCode).toBe(401);
    // The probe every page makes: nobody, and the dead pass's cookie taken off the browser.
    const session = await t.app.inject({ url: "/api/session", headers });
    expect(session.json()).toEqual({ user: null });
    expect(session.headers["set-cookie"]).toMatch(
      new RegExp(`^${DOOR_PASS_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax$`),
    );
    const again = await t.app.inject({ method: "DELETE", url: `/api/door-passes/${pass.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe("door_pass_not_found");
    const reused = await signInWithPass(t.app, pass.secret);
    expect(reused.res.statusCode).toBe(401);
    expect(reused.res.json().error.code).toBe("door_pass_invalid");
    expect(reused.setCookie).toBe("");

    const expiring = await makePass(t.app, admin.headers, event.id, { name: "Puerta sur" });
    const phone = passHeaders(expiring.secret);
    expect((await t.app.inject({ url: arrivals, headers: phone })).statusCode).toBe(200);
    await t.db
      .update(doorPasses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(doorPasses.id, expiring.id));
    expect((await t.app.inject({ url: arrivals, headers: phone })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/events/${event.id}/door-passes`, headers: admin.headers })).json().items).toEqual([]);

    const actions = await t.db
      .select({ action: auditLog.action, eventId: auditLog.eventId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.user.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "door_pass.create", eventId: event.id, details: { pass: "Puerta norte", expiresAt: pass.expiresAt } },
        { action: "door_pass.delete", eventId: event.id, details: { pass: "Puerta norte" } },
      ]),
    );
  });

  it("wins over the browser's staff session until signed out of; acts for its maker, never with more", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const member = await signedInAs(t.app, { role: "member", language: "es-AR" });
    const { event, person } = await eventWithPerson();
    const pass = await makePass(t.app, admin.headers, event.id);
    expect((await t.app.inject({ url: "/api/registrations", headers: member.headers })).statusCode).toBe(200);

    const { res, headers } = await signInWithPass(t.app, pass.secret, member.headers.cookie);
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/session", headers })).json().user).toMatchObject({
      id: pass.id,
      pass: { id: pass.id },
    });
    expect((await t.app.inject({ url: "/api/registrations", headers })).statusCode).toBe(403);
    // The pass has no account of its own: the maker's (or the member's) language stays.
    const language = await t.app.inject({ method: "PUT", url: "/api/account/language", headers, payload: { language: "en" } });
    expect(language.json()).toEqual({ language: "en" });
    const accounts = await t.db.select({ id: users.id, language: users.language }).from(users);
    expect(accounts.find((row) => row.id === admin.user.id)!.language).toBe(admin.user.language);
    expect(accounts.find((row) => row.id === member.user.id)!.language).toBe("es-AR");

    // A state-changing request with the cookie from another site is refused, as with a session.
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: { ...headers, origin: "https://evil.example" },
      payload: { registrationId: person.id },
    });
    expect(crossSite.json().error.code).toBe("csrf_rejected");

    const out = await t.app.inject({ method: "POST", url: "/api/door-passes/sign-out", headers });
    expect(out.statusCode).toBe(204);
    expect(out.headers["set-cookie"]).toMatch(new RegExp(`^${DOOR_PASS_COOKIE}=; Max-Age=0;`));
    expect((await t.app.inject({ url: "/api/registrations", headers: member.headers })).statusCode).toBe(200);

    // Its maker made a viewer (who checks nobody in): the pass holds nothing any more.
    const superadmin = await signedInAs(t.app, { role: "superadmin" });
    const demoted = await t.app.inject({
      method: "PUT",
      url: `/api/users/${admin.user.id}/role`,
      headers: superadmin.headers,
      payload: { role: "viewer" },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const phone = passHeaders(pass.secret);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/check-ins", headers: phone, payload: { registrationId: person.id } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: "/api/session", headers: phone })).json().user.permissions).toEqual([]);
  });

  it("signs in only with a live pass's link, from this site; a member cannot make one", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const { event } = await eventWithPerson();
    const pass = await makePass(t.app, admin.headers, event.id);
    const wrong = await signInWithPass(t.app, `${pass.secret.slice(0, -2)}xx`);
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json().error).toEqual({ code: "door_pass_invalid", message: expect.stringContaining("no es válido") });
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/door-passes/sign-in",
      headers: { origin: "https://evil.example" },
      payload: { token: pass.secret },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe("csrf_rejected");
    expect(crossSite.headers["set-cookie"]).toBeUndefined();
    const member = await signedInAs(t.app, { role: "member" });
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/events/${event.id}/door-passes`,
      headers: member.headers,
      payload: { name: "Puerta", expiresAt: hoursFromNow(2) },
    });
    expect(refused.statusCode).toBe(403);
  });
});
