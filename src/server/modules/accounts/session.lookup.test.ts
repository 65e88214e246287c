import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { createUser, signIn } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { cookieValue, unsignCookie } from "./session.lookup";
import { hashSessionToken } from "./session.tokens";

const t = useTestApp();
const NAME = "opencall.session_token";

/** better-call's signing, written out: the lookup must accept exactly what better-auth signs. */
const sign = (value: string, secret: string) => `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;
const asUser = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/session", headers: { cookie } })).json<{ user: { id: string } | null }>().user;
const staffRoute = (cookie: string) => t.app.inject({ method: "GET", url: "/api/events", headers: { cookie } });

describe("the session cookie", () => {
  it("reads better-auth's own signed cookie, and refuses it altered or signed with another secret", async () => {
    const user = await createUser(t.db);
    const { cookie } = await signIn(t.app, user.email);
    const signed = cookieValue(cookie, NAME)!;
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const unsigned = unsignCookie(signed, t.config.authSecret)!;
    expect(hashSessionToken(unsigned)).toBe(row!.token); // the row holds the token's hash only
    expect(sign(unsigned, t.config.authSecret)).toBe(signed);

    const token = signed.slice(0, signed.lastIndexOf("."));
    const signature = signed.slice(signed.lastIndexOf(".") + 1);
    expect(unsignCookie(`${token}x.${signature}`, t.config.authSecret)).toBeNull();
    expect(unsignCookie(`${token}.${signature.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`, t.config.authSecret)).toBeNull();
    expect(unsignCookie(sign(token, "another-secret-that-is-long-enough"), t.config.authSecret)).toBeNull();
    expect(unsignCookie(token, t.config.authSecret)).toBeNull();
    expect(unsignCookie(`${token}.${signature.slice(0, -1)}`, t.config.authSecret)).toBeNull();
  });

  it("takes the first cookie of the name, unquoted and decoded, as better-call does", () => {
    expect(cookieValue(`a=1; ${NAME}=x.y%3D; ${NAME}=other`, NAME)).toBe("x.y=");
    expect(cookieValue(`${NAME}="quoted"`, NAME)).toBe("quoted");
    expect(cookieValue(`x${NAME}=no; other=1`, NAME)).toBeUndefined();
    expect(cookieValue(undefined, NAME)).toBeUndefined();
  });
});

describe("a request's session", () => {
  it("signs a staff member in on their cookie, and nobody in on a forged, unknown or ended one", async () => {
    const user = await createUser(t.db, { role: "member", status: "approved" });
    const cookie = (await signIn(t.app, user.email)).cookie!;
    expect(await asUser(cookie)).toMatchObject({ id: user.id, email: user.email });
    expect((await staffRoute(cookie)).statusCode).toBe(200);

    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const token = unsignCookie(cookieValue(cookie, NAME)!, t.config.authSecret)!;
    // A token that exists, in a cookie not signed with the app's secret: nobody.
    const forged = `${NAME}=${encodeURIComponent(sign(token, "guessed-secret-guessed-secret-0123"))}`;
    expect(await asUser(forged)).toBeNull();
    expect((await staffRoute(forged)).statusCode).toBe(401);
    // Signed, but no such session.
    expect(await asUser(`${NAME}=${encodeURIComponent(sign("no-such-session", t.config.authSecret))}`)).toBeNull();

    // Expired: nobody, and the row is gone (as better-auth does).
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row!.id));
    expect((await staffRoute(cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, row!.id))).toEqual([]);
  });

  it("sees a change of role or status at once (nothing cached)", async () => {
    const user = await createUser(t.db, { role: "member", status: "approved" });
    const cookie = (await signIn(t.app, user.email)).cookie!;
    expect((await staffRoute(cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ status: "pending" }).where(eq(users.id, user.id));
    const res = await staffRoute(cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("account_pending");
  });
});
