/**
 * The same app as in production: Secure cookies, a small per-IP sign-in limit, staff sign-up closed,
 * and a real logger whose lines the tests read.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app";
import { createUser, TEST_PASSWORD } from "../../test/factories";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { TEST_PUBLIC_URL, testConfig } from "../../test/harness";

const lines: Array<Record<string, unknown>> = [];
let app: App;
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await buildApp({
    config: testConfig({ isProduction: true, signInRateLimit: 3, staffSignup: "closed" }),
    database: testDb.database,
    logger: { level: "info", stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const origin = { origin: TEST_PUBLIC_URL };
const signIn = (email: string, password: string, ip = "203.0.113.7") =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: origin,
    payload: { email, password },
    remoteAddress: ip,
  });

describe("in production", () => {
  it("marks the session cookie Secure (and __Secure-), HttpOnly and SameSite=Lax", async () => {
    const user = await createUser(app.ctx.db);
    const res = await signIn(user.email, TEST_PASSWORD, "198.51.100.1");
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers["set-cookie"]].flat().find((c) => String(c).includes("session_token="));
    expect(cookie).toMatch(/^__Secure-opencall\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it("logs successful and refused sign-ins", async () => {
    const user = await createUser(app.ctx.db);
    await signIn(user.email, TEST_PASSWORD, "198.51.100.2");
    await signIn(user.email, "not-the-password", "198.51.100.2");
    expect(lines).toContainEqual(expect.objectContaining({ msg: "signed in", email: user.email }));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "sign-in refused: wrong e-mail or password", email: user.email, level: 40 }),
    );
  });

  it("logs a refused authorisation", async () => {
    const member = await createUser(app.ctx.db);
    const cookie = [(await signIn(member.email, TEST_PASSWORD, "198.51.100.3")).headers["set-cookie"]]
      .flat()
      .map((c) => String(c).split(";")[0])
      .join("; ");
    const res = await app.inject({ method: "GET", url: "/api/users", headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(lines).toContainEqual(expect.objectContaining({ msg: "authorisation refused", userId: member.id }));
  });

  it("limits sign-in attempts per IP address with a clear 429", async () => {
    const results: number[] = [];
    for (let i = 0; i < 4; i++) results.push((await signIn(`someone-${i}@example.com`, "whatever-password")).statusCode);
    expect(results).toEqual([401, 401, 401, 429]);
    const limited = await signIn("someone-else@example.com", "whatever-password");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("rate_limited");
    expect(limited.json().error.message).toMatch(/^Demasiados intentos\. Esperá \d+ minutos? e intentá de nuevo\.$/);
    // Another address is not limited.
    expect((await signIn("someone-else@example.com", "whatever-password", "192.0.2.9")).statusCode).toBe(401);
  });

  it("refuses staff sign-up with 403 signup_closed when STAFF_SIGNUP=closed", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: { name: "Nope", email: "nope@example.com", password: "a-long-passphrase" },
      remoteAddress: "198.51.100.9",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("signup_closed");
    expect((await app.inject({ method: "GET", url: "/api/public/settings" })).json().staffSignup).toBe("closed");
  });
});
