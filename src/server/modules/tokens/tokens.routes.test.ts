/**
 * API tokens (issue 37): made by an admin with some of their capabilities, shown once and stored
 * hashed; a token calls the same routes with `Authorization: Bearer`, holding only what it was given
 * (and what its maker still holds), with no CSRF check, audited under its name; revoked or expired,
 * it is refused at once; its calls are limited per token.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, auditLog, modelRegistrations } from "../../db/schema";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { registrantWithPhoto } from "../privacy/privacy.test-support";
import { TOKEN_CALLS_PER_MINUTE } from "./token.resolver";

const t = useTestApp();

async function tokenOf(headers: Record<string, string>, body: object) {
  const res = await t.app.inject({ method: "POST", url: "/api/tokens", headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; token: string }>();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("API tokens", () => {
  it("are shown once and stored hashed; a read-only token reads, and gets 403 on writes and photos, with contacts and photos left out", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const created = await tokenOf(admin.headers, { name: "Planilla", permissions: ["events.read", "registrations.read"] });
    expect(created.token).toMatch(/^oc_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(stored!.tokenHash).not.toContain(created.token.slice(3));
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(3));

    const list = await t.app.inject({ url: "/api/tokens", headers: admin.headers });
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: created.id,
        name: "Planilla",
        lastUsedAt: null,
        createdBy: { id: admin.user.id, name: admin.user.name },
      }),
    ]);
    expect(list.body).not.toContain(created.token);

    const person = await registrantWithPhoto(t.app);
    const [row] = await t.db
      .select()
      .from(modelRegistrations)
      .where(eq(modelRegistrations.registrationCode, person.registrationCode));
    const call = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(created.token), ...(payload ? { payload } : {}) });

    const read = await call("GET", `/api/registrations?eventId=${person.event.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().items[0]).toMatchObject({ id: row!.id, email: null, phoneNumber: null, photos: [] });
    expect(read.body).not.toContain(row!.email);
    expect((await call("GET", `/api/registrations/${row!.id}/photos/face`)).statusCode).toBe(403);
    expect((await call("PATCH", `/api/registrations/${row!.id}`, { location: "Rosario" })).statusCode).toBe(403);
    expect((await call("POST", `/api/registrations/${row!.id}/stage`, { stage: "shortlisted" })).statusCode).toBe(403);
    // A token never manages tokens.
    expect((await call("GET", "/api/tokens")).statusCode).toBe(403);
    // What the session reply says it holds.
    const session = await call("GET", "/api/session");
    expect(session.json().user.permissions).toEqual(["events.read", "registrations.read"]);

    const [used] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
  });

  it("writes without the CSRF check, audited under the token's name; holds no more than its maker now does", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const { token } = await tokenOf(admin.headers, { name: "CRM", permissions: ["registrations.read", "registrations.stage"] });
    const event = await createEvent(t.db);
    const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    const move = (stage: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/registrations/${registration.id}/stage`,
        headers: bearer(token),
        payload: { stage },
      });
    const moved = await move("shortlisted");
    expect(moved.statusCode, moved.body).toBe(200);
    const [audited] = await t.db.select().from(auditLog).where(eq(auditLog.registrationId, registration.id));
    expect(audited).toMatchObject({ action: "registration.stage_change", actorId: admin.user.id, actorToken: "CRM" });

    // A door app's token: the arrival and its audit row (one statement) carry the token's name too.
    const door = await tokenOf(admin.headers, { name: "Puerta", permissions: ["checkins.perform"] });
    const arrival = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: bearer(door.token),
      payload: { registrationId: registration.id },
    });
    expect(arrival.statusCode, arrival.body).toBe(200);
    expect(arrival.json().checkedIn).toBe(true);
    const [checkedIn] = await t.db.select().from(auditLog).where(eq(auditLog.action, "registration.check_in"));
    expect(checkedIn).toMatchObject({ registrationId: registration.id, actorToken: "Puerta" });

    // Its maker made a member (who may not move stages): the token may not either.
    const superadmin = await signedInAs(t.app, { role: "superadmin" });
    const demoted = await t.app.inject({
      method: "PUT",
      url: `/api/users/${admin.user.id}/role`,
      headers: superadmin.headers,
      payload: { role: "member" },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await move("callback")).statusCode).toBe(403);
  });

  it("refuses capabilities the maker lacks, a past expiry and a token's own management; an expired, revoked or unknown token is nobody", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: admin.headers,
      payload: { name: "Auditoría", permissions: ["events.read", "audit.read"] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "token_permission_not_held",
      fields: { permissions: expect.stringContaining("audit.read") },
    });
    const invalid = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: admin.headers,
      payload: { name: "", permissions: ["tokens.manage"], expiresAt: "mañana" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(["expiresAt", "name", "permissions.0"]);
    const past = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: admin.headers,
      payload: { name: "Viejo", permissions: ["events.read"], expiresAt: "2020-01-01T00:00:00-03:00" },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toHaveProperty("expiresAt");

    const { id, token } = await tokenOf(admin.headers, { name: "Sync", permissions: ["events.read"] });
    expect((await t.app.inject({ url: "/api/events", headers: bearer(token) })).statusCode).toBe(200);
    // A Bearer request is its token, never its cookie: a wrong token with a valid session is nobody.
    const wrong = await t.app.inject({ url: "/api/events", headers: { ...admin.headers, authorization: "Bearer oc_nope" } });
    expect(wrong.statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/events", headers: { authorization: "Bearer nope" } })).statusCode).toBe(401);

    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    expect((await t.app.inject({ url: "/api/events", headers: bearer(token) })).statusCode).toBe(401);
    await t.db.update(apiTokens).set({ expiresAt: null }).where(eq(apiTokens.id, id));

    const revoked = await t.app.inject({ method: "DELETE", url: `/api/tokens/${id}`, headers: admin.headers });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ url: "/api/events", headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: `/api/tokens/${id}`, headers: admin.headers })).json().error.code).toBe(
      "token_not_found",
    );
    const actions = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.user.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "token.create", details: { token: "Sync", permissions: ["events.read"], expiresAt: null } },
        { action: "token.revoke", details: { token: "Sync" } },
      ]),
    );
  });

  it(`answers 429 past ${TOKEN_CALLS_PER_MINUTE} calls a minute, per token`, async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const busy = await tokenOf(admin.headers, { name: "Ocupado", permissions: ["events.read"] });
    const calm = await tokenOf(admin.headers, { name: "Tranquilo", permissions: ["events.read"] });
    const statuses: number[] = [];
    for (let i = 0; i <= TOKEN_CALLS_PER_MINUTE; i++)
      statuses.push((await t.app.inject({ url: "/api/session", headers: bearer(busy.token) })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(TOKEN_CALLS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    expect((await t.app.inject({ url: "/api/session", headers: bearer(calm.token) })).statusCode).toBe(200);
  });
});
