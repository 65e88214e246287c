import { describe, expect, it } from "vitest";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";

// The app as deployed with SMTP_URL: the Mailbox is a delivery log, not the development outbox.
const t = useTestApp({ smtpUrl: "smtp://127.0.0.1:2525" });

describe("GET /api/dev/mailbox with an SMTP server configured", () => {
  it("says that an SMTP server is configured", async () => {
    const { headers } = await signedInAs(t.app, { role: "admin" });
    const res = await t.app.inject({ method: "GET", url: "/api/dev/mailbox", headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ smtpConfigured: true });
  });
});
