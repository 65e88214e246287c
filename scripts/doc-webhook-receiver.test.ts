/**
 * docs/examples/webhook-receiver.mjs, the receiver docs/integrations.md offers agencies' developers,
 * does what the page says: started on a free port, it takes a delivery signed the Standard Webhooks
 * way (the library's own `sign`), handles a repeated `webhook-id` once, and refuses a tampered body,
 * another secret, an old timestamp; during a rotation either of two signatures will do.
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const RECEIVER = new URL("../docs/examples/webhook-receiver.mjs", import.meta.url);

interface ReceiverModule {
  createWebhookReceiver(options: { secret: string; onEvent?: (event: unknown, webhookId: string) => unknown }): Server;
}

const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

interface Delivery {
  id?: string;
  body?: string;
  /** The body that was signed, when another is sent (a tampered delivery). */
  signedBody?: string;
  at?: Date;
  secrets?: string[];
}

/** POSTs a delivery as OpenCall sends it: JSON, the three Standard Webhooks headers. */
async function deliver(port: number, secret: string, delivery: Delivery = {}) {
  const id = delivery.id ?? `msg_${randomUUID()}`;
  const at = delivery.at ?? new Date();
  const body =
    delivery.body ??
    JSON.stringify({ type: "registration.verified", timestamp: at.toISOString(), data: { registrationId: "r1", eventId: "e1" } });
  const signature = (delivery.secrets ?? [secret]).map((key) => new Webhook(key).sign(id, at, delivery.signedBody ?? body));
  const res = await fetch(`http://127.0.0.1:${port}/`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature.join(" "),
    },
    body,
  });
  return { status: res.status, id };
}

describe("the webhook receiver example", () => {
  const secret = newSecret();
  const handled: { event: unknown; webhookId: string }[] = [];
  let failNext = false;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const { createWebhookReceiver } = (await import(RECEIVER.href)) as ReceiverModule;
    server = createWebhookReceiver({
      secret,
      onEvent: (event, webhookId) => {
        if (failNext) {
          failNext = false;
          throw new Error("the receiver's database is down");
        }
        handled.push({ event, webhookId });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers 204 to a signed delivery and handles its event", async () => {
    handled.length = 0;
    const { status, id } = await deliver(port, secret);
    expect(status).toBe(204);
    expect(handled).toEqual([
      {
        webhookId: id,
        event: expect.objectContaining({ type: "registration.verified", data: { registrationId: "r1", eventId: "e1" } }),
      },
    ]);
  });

  it("answers a repeat of a webhook-id 204 without handling it again", async () => {
    handled.length = 0;
    const { id } = await deliver(port, secret);
    // A retry or a resend: the same id, a later attempt's timestamp, signed afresh.
    const again = await deliver(port, secret, { id, at: new Date(Date.now() + 2000) });
    expect(again.status).toBe(204);
    expect(handled.map((entry) => entry.webhookId)).toEqual([id]);
  });

  it("refuses with 400 a tampered body, another secret's signature, an old timestamp, no signature", async () => {
    handled.length = 0;
    const signedBody = JSON.stringify({ type: "registration.cancelled", timestamp: new Date().toISOString(), data: {} });
    expect((await deliver(port, secret, { signedBody, body: signedBody.replace("cancelled", "verified") })).status).toBe(400);
    expect((await deliver(port, secret, { secrets: [newSecret()] })).status).toBe(400);
    expect((await deliver(port, secret, { at: new Date(Date.now() - 10 * 60_000) })).status).toBe(400);
    expect((await deliver(port, secret, { secrets: [] })).status).toBe(400);
    expect(handled).toEqual([]);
  });

  it("takes either of a rotation's two signatures", async () => {
    expect((await deliver(port, secret, { secrets: [newSecret(), secret] })).status).toBe(204);
    expect((await deliver(port, secret, { secrets: [secret, newSecret()] })).status).toBe(204);
  });

  it("answers 500 when handling fails, and handles the retry of the same id", async () => {
    handled.length = 0;
    failNext = true;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await deliver(port, secret);
    expect(first.status).toBe(500);
    expect(handled).toEqual([]);
    expect(warn).toHaveBeenCalledWith(`${first.id} not handled, OpenCall will retry it:`, expect.any(Error));
    expect((await deliver(port, secret, { id: first.id })).status).toBe(204);
    expect(handled.map((entry) => entry.webhookId)).toEqual([first.id]);
  });

  it("runs as a program configured by WEBHOOK_SECRET and PORT", async () => {
    const programSecret = newSecret();
    const child = spawn(process.execPath, [fileURLToPath(RECEIVER)], {
      env: { ...process.env, WEBHOOK_SECRET: programSecret, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let output = "";
      const listening = await new Promise<number>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const match = /on port (\d+)/.exec(output);
          if (match) resolve(Number(match[1]));
        });
        child.on("exit", (code) => reject(new Error(`the receiver exited (${code}): ${output}`)));
      });
      const { status, id } = await deliver(listening, programSecret);
      expect(status).toBe(204);
      await expect.poll(() => output).toContain(`${id} registration.verified`);
      expect((await deliver(listening, secret)).status).toBe(400);
    } finally {
      child.kill();
    }
  });

  it("refuses to start without WEBHOOK_SECRET", async () => {
    const env = { ...process.env };
    delete env.WEBHOOK_SECRET;
    const child = spawn(process.execPath, [fileURLToPath(RECEIVER)], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("WEBHOOK_SECRET");
  });
});
