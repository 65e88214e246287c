/**
 * SSRF (issue 37): in production a webhook never reaches a private, loopback or link-local address,
 * whether written, resolved from a name, or reached through a redirect from an allowed one; a
 * receiver that never answers costs an attempt its deadline, no more.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../../test/factories";
import { useTestApp } from "../../test/harness";
import { startWebhookReceiver } from "../../test/webhook-receiver";
import { checkUrl, guardedLookup, type AddressPolicy } from "./webhooks.address";
import { attemptDelivery } from "./webhooks.send";
import { createWebhooksService } from "./webhooks.service";

const t = useTestApp();
const production: AddressPolicy = { production: true, allowedHosts: [] };
const development: AddressPolicy = { production: false, allowedHosts: [] };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const refusal = (url: string, policy: AddressPolicy) => {
  try {
    checkUrl(new URL(url), policy);
    return "allowed";
  } catch (error) {
    return (error as { reason: string }).reason;
  }
};

describe("where a webhook may be sent", () => {
  it("in production: https to public addresses only", () => {
    expect(refusal("https://203.0.113.9/hooks", production)).toBe("private"); // documentation range
    expect(refusal("https://8.8.8.8/hooks", production)).toBe("allowed");
    for (const url of [
      "https://127.0.0.1/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.7/hooks",
      "https://[::1]/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://[fd00::1]/hooks",
      "https://localhost/hooks",
      "https://0.0.0.0/hooks",
    ]) {
      expect(refusal(url, production), url).toBe("private");
    }
    expect(refusal("http://8.8.8.8/hooks", production)).toBe("https");
    expect(refusal("http://127.0.0.1:8080/hooks", production)).toBe("https");
  });

  it("in development: plain http only to this machine", () => {
    expect(refusal("http://127.0.0.1:8080/hooks", development)).toBe("allowed");
    expect(refusal("http://localhost:8080/hooks", development)).toBe("allowed");
    expect(refusal("http://192.168.1.20/hooks", development)).toBe("https");
  });

  it("refuses a name that resolves to an internal address when the connection is made", async () => {
    const lookup = guardedLookup(new URL("https://localhost/"), production);
    const error = await new Promise((resolve) => lookup("localhost", {}, (failure) => resolve(failure)));
    expect(error).toMatchObject({ reason: "private" });
    const allowed = guardedLookup(new URL("https://localhost/"), development);
    const address = await new Promise((resolve) => allowed("localhost", {}, (_failure, found) => resolve(found)));
    expect(String(address)).toMatch(/^(127\.|::1)/);
  });

  it("refuses to register an internal endpoint in production", async () => {
    const admin = await signedInAs(t.app, { role: "admin" });
    const service = createWebhooksService({ db: t.db, config: { isProduction: true, webhookAllowedHosts: [] } });
    const audit = { ip: "127.0.0.1", actor: admin.user } as never;
    for (const url of ["https://127.0.0.1/hooks", "https://169.254.169.254/latest/meta-data", "https://localhost/x"]) {
      await expect(
        service.create(admin.user as never, { url, events: ["registration.created"], permissions: [] }, audit),
      ).rejects.toMatchObject({
        code: "webhook_url_not_allowed",
      });
    }
  });

  it("refuses an internal address behind a redirect, even from an allowed host", async () => {
    const allowed: AddressPolicy = { production: true, allowedHosts: [receiver.host] };
    for (const location of ["https://169.254.169.254/latest/meta-data", "https://127.0.0.2/hooks", "http://example.com/hooks"]) {
      receiver.answerWith(() => ({ status: 307, location }));
      const result = await attemptDelivery({ url: receiver.url, body: "{}", headers: {}, policy: allowed });
      expect(result, location).toMatchObject({ ok: false, status: null });
      expect(result.error).toMatch(/address not allowed/);
    }
    // A redirect to somewhere allowed is followed (at most three times).
    receiver.answerWith((request) => (request.path === "/final" ? 204 : { status: 308, location: "/final" }));
    expect(await attemptDelivery({ url: receiver.url, body: "{}", headers: {}, policy: allowed })).toMatchObject({
      ok: true,
      status: 204,
    });
    receiver.answerWith(() => ({ status: 302, location: "/again" }));
    expect(await attemptDelivery({ url: receiver.url, body: "{}", headers: {}, policy: allowed })).toMatchObject({
      ok: false,
      status: 302,
    });
  });

  it("gives up on a receiver that never answers at the attempt's deadline", async () => {
    receiver.answerWith(() => "hang");
    const started = Date.now();
    const result = await attemptDelivery({ url: receiver.url, body: "{}", headers: {}, policy: development, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/no answer/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
