/**
 * Issue 15 points 5 and 6: whatever reaches /api/auth/* is answered in the API's error shape, and no
 * input crashes it (unknown paths, JSON nested very deep, NUL characters in fields).
 */
import { describe, expect, it } from "vitest";
import { createUser } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";

const t = useTestApp();
const origin = { origin: TEST_PUBLIC_URL, "content-type": "application/json" };

describe("unknown /api/auth/* paths", () => {
  it.each([
    ["GET", "/api/auth/no-such-endpoint"],
    ["POST", "/api/auth/no-such-endpoint"],
    ["GET", "/api/auth/sign-in/email/extra"],
  ])("%s %s answers 404 route_not_found in the error shape", async (method, url) => {
    const res = await t.app.inject({
      method: method as "GET" | "POST",
      url,
      headers: origin,
      payload: method === "POST" ? {} : undefined,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: "route_not_found" });
    expect(typeof res.json().error.message).toBe("string");
  });
});

describe("JSON nested very deep", () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

  it.each(["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/request-password-reset", "/api/auth/reset-password"])(
    "%s answers 400 validation_failed to 100,000 levels",
    async (url) => {
      const res = await t.app.inject({ method: "POST", url, headers: origin, payload: deep(100_000) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
    },
  );

  it("refuses deep nesting inside a field, too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: origin,
      payload: `{"email":"a@agency.test","password":${"[".repeat(50_000)}${"]".repeat(50_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
  });
});

describe("a NUL character in a field", () => {
  it.each([
    ["/api/auth/sign-in/email", { email: "someone\u0000@agency.test", password: "whatever-password" }, "email"],
    ["/api/auth/sign-in/email", { email: "someone@agency.test", password: "pass\u0000word-long" }, "password"],
    ["/api/auth/sign-up/email", { name: "Ana\u0000", email: "ana.nul@agency.test", password: "long-enough-pass" }, "name"],
    ["/api/auth/sign-up/email", { name: "Ana", email: "ana\u0000@agency.test", password: "long-enough-pass" }, "email"],
    ["/api/auth/request-password-reset", { email: "x\u0000@agency.test" }, "email"],
    ["/api/auth/reset-password", { token: "abc\u0000", newPassword: "long-enough-pass" }, "token"],
    ["/api/auth/reset-password", { token: "abc", newPassword: "long-enough\u0000-pass" }, "newPassword"],
  ])("%s refuses it in %j with 400", async (url, payload, field) => {
    const res = await t.app.inject({ method: "POST", url, headers: origin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it("in the query string of a GET, too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/reset-password/abc%00?callbackURL=%00", headers: origin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
  });

  it("leaves ordinary sign-in working", async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: origin,
      payload: { email: user.email, password: "correct-horse-battery" },
    });
    expect(res.statusCode).toBe(200);
  });
});
