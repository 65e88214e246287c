/**
 * 'Create Admin' changes a role, and the audit trail says so (issue 18): inviting an address, new or
 * an unverified sign-up's, writes `user.role_change` with the superadmin who did it, the account made
 * an admin and the role it got, in the invitation's transaction; the superadmin reads it at
 * /api/audit. A refused request, an admin already approved and a superadmin left as they were record
 * no change. (A promotion
 * is walked with every other action in audit.walk.test.ts.)
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../db/schema";
import { createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

const t = useTestApp();
let superadmin: { id: string; headers: Record<string, string> };

beforeAll(async () => {
  const signed = await signedInAs(t.app, { role: "superadmin" });
  superadmin = { id: signed.user.id, headers: signed.headers };
});

const unique = () => Math.random().toString(36).slice(2, 10);

const createAdmin = (email: string, headers = superadmin.headers) =>
  t.app.inject({ method: "POST", url: "/api/users/admins", headers, payload: { email } });

const roleChanges = (userId?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "user.role_change"), userId ? eq(auditLog.userId, userId) : undefined));

/** The one row an invitation of `userId` must leave: who, whom, what role, from where; no address. */
async function expectInvitationRecorded(userId: string, email: string) {
  const rows = await roleChanges(userId);
  expect(rows).toEqual([
    expect.objectContaining({
      actorId: superadmin.id,
      actorRole: "superadmin",
      action: "user.role_change",
      userId,
      registrationId: null,
      eventId: null,
      details: { to: "admin", invited: true },
    }),
  ]);
  expect(rows[0]!.ip).toBeTruthy();
  // Ids only: the row outlives the account, so it holds nothing of the address.
  expect(JSON.stringify(rows[0])).not.toContain(email.slice(0, email.indexOf("@")));

  const read = await t.app.inject({
    url: `/api/audit?target=${userId}&action=user.role_change`,
    headers: superadmin.headers,
  });
  expect(read.statusCode).toBe(200);
  expect(read.json()).toMatchObject({ total: 1, items: [{ actorId: superadmin.id, userId, details: { to: "admin" } }] });
}

describe("inviting an admin", () => {
  it("of an address without an account records the role change of the account it creates", async () => {
    const email = `nueva-${unique()}@agency.test`;
    const res = await createAdmin(email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ outcome: "invited", user: { email, role: "admin" } });
    await expectInvitationRecorded(res.json().user.id as string, email);
  });

  it("of an address an unverified sign-up holds records it against that account, kept", async () => {
    const stranger = await createUser(t.db, {
      email: `ajena-${unique()}@agency.test`,
      emailVerified: false,
      status: "pending",
    });
    const res = await createAdmin(stranger.email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ outcome: "invited", user: { id: stranger.id, role: "admin" } });
    await expectInvitationRecorded(stranger.id, stranger.email);
  });
});

describe("no role change is recorded", () => {
  it("when the request is refused: an address outside the agency, or an admin asking", async () => {
    const before = (await roleChanges()).length;
    const outside = await createAdmin(`alguien-${unique()}@gmail.com`);
    expect(outside.statusCode).toBe(400);
    const admin = await signedInAs(t.app, { role: "admin" });
    const email = `por-admin-${unique()}@agency.test`;
    expect((await createAdmin(email, admin.headers)).statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await roleChanges()).toHaveLength(before);
  });

  it("when the address is already an approved admin's: nothing changed, nothing recorded", async () => {
    const admin = await createUser(t.db, { role: "admin", status: "approved", email: `admin-${unique()}@agency.test` });
    const res = await createAdmin(admin.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "promoted", user: { id: admin.id, role: "admin", status: "approved" } });
    expect(await roleChanges(admin.id)).toEqual([]);
  });

  it("when the address is a superadmin's: the role stays as it is", async () => {
    const boss = await createUser(t.db, { role: "superadmin", email: `jefa-${unique()}@agency.test` });
    const res = await createAdmin(boss.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe("superadmin");
    expect(await roleChanges(boss.id)).toEqual([]);
  });
});
