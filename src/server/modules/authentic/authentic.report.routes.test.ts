/**
 * POST /api/public/authentic/report (issue 39): a report reaches every admin, in the Mailbox and by
 * e-mail through the outbox; a bot's (the honeypot, no token, a forged or too fresh one) is answered
 * the same 202 and goes nowhere; both routes are rate-limited per address.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema";
import { createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { issueFormToken, MIN_FILL_MS } from "./authentic.form-token";

// The report's limit is a tenth of this per 10 minutes, at least 3: 3.
const t = useTestApp({ publicRegistrationRateLimit: 4 });
const message = "Me escribieron por WhatsApp pidiendo $5000 para un book de fotos.";
let address = 0;

/** Each test from its own client address, so the limits of one do not spill into the next. */
let remoteAddress = "";
beforeEach(async () => {
  remoteAddress = `10.0.0.${++address}`;
  await t.db.delete(outboxMessages);
});
const report = (payload: object) => t.app.inject({ method: "POST", url: "/api/public/authentic/report", payload, remoteAddress });
const token = (ageMs: number) => issueFormToken(t.config, new Date(Date.now() - ageMs));
const reports = () => t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "authentic_report"));

describe("POST /api/public/authentic/report", () => {
  it("reaches every approved admin by e-mail and in the Mailbox, and nobody else", async () => {
    const admin = await createUser(t.db, { role: "admin", language: "en" });
    const superadmin = await createUser(t.db, { role: "superadmin" });
    const member = await createUser(t.db, { role: "member" });
    const pending = await createUser(t.db, { role: "admin", status: "pending" });

    const res = await report({ message, contact: "ana@example.com", formToken: token(MIN_FILL_MS + 500) });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ received: true });

    const rows = await reports();
    const to = rows.map((row) => row.toAddress);
    expect(to).toEqual(expect.arrayContaining([admin.email, superadmin.email]));
    expect(to).not.toContain(member.email);
    expect(to).not.toContain(pending.email);
    const english = rows.find((row) => row.toAddress === admin.email)!;
    expect(english.subject).toBe("Report of a suspicious message");
    expect(english.textBody).toContain(message);
    expect(english.textBody).toContain("The reporter's contact: ana@example.com");
    expect(rows.find((row) => row.toAddress === superadmin.email)!.subject).toBe("Denuncia de un mensaje sospechoso");

    const { headers } = await signedInAs(t.app, { role: "admin" });
    const mailbox = await t.app.inject({ method: "GET", url: "/api/dev/mailbox", headers });
    expect(mailbox.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "authentic_report", toAddress: admin.email })]),
    );
  });

  it("answers a bot the same 202 and sends nothing", async () => {
    await createUser(t.db, { role: "admin" });
    for (const body of [
      { message, website: "https://spam.example", formToken: token(MIN_FILL_MS + 500) },
      { message },
      { message, formToken: token(0) },
      { message, formToken: `${Date.now() - 10_000}.AAAAAAAAAAAAAAAAAAAAAA` },
    ]) {
      remoteAddress = `10.0.1.${++address}`;
      const res = await report(body);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await reports()).toEqual([]);
  });

  it("refuses a report too short to read", async () => {
    const res = await report({ message: "hola", formToken: token(MIN_FILL_MS + 500) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("message");
  });

  it("limits reports and checks per client address", async () => {
    for (let i = 0; i < 3; i++) expect((await report({ message, formToken: token(MIN_FILL_MS + 500) })).statusCode).toBe(202);
    expect((await report({ message, formToken: token(MIN_FILL_MS + 500) })).statusCode).toBe(429);

    const check = () =>
      t.app.inject({ method: "POST", url: "/api/public/authentic", payload: { text: "OC-ABCDEF" }, remoteAddress });
    for (let i = 0; i < 4; i++) expect((await check()).json()).toEqual({ verdict: "not_ours" });
    expect((await check()).statusCode).toBe(429);
  });
});
