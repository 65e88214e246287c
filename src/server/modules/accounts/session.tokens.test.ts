/**
 * Session tokens are stored as their SHA-256 only (session.tokens.ts): the row never holds the
 * cookie's token, and every use of the session still works (our lookup, better-auth's own lookups,
 * the recorded use, sign-out, a second factor). The migration hashes the rows made before.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { makeSignature } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { createUser, TEST_PASSWORD } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { totpCode } from "../../test/totp";
import { cookieValue, unsignCookie } from "./session.lookup";
import { hashSessionToken } from "./session.tokens";

const t = useTestApp();
const origin = { origin: TEST_PUBLIC_URL };
const NAME = "opencall.session_token";

const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers["set-cookie"]]
    .flat()
    .filter((c): c is string => typeof c === "string")
    .map((c) => c.split(";")[0]!)
    .join("; ");
const tokenOf = (cookie: string) => unsignCookie(cookieValue(cookie, NAME)!, t.config.authSecret)!;
const whoAmI = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } })).json<{ user: { id: string } | null }>().user;

async function signInOverHttp(email: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: origin,
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return cookiesOf(res);
}

describe("a session's token in the database", () => {
  it("is the SHA-256 of the cookie's token, never the token; the session works and signs out", async () => {
    const user = await createUser(t.db);
    const cookie = await signInOverHttp(user.email);
    const token = tokenOf(cookie);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token).not.toBe(token);
    expect(rows[0]!.token).toBe(hashSessionToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await whoAmI(cookie)).toMatchObject({ id: user.id });
    // The token stays in its httpOnly cookie: no reply a script on the page can read carries it
    // (better-auth's get-session, whose reply did, is not part of the API: auth.surface.ts).
    const session = await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } });
    expect(session.json().user).toMatchObject({ id: user.id });
    expect(session.body).not.toContain(token);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/get-session", headers: { cookie } })).statusCode).toBe(404);

    // A recorded use (the idle lifetime) finds the row by the token too.
    const earlier = new Date(Date.now() - 60 * 60_000);
    await t.db.update(sessions).set({ updatedAt: earlier }).where(eq(sessions.userId, user.id));
    expect(await whoAmI(cookie)).toMatchObject({ id: user.id });
    const [used] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(used!.updatedAt.getTime()).toBeGreaterThan(earlier.getTime() + 30 * 60_000);

    const out = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie, ...origin }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await whoAmI(cookie)).toBeNull();
  });

  it("a copy of the row does not sign anyone in: its value as a cookie's token finds no session", async () => {
    const user = await createUser(t.db);
    await signInOverHttp(user.email);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const context = await t.app.ctx.auth.$context;
    const stolen = `${NAME}=${encodeURIComponent(`${row!.token}.${await makeSignature(row!.token, context.secret)}`)}`;
    expect(await whoAmI(stolen)).toBeNull();
  });

  it("is hashed for a session made after a second factor too", async () => {
    const user = await createUser(t.db);
    const first = await signInOverHttp(user.email);
    const enable = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/enable",
      headers: { cookie: first, ...origin },
      payload: { password: TEST_PASSWORD },
    });
    const uri = enable.json<{ totpURI: string }>().totpURI;
    const confirm = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: { cookie: first, ...origin },
      payload: { code: totpCode(uri) },
    });
    expect(confirm.statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));

    const step = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: origin,
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(step.json()).toMatchObject({ twoFactorRedirect: true });
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: { cookie: cookiesOf(step), ...origin },
      payload: { code: totpCode(uri) },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookiesOf(verified);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.token)).toEqual([hashSessionToken(tokenOf(cookie))]);
    expect(await whoAmI(cookie)).toMatchObject({ id: user.id });
  });
});

describe("the migration that hashes the sessions made before", () => {
  it("hashes a stored token in place (its owner stays signed in) and leaves a hashed one alone", async () => {
    const user = await createUser(t.db);
    const raw = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    const already = hashSessionToken("another-sessions-token-0123456789");
    const expiresAt = new Date(Date.now() + 3600_000);
    await t.db.insert(sessions).values([
      { id: randomUUID(), token: raw, userId: user.id, expiresAt },
      { id: randomUUID(), token: already, userId: user.id, expiresAt },
    ]);
    const file = path.resolve(import.meta.dirname, "../../db/migrations/0015_hash_session_tokens.sql");
    await t.db.execute(sql.raw(readFileSync(file, "utf8")));
    const tokens = (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.token);
    expect(tokens.sort()).toEqual([hashSessionToken(raw), already].sort());

    const context = await t.app.ctx.auth.$context;
    const cookie = `${NAME}=${encodeURIComponent(`${raw}.${await makeSignature(raw, context.secret)}`)}`;
    expect(await whoAmI(cookie)).toMatchObject({ id: user.id });
  });
});
