/**
 * Issue 15 point 1: an address anyone can sign up with (open sign-up, unverified) must never become
 * an admin in the hands of whoever signed up. 'Create Admin' discards the stranger's credentials and
 * invites the address's real owner; approving an unverified account is refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t as translate } from "@common/i18n";
import { outboxMessages, sessions, users } from "../../db/schema";
import { createOutboxWorker } from "../../jobs/outbox-worker";
import { createSmtpTransport } from "../../mail/transport";
import { linkIn, signedInAs } from "../../test/factories";
import { TEST_PUBLIC_URL, useTestApp } from "../../test/harness";
import { memoryLogger } from "../../test/outbox";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/smtp";

const t = useTestApp();
const MAIL_FROM = "OpenCall <no-reply@agency.test>";
const origin = { origin: TEST_PUBLIC_URL };
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

/** Delivers everything due, once, through the real worker and SMTP transport. */
async function deliver() {
  const worker = createOutboxWorker({
    db: t.db,
    config: { ...t.config, smtpUrl: smtp.url, mailFrom: MAIL_FROM },
    log: memoryLogger(),
    transport: createSmtpTransport({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, ratePerSecond: 1000 }),
  });
  try {
    return await worker.drainOnce();
  } finally {
    await worker.stop();
  }
}

const signInRequest = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: origin, payload: { email, password } });

/** A stranger signs up with an address they do not own, and signs in (still pending). */
async function strangerSignsUp(email: string) {
  const password = "stranger-chose-this-one";
  const signUp = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: origin,
    payload: { name: "Not The Owner", email, password },
  });
  expect(signUp.statusCode).toBe(200);
  const signedIn = await signInRequest(email, password);
  expect(signedIn.statusCode).toBe(200);
  const cookie = [signedIn.headers["set-cookie"]]
    .flat()
    .map((c) => String(c).split(";")[0])
    .join("; ");
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return { password, headers: { cookie, ...origin }, user: user! };
}

describe("'Create Admin' for an address a stranger signed up with", () => {
  it("discards the stranger's password and sessions and invites the real owner", async () => {
    const email = "director@agency.test";
    const stranger = await strangerSignsUp(email);
    await t.db.delete(outboxMessages);

    const { headers } = await signedInAs(t.app, { role: "superadmin" });
    const res = await t.app.inject({ method: "POST", url: "/api/users/admins", headers, payload: { email } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      outcome: "invited",
      user: { id: stranger.user.id, email, role: "admin", status: "approved", emailVerified: false },
    });
    expect(res.json().user.fullName).not.toBe("Not The Owner");

    // The stranger's password no longer signs in, and their session is gone.
    expect((await signInRequest(email, stranger.password)).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/session", headers: stranger.headers })).json()).toEqual({
      user: null,
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, stranger.user.id))).toEqual([]);

    // The owner receives the invitation and chooses the password.
    expect(await deliver()).toMatchObject({ sent: 1 });
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.subject).toBe("Te invitaron como administrador de OpenCall");
    const link = new URL(linkIn(mail!.text, `${TEST_PUBLIC_URL}/reset-password?token=`));
    const set = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: origin,
      payload: { token: link.searchParams.get("token"), newPassword: "the-real-owners-passphrase" },
    });
    expect(set.statusCode).toBe(200);
    expect((await signInRequest(email, "the-real-owners-passphrase")).statusCode).toBe(200);
    expect((await signInRequest(email, stranger.password)).statusCode).toBe(401);
  });

  it("still promotes an account whose owner verified the address", async () => {
    const member = (await signedInAs(t.app, { email: "verified@agency.test", status: "pending" })).user;
    const { headers } = await signedInAs(t.app, { role: "superadmin" });
    const res = await t.app.inject({ method: "POST", url: "/api/users/admins", headers, payload: { email: member.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: "promoted", user: { id: member.id, role: "admin" } });
  });
});

describe("approving an unverified account", () => {
  it("is refused with email_not_verified, and the account stays pending", async () => {
    const stranger = await strangerSignsUp("pending.stranger@agency.test");
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const res = await t.app.inject({ method: "POST", url: `/api/users/${stranger.user.id}/approve`, headers, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: "email_not_verified", message: translate("accounts.users.approveUnverified") } });
    const [row] = await t.db.select().from(users).where(eq(users.id, stranger.user.id));
    expect(row?.status).toBe("pending");
  });
});
