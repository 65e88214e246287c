/**
 * better-auth's API as the product exposes it (auth.surface.ts): the endpoints the web app calls
 * work; every other one answers 404 and changes nothing; a pending account signs in, waits and
 * signs out, and nothing else (no two-factor enrolment). Refusals by better-auth are logged at warn.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APIError } from "better-auth/api";
import pino from "pino";
import { sessions, twoFactors, users } from "../../db/schema";
import { createUser, signIn, TEST_PASSWORD } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { createAuth } from "./auth.config";
import { AUTH_SURFACE } from "./auth.surface";

const t = useTestApp();
const origin = { origin: TEST_PUBLIC_URL };
const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: "POST", url, headers, payload });

/** better-auth endpoints the product does not use, with a body each would act on. */
const UNUSED: Array<[method: "GET" | "POST", path: string, body?: object]> = [
  ["GET", "/api/auth/list-sessions"],
  ["POST", "/api/auth/update-user", { name: "Renamed by a script" }],
  ["POST", "/api/auth/revoke-session", { token: "x" }],
  ["POST", "/api/auth/revoke-sessions"],
  ["POST", "/api/auth/revoke-other-sessions"],
  ["POST", "/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "another-passphrase-1" }],
  ["POST", "/api/auth/change-email", { newEmail: "elsewhere@example.com" }],
  ["POST", "/api/auth/delete-user", { password: TEST_PASSWORD }],
  ["GET", "/api/auth/list-accounts"],
  ["POST", "/api/auth/send-verification-email", { email: "x@example.com" }],
  ["POST", "/api/auth/update-session", {}],
  ["POST", "/api/auth/two-factor/get-totp-uri", { password: TEST_PASSWORD }],
  ["GET", "/api/auth/reset-password/some-token"],
  ["GET", "/api/auth/ok"],
];

describe("better-auth's endpoints beyond the product's", () => {
  it("answer 404 route_not_found to a signed-in approved account, and change nothing", async () => {
    const user = await createUser(t.db);
    const headers = await signIn(t.app, user.email);
    for (const [method, url, payload] of UNUSED) {
      const res = await t.app.inject({ method, url, headers, ...(method === "POST" ? { payload: payload ?? {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code, `${method} ${url}`).toBe("route_not_found");
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ name: user.name, email: user.email });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).statusCode).toBe(200);
  });

  it("answer 404 anonymously too", async () => {
    for (const [method, url] of UNUSED) {
      const res = await t.app.inject({ method, url, headers: origin, ...(method === "POST" ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe("the endpoints the product uses", () => {
  it("are the ones the web app calls (src/web), besides our own unlock-sign-in", () => {
    const webApi = path.resolve(import.meta.dirname, "../../../web/features/accounts/api");
    const called = new Set<string>();
    for (const file of readdirSync(webApi).filter((name) => !name.includes(".test."))) {
      for (const [match] of readFileSync(path.join(webApi, file), "utf8").matchAll(/\/api\/auth\/[a-z0-9/-]+/g))
        called.add(match);
    }
    called.delete("/api/auth/unlock-sign-in");
    const surface = new Set(Object.keys(AUTH_SURFACE).map((key) => key.split(" ")[1]));
    expect([...called].sort()).toEqual([...surface].sort());
  });

  it("still work for an approved account: the session, two-factor enrolment, sign-out", async () => {
    const user = await createUser(t.db);
    const headers = await signIn(t.app, user.email);
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ id: user.id, twoFactorEnabled: false });
    const enable = await post("/api/auth/two-factor/enable", headers, { password: TEST_PASSWORD });
    expect(enable.statusCode).toBe(200);
    expect(enable.json().totpURI).toMatch(/^otpauth:\/\//);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(1);
    expect((await post("/api/auth/sign-out", headers)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});

describe("a pending account", () => {
  it("can read its session and sign out, and nothing else: no two-factor enrolment", async () => {
    const pending = await createUser(t.db, { status: "pending" });
    const headers = await signIn(t.app, pending.email);
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers })).json().user).toMatchObject({
      status: "pending",
    });
    for (const url of [
      "/api/auth/two-factor/enable",
      "/api/auth/two-factor/disable",
      "/api/auth/two-factor/generate-backup-codes",
      "/api/auth/two-factor/verify-totp",
      "/api/auth/two-factor/verify-backup-code",
    ]) {
      const res = await post(url, headers, { password: TEST_PASSWORD, code: "123456" });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe("account_pending");
    }
    for (const [method, url, payload] of UNUSED) {
      const res = await t.app.inject({ method, url, headers, ...(method === "POST" ? { payload: payload ?? {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, pending.id))).toEqual([]);
    const [after] = await t.db.select().from(users).where(eq(users.id, pending.id));
    expect(after).toMatchObject({ twoFactorEnabled: false, name: pending.name });
    expect((await post("/api/auth/sign-out", headers)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, pending.id))).toEqual([]);
  });

  it("needs a session for the approved-only endpoints (401 without one)", async () => {
    const res = await post("/api/auth/two-factor/enable", origin, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("unauthenticated");
  });
});

describe("better-auth's refusals in the log", () => {
  it("are logged at warn (a client's mistake); a failure of ours at error", async () => {
    const lines: Array<{ level: number; msg: string; status?: number }> = [];
    const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
    const auth = createAuth(t.config, t.db, log);
    // What better-auth's router hands its error handler: an APIError (a 4xx refusal) or any error.
    const onError = auth.options.onAPIError?.onError;
    await onError?.(APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Unauthorized" }));
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, status: 401, msg: "better-auth refused a request: Unauthorized" }),
    ]);
    lines.length = 0;
    await onError?.(new Error("connection refused"));
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: "better-auth: request failed" })]);
  });
});
