/**
 * PUT /api/users/:id/role and the session's permissions (issue 33): who may give which role, the
 * audit trail, and a change that takes effect on the account's next request.
 */
import { CAPABILITY_NAMES, roleCan } from "@common/permissions";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();

const setRole = (headers: Record<string, string>, id: string, role: string) =>
  t.app.inject({ method: "PUT", url: `/api/users/${id}/role`, headers, payload: { role } });

describe("PUT /api/users/:id/role", () => {
  it("lets an admin make a member a viewer, audited, and refuses making an admin a viewer", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin", status: "approved" });
    const member = await createUser(t.app.ctx.db, { role: "member", status: "approved" });
    const res = await setRole(headers, member.id, "viewer");
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe("viewer");
    const audited = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.userId, member.id));
    expect(audited.map((row) => [row.action, row.details])).toEqual([["user.role_change", { from: "member", to: "viewer" }]]);

    const otherAdmin = await createUser(t.app.ctx.db, { role: "admin", status: "approved" });
    const refused = await setRole(headers, otherAdmin.id, "viewer");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("forbidden");
    expect(await setRole(headers, member.id, "admin").then((r) => r.statusCode)).toBe(403);
  });

  it("lets a superadmin give admin to a verified agency address, never superadmin, never to a superadmin", async () => {
    const { headers } = await signedInAs(t.app, { role: "superadmin", status: "approved" });
    const viewer = await createUser(t.app.ctx.db, { role: "viewer", status: "approved", emailVerified: true });
    expect((await setRole(headers, viewer.id, "admin")).json().user.role).toBe("admin");
    expect((await setRole(headers, viewer.id, "superadmin")).statusCode).toBe(403);
    const other = await createUser(t.app.ctx.db, { role: "superadmin", status: "approved" });
    expect((await setRole(headers, other.id, "member")).json().error.code).toBe("superadmin_protected");
    const outsider = await createUser(t.app.ctx.db, { email: "someone@gmail.test", emailVerified: true, status: "approved" });
    expect((await setRole(headers, outsider.id, "admin")).json().error.code).toBe("email_domain_not_allowed");
    expect((await setRole(headers, viewer.id, "owner")).statusCode).toBe(400);
  });

  it("takes effect on the person's next request, and the session lists their permissions", async () => {
    const admin = await signedInAs(t.app, { role: "admin", status: "approved" });
    const member = await signedInAs(t.app, { role: "member", status: "approved" });
    const session = async () => (await t.app.inject({ method: "GET", url: "/api/session", headers: member.headers })).json();
    expect((await session()).user.permissions).toEqual(CAPABILITY_NAMES.filter((c) => roleCan("member", c)));
    expect((await session()).user.permissions).toContain("photos.see");
    const edit = () =>
      t.app.inject({
        method: "GET",
        url: "/api/check-ins/search?eventId=00000000-0000-4000-8000-000000000000&q=x",
        headers: member.headers,
      });
    expect((await edit()).statusCode).not.toBe(403);

    expect((await setRole(admin.headers, member.user.id, "viewer")).statusCode).toBe(200);
    expect((await edit()).statusCode).toBe(403);
    const after = (await session()).user;
    expect(after.role).toBe("viewer");
    expect(after.permissions).toEqual(["events.read", "registrations.read"]);
  });

  it("lists no permission for a pending account", async () => {
    const pending = await signedInAs(t.app, { role: "member", status: "pending" });
    const res = await t.app.inject({ method: "GET", url: "/api/session", headers: pending.headers });
    expect(res.json().user.permissions).toEqual([]);
  });
});
