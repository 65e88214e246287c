/**
 * The audit trail (issue 18): every audited staff action, walked through the API, writes its row
 * (actor, action, target, address) with no personal data; the superadmin reads it with filters; a
 * member or an admin cannot.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { createRegistration, createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { registrantWithPhoto } from "../privacy/privacy.test-support";
import type { AuditAction } from "./audit.record";

const t = useTestApp();
let admin: { headers: Record<string, string>; user: { id: string } };
let superadmin: Record<string, string>;

beforeAll(async () => {
  const signed = await signedInAs(t.app, { role: "admin" });
  admin = { headers: signed.headers, user: signed.user };
  superadmin = (await signedInAs(t.app, { role: "superadmin" })).headers;
});

async function rowsOf(action: AuditAction, target: { registrationId?: string; userId?: string } = {}) {
  const conditions = [eq(auditLog.action, action)];
  if (target.registrationId) conditions.push(eq(auditLog.registrationId, target.registrationId));
  if (target.userId) conditions.push(eq(auditLog.userId, target.userId));
  return t.db
    .select()
    .from(auditLog)
    .where(and(...conditions));
}

describe("the audited actions", () => {
  it("each writes its row, with the actor, the target and the address, and no personal data", async () => {
    const person = await registrantWithPhoto(t.app);
    const list = await t.app.inject({ url: `/api/registrations?eventId=${person.event.id}`, headers: admin.headers });
    const id = list.json().items[0].id as string;
    const other = await createRegistration(t.db, { eventId: person.event.id, timeslotId: person.event.timeslots[0]!.id });
    const pending = await createUser(t.db, { status: "pending", emailVerified: true });
    const promoted = await createUser(t.db, { status: "approved", emailVerified: true, email: `p-${Date.now()}@agency.test` });

    const calls: Array<
      [
        AuditAction,
        { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; url: string; payload?: object; superadmin?: boolean },
        object,
      ]
    > = [
      ["registration.view", { url: `/api/registrations/${id}` }, { registrationId: id }],
      ["registration.photo_view", { url: `/api/registrations/${id}/photos/face?size=thumb` }, { registrationId: id }],
      [
        "registration.edit",
        { method: "PATCH", url: `/api/registrations/${id}`, payload: { location: "Córdoba" } },
        { registrationId: id },
      ],
      ["registrations.export_csv", { url: `/api/registrations/export.csv?eventId=${person.event.id}&q=zoe` }, {}],
      [
        "campaign.send",
        {
          method: "POST",
          url: "/api/campaigns",
          payload: { eventId: person.event.id, registrationIds: [id], subject: "Hola", content: "Te esperamos.", isHtml: false },
        },
        {},
      ],
      ["registration.export", { url: `/api/registrations/${id}/export` }, { registrationId: id }],
      [
        "registration.keep",
        { method: "PUT", url: `/api/registrations/${id}/keep`, payload: { keep: true } },
        { registrationId: id },
      ],
      ["user.approve", { method: "POST", url: `/api/users/${pending.id}/approve`, payload: {} }, { userId: pending.id }],
      [
        "user.role_change",
        { method: "POST", url: "/api/users/admins", payload: { email: promoted.email }, superadmin: true },
        { userId: promoted.id },
      ],
      [
        "privacy.settings_change",
        {
          method: "PUT",
          url: "/api/privacy/settings",
          payload: { retentionMonths: 12, outboxRetentionDays: 90 },
          superadmin: true,
        },
        {},
      ],
      [
        "privacy.notice_publish",
        { method: "POST", url: "/api/privacy/notices", payload: { textEs: "Aviso", textEn: "Notice" }, superadmin: true },
        {},
      ],
      [
        "registration.check_in",
        { method: "POST", url: "/api/check-ins", payload: { registrationId: id } },
        { registrationId: id },
      ],
      ["registration.delete", { method: "DELETE", url: `/api/registrations/${other.id}` }, { registrationId: other.id }],
      ["registration.erase", { method: "POST", url: `/api/registrations/${id}/erase` }, { registrationId: id }],
    ];
    for (const [action, call, target] of calls) {
      const res = await t.app.inject({
        method: call.method ?? "GET",
        url: call.url,
        headers: call.superadmin ? superadmin : admin.headers,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, `${action}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      const rows = await rowsOf(action, target);
      expect(rows.length, action).toBeGreaterThanOrEqual(1);
      expect(rows.at(-1)!.actorRole, action).toBe(call.superadmin ? "superadmin" : "admin");
      expect(rows.at(-1)!.ip, action).toBeTruthy();
    }
    const all = JSON.stringify(await t.db.select().from(auditLog));
    for (const needle of person.needles) expect(all).not.toContain(needle);
    expect(all).not.toContain("zoe"); // the CSV export's search text is not kept
  });
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
