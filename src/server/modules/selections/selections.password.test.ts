/**
 * A link for a client with a password (issue 36): locked (401) until the password is given in this
 * browser (a cookie that opens this link only), a wrong password refused exactly like a link that
 * does not exist, and the attempts limited per address.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { SHARE_UNLOCK_ATTEMPTS_PER_MINUTE } from "./selections.client.routes";
import { registrant, selectionOf, shareOf } from "./selections.test-support";

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "admin" })).headers;
});

const page = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/public/shares/${token}`, headers });
const unlock = (token: string, password: string, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method: "POST", url: `/api/public/shares/${token}/unlock`, payload: { password }, remoteAddress });

describe("a link with a password", () => {
  it("is locked until the password is given; a wrong one is refused as a link that does not exist", async () => {
    const person = await registrant(t.app);
    const selectionId = await selectionOf(t.app, admin, [person.id]);
    const locked = await shareOf(t.app, admin, selectionId, { password: "verano-2031" });
    const other = await shareOf(t.app, admin, selectionId, { password: "otra-clave" });

    const closed = await page(locked.token);
    expect(closed.statusCode).toBe(401);
    expect(closed.json().error.code).toBe("share_locked");
    expect(closed.body).not.toContain("Martina");

    const wrong = await unlock(locked.token, "invierno", "10.0.0.1");
    expect(wrong.statusCode).toBe(401);
    const nowhere = await unlock("N".repeat(43), "invierno", "10.0.0.1");
    expect(nowhere.statusCode).toBe(401);
    expect(nowhere.json()).toEqual(wrong.json());
    expect(wrong.json().error.code).toBe("share_password_wrong");
    expect(wrong.headers["set-cookie"]).toBeUndefined();

    const right = await unlock(locked.token, "verano-2031", "10.0.0.1");
    expect(right.statusCode).toBe(204);
    const setCookie = String(right.headers["set-cookie"]);
    expect(setCookie).toMatch(new RegExp(`^oc_share=[^;]+; Max-Age=\\d+; Path=/api/public/shares/${locked.token}; HttpOnly`));
    expect(setCookie).not.toContain("verano");
    const cookie = setCookie.split(";")[0]!;

    const open = await page(locked.token, { cookie });
    expect(open.statusCode, open.body).toBe(200);
    const member = open.json().members[0];
    const photo = await t.app.inject({ url: member.photos[0].thumbUrl, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
    expect((await t.app.inject({ url: member.photos[0].thumbUrl })).statusCode).toBe(401);
    // A pick with the cookie: the cross-site check applies (the browser sends its Origin).
    const pick = await t.app.inject({
      method: "PUT",
      url: `/api/public/shares/${locked.token}/members/${member.id}`,
      headers: { cookie, origin: t.config.publicUrl },
      payload: { favourite: true },
    });
    expect(pick.statusCode, pick.body).toBe(200);
    // The cookie opens its own link only.
    expect((await page(other.token, { cookie })).statusCode).toBe(401);
    // A link without a password opens without the unlock; its unlock grants nothing more.
    const plain = await shareOf(t.app, admin, selectionId);
    expect((await unlock(plain.token, "", "10.0.0.1")).statusCode).toBe(204);
  });

  it(`limits attempts to ${SHARE_UNLOCK_ATTEMPTS_PER_MINUTE} a minute from one address`, async () => {
    const person = await registrant(t.app);
    const selectionId = await selectionOf(t.app, admin, [person.id]);
    const { token } = await shareOf(t.app, admin, selectionId, { password: "verano-2031" });
    const statuses: number[] = [];
    for (let i = 0; i < SHARE_UNLOCK_ATTEMPTS_PER_MINUTE; i++)
      statuses.push((await unlock(token, `intento-${i}`, "10.0.0.2")).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await unlock(token, "verano-2031", "10.0.0.2");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["set-cookie"]).toBeUndefined();
    expect((await unlock(token, "verano-2031", "10.0.0.3")).statusCode).toBe(204);
  });
});
