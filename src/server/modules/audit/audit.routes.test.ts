/**
 * Reading the audit trail (issue 18): the superadmin reads it with filters; a member or an admin
 * cannot. (Every action writing its row: audit.walk.test.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { registrantWithPhoto } from "../privacy/privacy.test-support";

const t = useTestApp();
let admin: { headers: Record<string, string>; user: { id: string } };
let superadmin: Record<string, string>;

beforeAll(async () => {
  const signed = await signedInAs(t.app, { role: "admin" });
  admin = { headers: signed.headers, user: signed.user };
  superadmin = (await signedInAs(t.app, { role: "superadmin" })).headers;
});

describe("GET /api/audit", () => {
  it("is the superadmin's alone", async () => {
    const member = (await signedInAs(t.app, { role: "member" })).headers;
    expect((await t.app.inject({ url: "/api/audit", headers: member })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/audit", headers: admin.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/audit" })).statusCode).toBe(401);
  });

  it("filters by actor, action, target and dates, newest first, paginated", async () => {
    const person = await registrantWithPhoto(t.app);
    const list = await t.app.inject({ url: `/api/registrations?eventId=${person.event.id}`, headers: admin.headers });
    const id = list.json().items[0].id as string;
    await t.app.inject({ url: `/api/registrations/${id}`, headers: admin.headers });
    await t.app.inject({ url: `/api/registrations/${id}`, headers: admin.headers });
    const byTarget = await t.app.inject({
      url: `/api/audit?target=${id}&action=registration.view&pageSize=1`,
      headers: superadmin,
    });
    expect(byTarget.statusCode).toBe(200);
    expect(byTarget.json()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(byTarget.json().items[0]).toMatchObject({ actorId: admin.user.id, registrationId: id, action: "registration.view" });
    const byActor = await t.app.inject({ url: `/api/audit?actor=${admin.user.id}`, headers: superadmin });
    expect(byActor.json().items.every((i: { actorId: string }) => i.actorId === admin.user.id)).toBe(true);
    const future = await t.app.inject({ url: "/api/audit?from=2999-01-01", headers: superadmin });
    expect(future.json().total).toBe(0);
    const bad = await t.app.inject({ url: "/api/audit?from=yesterday", headers: superadmin });
    expect(bad.statusCode).toBe(400);
  });
});
