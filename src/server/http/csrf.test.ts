/**
 * The CSRF check (a state-changing API request with a cookie must come from our Origin) holds for a
 * request line in absolute form too (`POST http://host/api/… HTTP/1.1`), which Fastify routes like
 * `POST /api/…`. Sent on a raw socket to a listening server: app.inject sends the origin form only.
 */
import { connect } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { signedInAs } from "../test/factories";
import { useTestApp } from "../test/harness";
import { requestPath, requestTarget, targetUnder } from "./request-target";

const t = useTestApp();
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.app.server.close());

/** Sends one raw HTTP/1.1 request line and headers (and an empty JSON body); the status and body. */
async function raw(requestLine: string, headers: Record<string, string>) {
  const socket = connect(port, "127.0.0.1");
  let response = "";
  socket.on("data", (chunk: Buffer) => (response += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers, "content-type": "application/json" });
  // Written, not ended: a half-closed socket may lose its answer; the server closes it (connection: close).
  socket.write(
    `${requestLine}\r\n${lines.map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}`,
  );
  await closed;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
  return { status, body: response.slice(response.indexOf("\r\n\r\n") + 4) };
}

describe("the CSRF check and a request line in absolute form", () => {
  it("refuses a cookie-carrying POST in absolute form from another origin, as in origin form", async () => {
    const { user, headers } = await signedInAs(t.app);
    for (const target of [`http://127.0.0.1:${port}/api/auth/sign-out`, "http://evil.example/api/auth/sign-out"]) {
      for (const origin of [{ origin: "https://evil.example" }, {}] as Array<Record<string, string>>) {
        const res = await raw(`POST ${target} HTTP/1.1`, { cookie: headers.cookie!, ...origin });
        expect(res.status).toBe(403);
        expect(JSON.parse(res.body)).toMatchObject({ error: { code: "csrf_rejected" } });
      }
    }
    // Not signed out: the session is still there.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("still serves the app's own origin in either form", async () => {
    const { user, headers } = await signedInAs(t.app);
    const res = await raw(`POST http://127.0.0.1:${port}/api/auth/sign-out HTTP/1.1`, {
      cookie: headers.cookie!,
      origin: t.config.publicUrl,
    });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("reads the path and query of either form, under our own address", () => {
    expect(requestTarget("/api/x?a=1")).toBe("/api/x?a=1");
    expect(requestTarget("http://evil.example/api/x?a=1")).toBe("/api/x?a=1");
    expect(requestPath("https://h:8443/api/auth/sign-out?x")).toBe("/api/auth/sign-out");
    expect(targetUnder("http://localhost:3000", "http://evil.example/api/auth/get-session?a=1").href).toBe(
      "http://localhost:3000/api/auth/get-session?a=1",
    );
    expect(targetUnder("http://localhost:3000/", "//evil.example/api").host).toBe("localhost:3000");
  });
});
