/**
 * Reading the audit trail (issue 18): the superadmin reads it with filters; a member or an admin
 * cannot. (Every action writing its row: audit.walk.test.ts.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, createRegistration, signedInAs } from "../../test/factories";
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
    for (const from of ["yesterday", "2026-02-30", "0000-01-01"]) {
      const bad = await t.app.inject({ url: `/api/audit?from=${from}`, headers: superadmin });
      expect(bad.statusCode, from).toBe(400);
    }
  });

  it("names the staff member, the person (or says their registration is gone), the event and the account acted on", async () => {
    const scout = await signedInAs(t.app, { role: "member", name: "Carla Scout" });
    const event = await createEvent(t.db, { eventName: "Casting Nombres" });
    const slot = event.timeslots[0]!.id;
    const kept = await createRegistration(t.db, { eventId: event.id, timeslotId: slot, fullName: "Julia Presente" });
    const erased = await createRegistration(t.db, { eventId: event.id, timeslotId: slot, fullName: "Rita Borrada" });
    await t.app.inject({ url: `/api/registrations/${kept.id}`, headers: scout.headers });
    await t.app.inject({ url: `/api/registrations/${erased.id}`, headers: scout.headers });
    const erase = await t.app.inject({ method: "POST", url: `/api/registrations/${erased.id}/erase`, headers: admin.headers });
    expect(erase.statusCode).toBe(204);

    const res = await t.app.inject({ url: `/api/audit?actor=${encodeURIComponent("carla scout")}`, headers: superadmin });
    expect(res.statusCode).toBe(200);
    const byTarget = new Map(res.json().items.map((item: { registrationId: string }) => [item.registrationId, item]));
    expect(byTarget.get(kept.id)).toMatchObject({
      action: "registration.view",
      actorName: "Carla Scout",
      actorEmail: scout.user.email,
      registrationName: "Julia Presente",
      registrationCode: kept.registrationCode,
      registrationGone: false,
      eventName: "Casting Nombres",
    });
    expect(byTarget.get(erased.id)).toMatchObject({
      actorName: "Carla Scout",
      registrationName: null,
      registrationCode: null,
      registrationGone: true,
      // The event outlives the person.
      eventName: "Casting Nombres",
    });

    const approved = await signedInAs(t.app, { role: "member", status: "pending", name: "Nueva Cuenta" });
    await t.app.inject({ method: "POST", url: `/api/users/${approved.user.id}/approve`, headers: admin.headers });
    const approval = await t.app.inject({ url: `/api/audit?target=${approved.user.id}`, headers: superadmin });
    expect(approval.json().items).toEqual([
      expect.objectContaining({
        action: "user.approve",
        userName: "Nueva Cuenta",
        userEmail: approved.user.email,
        registrationGone: false,
      }),
    ]);
  });

  it("filters by kind: views, changes, data leaving, accounts, the system", async () => {
    const event = await createEvent(t.db);
    const registration = await createRegistration(t.db, { eventId: event.id, timeslotId: event.timeslots[0]!.id });
    await t.app.inject({ url: `/api/registrations/${registration.id}`, headers: admin.headers });
    await t.app.inject({
      method: "PATCH",
      url: `/api/registrations/${registration.id}`,
      headers: admin.headers,
      payload: { liked: true },
    });
    const actions = async (kind: string) =>
      (await t.app.inject({ url: `/api/audit?target=${registration.id}&kind=${kind}`, headers: superadmin }))
        .json()
        .items.map((item: { action: string }) => item.action);
    expect(await actions("view")).toEqual(["registration.view"]);
    expect(await actions("change")).toEqual(["registration.edit"]);
    expect(await actions("export")).toEqual([]);
    expect((await t.app.inject({ url: "/api/audit?kind=thumbnails", headers: superadmin })).statusCode).toBe(400);
  });
});
