import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, scoutingEvents, users } from "../../db/schema";
import { createEvent, createUser, linkIn, outboxFor, signedInAs, signIn, TEST_PASSWORD } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { totpCode } from "../../test/totp";

const t = useTestApp();
const superadmin = () => signedInAs(t.app, { role: "superadmin" });
const admin = () => signedInAs(t.app, { role: "admin" });

describe("GET /api/users", () => {
  it("lists profiles newest first with role and status", async () => {
    const older = await createUser(t.db, { createdAt: new Date("2026-01-01T10:00:00Z"), status: "pending" });
    const newer = await createUser(t.db, { createdAt: new Date("2026-02-01T10:00:00Z"), role: "admin" });
    const { headers } = await admin();
    const res = await t.app.inject({ method: "GET", url: "/api/users", headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ id: string; createdAt: string }>;
    const ids = items.map((u) => u.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(items.find((u) => u.id === older.id)).toEqual({
      id: older.id,
      email: older.email,
      fullName: older.name,
      role: "member",
      status: "pending",
      emailVerified: true,
      twoFactorEnabled: false,
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    const times = items.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("POST /api/users/:id/approve", () => {
  it("approves a pending account and e-mails its owner once", async () => {
    const pending = await createUser(t.db, { status: "pending" });
    const { headers } = await admin();
    const res = await t.app.inject({ method: "POST", url: `/api/users/${pending.id}/approve`, headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: pending.id, status: "approved", role: "member" });
    const mails = await outboxFor(t.db, pending.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "profile_approved", subject: "Tu cuenta de OpenCall fue aprobada" });
    expect(mails[0]!.textBody).toContain(`${TEST_PUBLIC_URL}/login`);

    // The approved account can now use the staff API.
    const own = await signIn(t.app, pending.email);
    const asMember = await t.app.inject({ method: "GET", url: "/api/users", headers: own });
    expect(asMember.json().error.code).toBe("forbidden");
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers: own })).json().user.status).toBe("approved");

    const again = await t.app.inject({ method: "POST", url: `/api/users/${pending.id}/approve`, headers, payload: {} });
    expect(again.statusCode).toBe(200);
    expect(await outboxFor(t.db, pending.email)).toHaveLength(1);
  });

  it("answers 404 for an unknown user", async () => {
    const { headers } = await admin();
    const res = await t.app.inject({ method: "POST", url: "/api/users/nope/approve", headers, payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /api/users/admins", () => {
  const createAdmin = async (email: string) => {
    const { headers } = await superadmin();
    // docs/product.md quotes this refusal in English: asked in English, answered in English.
    return t.app.inject({
      method: "POST",
      url: "/api/users/admins",
      headers: { ...headers, "accept-language": "en" },
      payload: { email },
    });
  };

  it.each(["someone@gmail.com", "someone@sub.agency.test", "someone@agency.test.evil.com"])(
    "refuses %s: only the agency's own domain",
    async (email) => {
      const res = await createAdmin(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "email_domain_not_allowed",
        message: "Only @agency.test emails are allowed",
      });
    },
  );

  it("promotes an existing account (and approves it)", async () => {
    const member = await createUser(t.db, { status: "pending", email: "maria@agency.test" });
    const res = await createAdmin("  Maria@Agency.TEST ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "promoted", user: { id: member.id, role: "admin", status: "approved" } });
  });

  it("never lowers a superadmin", async () => {
    const boss = await createUser(t.db, { role: "superadmin", email: "boss2@agency.test" });
    const res = await createAdmin(boss.email);
    expect(res.json().user.role).toBe("superadmin");
  });

  it("invites an unknown address: an approved admin without a password, and a set-password e-mail", async () => {
    const res = await createAdmin("new.admin@agency.test");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      outcome: "invited",
      user: { email: "new.admin@agency.test", role: "admin", status: "approved", emailVerified: false },
    });
    const userId = res.json().user.id as string;
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, userId))).toEqual([]);
    const signInBefore = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: "new.admin@agency.test", password: "anything-at-all" },
    });
    expect(signInBefore.statusCode).toBe(401);

    const [mail] = await outboxFor(t.db, "new.admin@agency.test");
    expect(mail?.kind).toBe("admin_invitation");
    const link = new URL(linkIn(mail!.textBody, `${TEST_PUBLIC_URL}/reset-password?token=`));
    expect(link.searchParams.get("invite")).toBe("1");
    const set = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { origin: TEST_PUBLIC_URL },
      payload: { token: link.searchParams.get("token"), newPassword: "my-first-passphrase" },
    });
    expect(set.statusCode).toBe(200);
    const headers = await signIn(t.app, "new.admin@agency.test", "my-first-passphrase");
    expect((await t.app.inject({ method: "GET", url: "/api/users", headers })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerified).toBe(true);
  });
});

describe("DELETE /api/users/:id", () => {
  it("deletes a non-superadmin, ends their sessions, and keeps the events they created", async () => {
    const { user: victim, headers: victimHeaders } = await signedInAs(t.app, { role: "admin" });
    const event = await createEvent(t.db, { createdBy: victim.id });
    const { headers } = await superadmin();
    const res = await t.app.inject({ method: "DELETE", url: `/api/users/${victim.id}`, headers });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, victim.id))).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers: victimHeaders })).json()).toEqual({ user: null });
    const [kept] = await t.db.select().from(scoutingEvents).where(eq(scoutingEvents.id, event.id));
    expect(kept).toMatchObject({ id: event.id, createdBy: null });
  });

  it("refuses to delete a superadmin with 403 superadmin_protected", async () => {
    const other = await createUser(t.db, { role: "superadmin" });
    const { user: self, headers } = await superadmin();
    for (const id of [other.id, self.id]) {
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/users/${id}`,
        headers: { ...headers, "accept-language": "en" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: "superadmin_protected", message: "Cannot delete superadmin users" });
    }
  });

  it("answers 404 for an unknown user and 403 forbidden to an admin", async () => {
    const { headers } = await superadmin();
    expect((await t.app.inject({ method: "DELETE", url: "/api/users/nope", headers })).statusCode).toBe(404);
    const member = await createUser(t.db);
    const asAdmin = await admin();
    const refused = await t.app.inject({ method: "DELETE", url: `/api/users/${member.id}`, headers: asAdmin.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("forbidden");
  });
});

describe("two-factor sign-in (TOTP)", () => {
  it("enrols from a session, then asks for a code at sign-in; backup codes work once", async () => {
    const user = await createUser(t.db);
    const headers = await signIn(t.app, user.email);
    const enable = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/enable",
      headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    const confirm = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers,
      payload: { code: totpCode(totpURI) },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.twoFactorEnabled).toBe(true);

    const firstStep = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_PUBLIC_URL },
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ twoFactorRedirect: true });
      const cookies = [res.headers["set-cookie"]].flat().map((c) => String(c).split(";")[0]!);
      expect(cookies.some((c) => /session_token=./.test(c))).toBe(false);
      return { cookie: cookies.filter((c) => !c.endsWith("=")).join("; "), origin: TEST_PUBLIC_URL };
    };

    const pending = await firstStep();
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: pending,
      payload: { code: "000000" === totpCode(totpURI) ? "111111" : "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: pending,
      payload: { code: totpCode(totpURI) },
    });
    expect(right.statusCode).toBe(200);
    expect([right.headers["set-cookie"]].flat().some((c) => /session_token=[^;]/.test(String(c)))).toBe(true);

    const useBackup = async () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/two-factor/verify-backup-code",
        headers: await firstStep(),
        payload: { code: backupCodes[0] },
      });
    expect((await useBackup()).statusCode).toBe(200);
    expect((await useBackup()).statusCode).toBe(401);
  });
});
