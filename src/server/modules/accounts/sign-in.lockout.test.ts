/**
 * Issue 15 point 6: nobody can keep a staff account locked out by sending wrong passwords. Failures
 * are limited per client address and account, per account from every address (unknown clients only),
 * and per known device; the owner gets in from a known device or after an e-mailed unlock link, and
 * the answers are the same for addresses without an account.
 */
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createUser, linkIn, outboxFor, TEST_PASSWORD } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { DEVICE_COOKIE } from "./sign-in.device";
import { SIGN_IN_ACCOUNT_MAX_FAILURES, SIGN_IN_MAX_FAILURES } from "./sign-in.limiter";

const t = useTestApp();
const origin = { origin: TEST_PUBLIC_URL };

const signIn = (email: string, password: string, from: { ip: string; cookie?: string }, app = t.app) =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress: from.ip,
    headers: { ...origin, ...(from.cookie ? { cookie: from.cookie } : {}) },
    payload: { email, password },
  });

const deviceCookieOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers["set-cookie"]]
    .flat()
    .map((c) => String(c).split(";")[0]!)
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));

/** `count` wrong passwords for `email`, each from its own client address. */
async function guessFromManyAddresses(email: string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await signIn(email, `wrong-password-${i}`, { ip: `203.0.113.${i + 1}` });
    expect(res.statusCode).toBe(401);
  }
}

describe("a stranger sending wrong passwords", () => {
  it("locks only their own client address out of the account; the owner signs in from elsewhere", async () => {
    const owner = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      expect((await signIn(owner.email, `wrong-${i}`, { ip: "203.0.113.200" })).statusCode).toBe(401);
    }
    const stranger = await signIn(owner.email, TEST_PASSWORD, { ip: "203.0.113.200" });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.code).toBe("rate_limited");
    expect((await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.7" })).statusCode).toBe(200);
  });

  it("from many addresses locks the account for unknown clients, not for the owner's known device", async () => {
    const owner = await createUser(t.db);
    const earlier = await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.8" });
    const device = deviceCookieOf(earlier);
    expect(device).toBeDefined();

    await guessFromManyAddresses(owner.email, SIGN_IN_ACCOUNT_MAX_FAILURES);
    const newClient = await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.9" });
    expect(newClient.statusCode).toBe(429);
    expect(Number(newClient.headers["retry-after"])).toBeGreaterThan(0);

    // The known device still gets in, from any client address.
    expect((await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.10", cookie: device })).statusCode).toBe(200);
    // A device cookie of another account does not help.
    const other = await createUser(t.db);
    const otherDevice = deviceCookieOf(await signIn(other.email, TEST_PASSWORD, { ip: "198.51.100.11" }));
    expect((await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.11", cookie: otherDevice })).statusCode).toBe(429);
  });

  it("e-mails the owner an unlock link that makes a new browser a known device, once", async () => {
    const owner = await createUser(t.db);
    await guessFromManyAddresses(owner.email, SIGN_IN_ACCOUNT_MAX_FAILURES);
    // Guessing on while locked sends no more e-mails.
    expect((await signIn(owner.email, "still-guessing", { ip: "203.0.113.99" })).statusCode).toBe(429);
    const mails = (await outboxFor(t.db, owner.email)).filter((m) => m.kind === "sign_in_unlock");
    expect(mails).toHaveLength(1);
    const token = new URL(linkIn(mails[0]!.textBody, `${TEST_PUBLIC_URL}/login?unlock=`)).searchParams.get("unlock");

    const unlock = () => t.app.inject({ method: "POST", url: "/api/auth/unlock-sign-in", headers: origin, payload: { token } });
    const unlocked = await unlock();
    expect(unlocked.statusCode).toBe(200);
    const device = deviceCookieOf(unlocked);
    expect((await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.12" })).statusCode).toBe(429);
    expect((await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.12", cookie: device })).statusCode).toBe(200);

    const again = await unlock();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("invalid_token");
  });

  it("e-mails the owner when a client locks itself out too, at most once per lock window", async () => {
    const owner = await createUser(t.db);
    for (const ip of ["203.0.113.150", "203.0.113.151"]) {
      for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
        expect((await signIn(owner.email, `wrong-${i}`, { ip })).statusCode).toBe(401);
      }
    }
    expect((await outboxFor(t.db, owner.email)).filter((m) => m.kind === "sign_in_unlock")).toHaveLength(1);
  });

  it("locks a known device after its own failures, so a stolen device cookie is no free pass", async () => {
    const owner = await createUser(t.db);
    const device = deviceCookieOf(await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.13" }));
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      expect((await signIn(owner.email, `wrong-${i}`, { ip: `198.51.100.${20 + i}`, cookie: device })).statusCode).toBe(401);
    }
    expect((await signIn(owner.email, TEST_PASSWORD, { ip: "198.51.100.30", cookie: device })).statusCode).toBe(429);
  });
});

describe("no user enumeration", () => {
  it("answers an unknown address exactly like a known one, and e-mails nothing", async () => {
    const owner = await createUser(t.db);
    const ghost = "nobody-at-all@agency.test";
    await guessFromManyAddresses(owner.email, SIGN_IN_ACCOUNT_MAX_FAILURES);
    await guessFromManyAddresses(ghost, SIGN_IN_ACCOUNT_MAX_FAILURES);
    const known = await signIn(owner.email, "anything-else", { ip: "198.51.100.40" });
    const unknown = await signIn(ghost, "anything-else", { ip: "198.51.100.40" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxFor(t.db, ghost)).toEqual([]);
  });
});

describe("counters in the database", () => {
  it("are shared by every app process on the database", async () => {
    const owner = await createUser(t.db);
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      await second.ready();
      for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
        const app = i % 2 === 0 ? t.app : second;
        expect((await signIn(owner.email, `wrong-${i}`, { ip: "203.0.113.250" }, app)).statusCode).toBe(401);
      }
      expect((await signIn(owner.email, TEST_PASSWORD, { ip: "203.0.113.250" }, second)).statusCode).toBe(429);
      expect((await signIn(owner.email, TEST_PASSWORD, { ip: "203.0.113.250" })).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
