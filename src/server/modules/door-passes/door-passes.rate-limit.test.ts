/** Signing in with a door pass is limited per address like the public forms (issue 35); the cookie's attributes. */
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/harness";
import { clearedDoorPassCookie, doorPassCookie } from "./door-pass.cookie";

const t = useTestApp({ publicRegistrationRateLimit: 3 });

describe("signing in with a door pass", () => {
  it("answers 429 rate_limited past PUBLIC_REGISTRATION_RATE_LIMIT a minute, per address", async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/door-passes/sign-in",
        headers: { origin: t.config.publicUrl },
        payload: { token: "a".repeat(43) },
        remoteAddress: ip,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt("203.0.113.9")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt("203.0.113.9")).json().error.code).toBe("rate_limited");
    expect((await attempt("198.51.100.4")).statusCode).toBe(401);
  });

  it("sets a Secure cookie when the app is served over https, living until the pass expires", () => {
    const now = new Date("2027-04-09T12:00:00Z");
    const expiresAt = new Date("2027-04-09T20:00:00Z");
    expect(doorPassCookie({ publicUrl: "https://casting.agencia.test" }, "s3cret", expiresAt, now)).toBe(
      "oc_door_pass=s3cret; Max-Age=28800; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
    expect(doorPassCookie({ publicUrl: "http://localhost:3000" }, "s3cret", expiresAt, now)).not.toContain("Secure");
    expect(clearedDoorPassCookie({ publicUrl: "https://casting.agencia.test" })).toBe(
      "oc_door_pass=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
  });
});
