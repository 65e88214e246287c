import { describe, expect, it } from "vitest";
import { signedInAs } from "../test/factories";
import { useTestApp } from "../test/harness";

// /api/docs maps every route: off unless API_DOCS asks in production (config.ts), staff-only on request.
const off = useTestApp({ apiDocs: "off" });
const staff = useTestApp({ apiDocs: "staff" });
const open = useTestApp({ apiDocs: "public" });

const urls = ["/api/docs/json", "/api/docs/", "/api/docs/yaml"];

describe("the API docs", () => {
  it("are not served when off", async () => {
    for (const url of urls) {
      const res = await off.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("route_not_found");
    }
    // The OpenAPI document is still built (the generated-input test reads it).
    expect(Object.keys((off.app.swagger() as { paths: object }).paths)).toContain("/api/health");
  });

  it("are served to signed-in staff only when staff", async () => {
    for (const url of urls) {
      const res = await staff.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe("unauthenticated");
    }
    const pending = await signedInAs(staff.app, { role: "member", status: "pending" });
    expect((await staff.app.inject({ url: "/api/docs/json", headers: pending.headers })).statusCode).toBe(403);
    const { headers } = await signedInAs(staff.app, { role: "member" });
    for (const url of urls) expect((await staff.app.inject({ url, headers })).statusCode, url).toBe(200);
    // The holder of an API token (issue 37) reads them too; a revoked one does not.
    const admin = await signedInAs(staff.app, { role: "admin" });
    const made = await staff.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: admin.headers,
      payload: { name: "Docs", permissions: ["events.read"] },
    });
    const bearer = { authorization: `Bearer ${made.json<{ token: string }>().token}` };
    expect((await staff.app.inject({ url: "/api/docs/json", headers: bearer })).statusCode).toBe(200);
    await staff.app.inject({ method: "DELETE", url: `/api/tokens/${made.json<{ id: string }>().id}`, headers: admin.headers });
    expect((await staff.app.inject({ url: "/api/docs/json", headers: bearer })).statusCode).toBe(401);
  });

  it("have a content security policy of their own that allows the viewer's inline styles", async () => {
    const res = await open.app.inject({ url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // Served over http here: an upgrade would send the browser to an https that does not answer.
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
    // Every other route keeps the app's policy.
    const app = String((await open.app.inject({ url: "/api/health" })).headers["content-security-policy"]);
    expect(app).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(app).not.toEqual(csp);
  });

  it("are served to anyone when public", async () => {
    for (const url of urls) expect((await open.app.inject({ url })).statusCode, url).toBe(200);
  });
});
