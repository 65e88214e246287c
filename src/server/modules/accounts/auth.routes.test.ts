import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users, verifications } from "../../db/schema";
import { createUser, linkIn, outboxFor, signIn, TEST_PASSWORD } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { SIGN_IN_LOCK_SECONDS, SIGN_IN_MAX_FAILURES } from "./sign-in.limiter";

const t = useTestApp();
const origin = { origin: TEST_PUBLIC_URL };

const signUp = (payload: object) => t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", headers: origin, payload });
const signInRequest = (email: string, password: string, headers: Record<string, string> = origin) =>
  t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers, payload: { email, password } });
const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  [res.headers["set-cookie"]].flat().find((c) => typeof c === "string" && c.includes("session_token=")) as string | undefined;
const cookieHeader = (setCookie: string) => ({ cookie: setCookie.split(";")[0]!, ...origin });

describe("staff sign-up", () => {
  it("creates a pending member, queues the verification e-mail, and does not sign in", async () => {
    const res = await signUp({ name: "Lucía Pérez", email: "Lucia.Perez@Example.com", password: "a-long-passphrase" });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toBeUndefined();
    const [user] = await t.db.select().from(users).where(eq(users.email, "lucia.perez@example.com"));
    expect(user).toMatchObject({ name: "Lucía Pérez", role: "member", status: "pending", emailVerified: false });

    const [mail] = await outboxFor(t.db, "lucia.perez@example.com");
    expect(mail?.kind).toBe("staff_verification");
    const link = linkIn(mail!.textBody, `${TEST_PUBLIC_URL}/verify-email?token=`);
    const token = new URL(link).searchParams.get("token")!;

    // The page calls better-auth with the token; the link itself is only a page.
    const verified = await t.app.inject({ method: "GET", url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
    expect(verified.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user!.id));
    expect(after?.emailVerified).toBe(true);
    expect(after?.status).toBe("pending");
  });

  it("never lets the client choose its role or status", async () => {
    const res = await signUp({
      name: "Intruder",
      email: "intruder@example.com",
      password: "a-long-passphrase",
      role: "superadmin",
      status: "approved",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
    expect(await t.db.select().from(users).where(eq(users.email, "intruder@example.com"))).toEqual([]);
  });

  it("requires passwords of at least 10 characters", async () => {
    const short = await signUp({ name: "Short", email: "short@example.com", password: "123456789" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: "validation_failed", fields: { password: expect.any(String) } });
    const ok = await signUp({ name: "Long", email: "long@example.com", password: "1234567890" });
    expect(ok.statusCode).toBe(200);
  });

  it("answers an existing e-mail like a new one, without a second account or a new verification", async () => {
    const existing = await createUser(t.db, { email: "taken@example.com", name: "Ana <b>Dueña</b>" });
    const res = await signUp({ name: "Someone <img src=x>", email: "taken@example.com", password: "a-long-passphrase" });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe("taken@example.com");
    expect(res.json().user.id).not.toBe(existing.id);
    // The same reply shape as a new address's.
    const fresh = await signUp({ name: "Nueva", email: "fresh-shape@example.com", password: "a-long-passphrase" });
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(Object.keys(res.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());

    // No verification, but the owner hears of the attempt, by the stored name, escaped.
    const mails = await outboxFor(t.db, "taken@example.com");
    expect(mails.map((m) => m.kind)).toEqual(["staff_sign_up_attempt"]);
    const [mail] = mails;
    expect(mail!.subject).toMatch(/Alguien intentó crear una cuenta en OpenCall con tu correo/);
    expect(mail!.textBody).toContain("Hola Ana <b>Dueña</b>:");
    expect(mail!.textBody).toContain(`${t.config.publicUrl}/login`);
    expect(mail!.htmlBody).toContain("Hola Ana &lt;b&gt;Dueña&lt;/b&gt;:");
    expect(mail!.htmlBody).not.toContain("<b>Dueña</b>");
    expect(mail!.textBody + mail!.htmlBody).not.toContain("Someone");
  });
});

describe("sign-in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie (not Secure outside production)", async () => {
    const user = await createUser(t.db);
    const res = await signInRequest(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/^opencall\.session_token=/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it("starts a new session on every sign-in, even when the browser already holds one", async () => {
    const user = await createUser(t.db);
    const first = sessionCookie(await signInRequest(user.email, TEST_PASSWORD))!;
    const second = sessionCookie(await signInRequest(user.email, TEST_PASSWORD, cookieHeader(first)))!;
    expect(second.split(";")[0]).not.toBe(first.split(";")[0]);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(new Set(rows.map((r) => r.token)).size).toBe(2);
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const user = await createUser(t.db);
    const wrongPassword = await signInRequest(user.email, "not-the-password");
    const unknownEmail = await signInRequest("nobody-here@example.com", "not-the-password");
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error.code).toBe("invalid_credentials");
  });

  it("lets a pending account sign in, but every staff API answers it 403 account_pending", async () => {
    const pending = await createUser(t.db, { status: "pending" });
    const headers = await signIn(t.app, pending.email);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers });
    expect(session.json().user).toMatchObject({ status: "pending", role: "member" });
    const users = await t.app.inject({ method: "GET", url: "/api/users", headers: { ...headers } });
    expect(users.statusCode).toBe(403);
    expect(users.json().error.code).toBe("account_pending");
  });

  it("counts a superadmin as approved whatever its status", async () => {
    const boss = await createUser(t.db, { role: "superadmin", status: "pending" });
    const headers = await signIn(t.app, boss.email);
    expect((await t.app.inject({ method: "GET", url: "/api/users", headers })).statusCode).toBe(200);
  });

  it(`locks an account for a while after ${SIGN_IN_MAX_FAILURES} failed attempts, with a clear 429`, async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      expect((await signInRequest(user.email, `wrong-password-${i}`)).statusCode).toBe(401);
    }
    const locked = await signInRequest(user.email.toUpperCase(), TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: "rate_limited",
      message: "Demasiados intentos de inicio de sesión. Esperá 15 minutos e intentá de nuevo.",
    });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // Another account from the same address is not affected.
    expect((await signInRequest(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("keeps the failure counts as long as the lock lasts (better-auth prunes rate_limits by its longest window)", async () => {
    const { rateLimit } = await t.app.ctx.auth.$context;
    const windows = Object.values(rateLimit.customRules ?? {}).map((rule) =>
      rule && typeof rule === "object" ? rule.window : 0,
    );
    expect(Math.max(rateLimit.window, ...windows)).toBeGreaterThanOrEqual(SIGN_IN_LOCK_SECONDS);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_MAX_FAILURES - 1; i++) await signInRequest(user.email, "wrong-password!");
    expect((await signInRequest(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_MAX_FAILURES - 1; i++) await signInRequest(user.email, "wrong-password!");
    expect((await signInRequest(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("answers an anonymous caller with 200 and a null user, not an error status", async () => {
    for (const headers of [{}, { cookie: "opencall.session_token=unknown.value" }]) {
      const res = await t.app.inject({ method: "GET", url: "/api/session", headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });

  it("ends on sign-out on the server", async () => {
    const user = await createUser(t.db);
    const headers = await signIn(t.app, user.email);
    const out = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).json()).toEqual({ user: null });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("refuses a cookie-carrying mutation without the app's Origin (CSRF)", async () => {
    const user = await createUser(t.db);
    const { cookie } = await signIn(t.app, user.email);
    for (const headers of [{ cookie }, { cookie, origin: "https://evil.example" }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers, payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("csrf_rejected");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } })).statusCode).toBe(200);
  });

  it("has an absolute lifetime of 7 days that use does not extend", async () => {
    const user = await createUser(t.db);
    const headers = await signIn(t.app, user.email);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(7 * 24 * 3600 * 1000, -4);

    // Used an hour later: the use is recorded, the expiry stays.
    await t.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 3600_000) })
      .where(eq(sessions.id, row!.id));
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).statusCode).toBe(200);
    const [used] = await t.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(Date.now() - used!.updatedAt.getTime()).toBeLessThan(60_000);
    expect(used!.expiresAt.getTime()).toBe(row!.expiresAt.getTime());

    // Past the absolute lifetime, even a recently used session is over.
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000), expiresAt: new Date(Date.now() - 3600_000) })
      .where(eq(sessions.id, row!.id));
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).json()).toEqual({ user: null });
  });

  it("ends after 12 idle hours, for our routes and better-auth's alike", async () => {
    const user = await createUser(t.db);
    const headers = await signIn(t.app, user.email);
    const idle = new Date(Date.now() - 13 * 3600_000);
    await t.db.update(sessions).set({ updatedAt: idle }).where(eq(sessions.userId, user.id));
    const enable = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/enable",
      headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(enable.statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).json()).toEqual({ user: null });
  });
});

describe("forgotten password", () => {
  it("e-mails a reset link; the reset ends every session of the account", async () => {
    const user = await createUser(t.db, { email: "forgetful@example.com" });
    const laptop = await signIn(t.app, user.email);
    const phone = await signIn(t.app, user.email);

    const requested = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: origin,
      payload: { email: user.email },
    });
    expect(requested.statusCode).toBe(200);
    const [mail] = await outboxFor(t.db, user.email);
    expect(mail?.kind).toBe("password_reset");
    const token = new URL(linkIn(mail!.textBody, `${TEST_PUBLIC_URL}/reset-password?token=`)).searchParams.get("token")!;

    // Only the token's hash is stored.
    const stored = await t.db.select().from(verifications);
    expect(stored.some((v) => v.identifier.includes(token))).toBe(false);

    const reset = (newPassword: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/reset-password", headers: origin, payload: { token, newPassword } });
    expect((await reset("too-short")).json().error.code).toBe("validation_failed");
    expect((await reset("a-brand-new-passphrase")).statusCode).toBe(200);

    for (const headers of [laptop, phone]) {
      expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).json()).toEqual({ user: null });
    }
    expect((await signInRequest(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInRequest(user.email, "a-brand-new-passphrase")).statusCode).toBe(200);
    const again = await reset("yet-another-passphrase");
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("invalid_token");
  });

  it("answers an unknown e-mail like a known one and sends nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: origin,
      payload: { email: "ghost@example.com" },
    });
    expect(res.statusCode).toBe(200);
    expect(await outboxFor(t.db, "ghost@example.com")).toEqual([]);
  });
});
