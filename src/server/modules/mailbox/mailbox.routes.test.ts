import { translator } from "@common/i18n";
import { afterEach, describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema";
import { createOutboxWorker } from "../../jobs/outbox-worker";
import { enqueueEmail } from "../../mail/outbox";
import { createUser, signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { memoryLogger, testEmail } from "../../test/outbox";

const t = useTestApp();
afterEach(async () => {
  await t.db.delete(outboxMessages);
});

describe("GET /api/dev/mailbox", () => {
  it("lists every message newest first, paginated", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) ids.push((await enqueueEmail(t.db, testEmail({ subject: `Mensaje ${i}` }))).id);

    const first = await t.app.inject({ method: "GET", url: "/api/dev/mailbox?pageSize=2", headers });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2, smtpConfigured: false });
    expect(body.items.map((m: { subject: string }) => m.subject)).toEqual(["Mensaje 3", "Mensaje 2"]);
    expect(body.items[0]).toEqual({
      id: ids[2],
      kind: "registration_reminder",
      toAddress: expect.stringMatching(/@example\.com$/),
      subject: "Mensaje 3",
      status: "pending",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentAt: null,
    });

    const second = await t.app.inject({ method: "GET", url: "/api/dev/mailbox?pageSize=2&page=2", headers });
    expect(second.json().items.map((m: { subject: string }) => m.subject)).toEqual(["Mensaje 1"]);
  });

  it("rejects a page size beyond 100", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const res = await t.app.inject({ method: "GET", url: "/api/dev/mailbox?pageSize=1000", headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("validation_failed");
  });
});

describe("GET /api/dev/mailbox/:id", () => {
  it("shows a development message with its bodies, marked undelivered by the worker", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const { id } = await enqueueEmail(t.db, testEmail({ to: "lucia@example.com" }));
    await createOutboxWorker({ db: t.db, config: t.config, log: memoryLogger() }).drainOnce();

    const res = await t.app.inject({ method: "GET", url: `/api/dev/mailbox/${id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      toAddress: "lucia@example.com",
      status: "undelivered",
      attempts: 0,
      lastError: null,
      smtpResponse: null,
      linksHidden: false,
    });
    expect(res.json().textBody).toContain("http://localhost:3000/verify/abc123");
    expect(res.json().htmlBody).toContain("Confirmá tu inscripción en OpenCall");
  });

  it("hides the links of another staff account's mail from an admin, not from a superadmin or the account itself", async () => {
    const boss = await createUser(t.db, { role: "superadmin" });
    const reset = testEmail({
      kind: "password_reset",
      to: boss.email.toUpperCase(),
      text: "Elegí una contraseña nueva: http://localhost:3000/api/auth/reset-password/secret-token",
      html: '<a href="http://localhost:3000/api/auth/reset-password/secret-token">Elegir</a>',
    });
    const { id } = await enqueueEmail(t.db, reset);
    const url = `/api/dev/mailbox/${id}`;

    const admin = await signedInAs(t.app, { role: "admin" });
    const asAdmin = (await t.app.inject({ method: "GET", url, headers: admin.headers })).json();
    expect(asAdmin.linksHidden).toBe(true);
    expect(asAdmin.textBody).toBe("Elegí una contraseña nueva: [enlace oculto]");
    expect(asAdmin.htmlBody).not.toContain("secret-token");

    const otherSuperadmin = await signedInAs(t.app, { role: "superadmin" });
    const asSuperadmin = (await t.app.inject({ method: "GET", url, headers: otherSuperadmin.headers })).json();
    expect(asSuperadmin.linksHidden).toBe(false);
    expect(asSuperadmin.textBody).toContain("secret-token");

    const ownAdmin = await signedInAs(t.app, { role: "admin" });
    const own = await enqueueEmail(t.db, { ...reset, to: ownAdmin.user.email });
    const asOwner = (await t.app.inject({ method: "GET", url: `/api/dev/mailbox/${own.id}`, headers: ownAdmin.headers })).json();
    expect(asOwner.linksHidden).toBe(false);
    expect(asOwner.textBody).toContain("secret-token");
  });

  it("answers 404 for an unknown message", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const res = await t.app.inject({ method: "GET", url: "/api/dev/mailbox/999999", headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: "not_found", message: translator("es-AR")("mailbox.notFound") });
  });
});
