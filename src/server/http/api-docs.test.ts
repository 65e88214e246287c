import { describe, expect, it } from "vitest";
import { TOKEN_CAPABILITIES } from "@common/schemas/tokens";
import type { App } from "../app";
import { signedInAs } from "../test/factories";
import { useTestApp } from "../test/harness";

// /api/docs maps every route: off unless API_DOCS asks in production (config.ts), staff-only on request.
const off = useTestApp({ apiDocs: "off" });
const staff = useTestApp({ apiDocs: "staff" });
const open = useTestApp({ apiDocs: "public" });

const urls = ["/api/docs/json", "/api/docs/", "/api/docs/yaml"];

interface OpenApi {
  info: { description?: string };
  paths: Record<string, Record<string, { "x-capability"?: string; description?: string; security?: unknown; responses: object }>>;
  components?: { securitySchemes?: Record<string, unknown> };
  security?: unknown;
}

/** An admin's API token holding `permissions`, and a way to revoke it. */
async function apiToken(app: App, permissions: string[]) {
  const admin = await signedInAs(app, { role: "admin" });
  const made = await app.inject({
    method: "POST",
    url: "/api/tokens",
    headers: admin.headers,
    payload: { name: "Docs", permissions },
  });
  expect(made.statusCode).toBe(201);
  const { id, token } = made.json<{ id: string; token: string }>();
  return {
    headers: { authorization: `Bearer ${token}` },
    revoke: async () => {
      const res = await app.inject({ method: "DELETE", url: `/api/tokens/${id}`, headers: admin.headers });
      expect(res.statusCode).toBe(204);
    },
  };
}

const operations = (doc: OpenApi) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

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
    const token = await apiToken(staff.app, ["events.read"]);
    expect((await staff.app.inject({ url: "/api/docs/json", headers: token.headers })).statusCode).toBe(200);
    await token.revoke();
    for (const url of urls) expect((await staff.app.inject({ url, headers: token.headers })).statusCode, url).toBe(401);
  });

  it("show a token holder only the routes a token can call, each with its capability", async () => {
    const token = await apiToken(staff.app, ["registrations.read"]);
    const res = await staff.app.inject({ url: "/api/docs/json", headers: token.headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApi>();
    const list = doc.paths["/api/registrations"]?.get;
    expect(list?.["x-capability"]).toBe("registrations.read");
    expect(list?.description).toContain("Needs the capability `registrations.read`");
    expect(list?.security).toEqual([{ apiToken: [] }]);
    expect(Object.keys(list?.responses ?? {})).toEqual(expect.arrayContaining(["200", "401", "403", "429"]));
    expect(doc.paths["/api/registrations/{id}"]?.patch?.["x-capability"]).toBe("registrations.edit");
    expect(doc.components?.securitySchemes?.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ apiToken: [] }]);
    // Every operation is one a token may be given; what only a session may use is not there at all.
    for (const { path, method, op } of operations(doc)) {
      expect(TOKEN_CAPABILITIES, `${method} ${path}`).toContain(op["x-capability"]);
    }
    // …and every route a token can call is.
    const callable = staff.app.routeAccess
      .filter((route) => (TOKEN_CAPABILITIES as string[]).includes(route.access))
      .map((route) => `${route.method.toLowerCase()} ${route.url.replace(/:(\w+)/g, "{$1}")}`);
    expect(callable).toContain("get /api/registrations");
    expect(operations(doc).map(({ method, path }) => `${method} ${path}`)).toEqual(expect.arrayContaining(callable));
    const paths = Object.keys(doc.paths);
    for (const sessionOnly of ["/api/tokens", "/api/tokens/{id}", "/api/session", "/api/account/language"]) {
      expect(paths).not.toContain(sessionOnly);
    }
    expect(paths.filter((path) => path.startsWith("/api/auth") || path.startsWith("/api/public/"))).toEqual([]);
    expect(paths.filter((path) => !path.startsWith("/api/"))).toEqual([]);
    // The YAML document is the same one.
    const yaml = await staff.app.inject({ url: "/api/docs/yaml", headers: token.headers });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toMatch(/^ {2}\/api\/registrations:$/m);
    expect(yaml.body).toMatch(/x-capability: registrations\.read/);
    expect(yaml.body).not.toMatch(/\/api\/tokens/);
    expect(yaml.body).not.toMatch(/\/api\/session/);
  });

  it("still show a staff session every route, after a token holder's visit too", async () => {
    const token = await apiToken(staff.app, ["events.read"]);
    await staff.app.inject({ url: "/api/docs/json", headers: token.headers });
    const { headers } = await signedInAs(staff.app, { role: "admin" });
    const doc = (await staff.app.inject({ url: "/api/docs/json", headers })).json<OpenApi>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/tokens", "/api/tokens/{id}", "/api/session", "/api/account/language", "/api/public/verify"]),
    );
    expect(doc.paths["/api/tokens"]?.post?.["x-capability"]).toBe("tokens.manage");
    expect(doc.paths["/api/registrations"]?.get?.["x-capability"]).toBe("registrations.read");
    expect(doc.paths["/api/registrations"]?.get?.security).toBeUndefined();
    expect(doc.paths["/api/session"]?.get?.["x-capability"]).toBeUndefined();
    expect(doc.components?.securitySchemes).toBeUndefined();
    expect(doc.info.description).toBe("Scouting events and model registrations.");
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

  it("are served to anyone when public, and a token's document to its holder", async () => {
    for (const url of urls) expect((await open.app.inject({ url })).statusCode, url).toBe(200);
    const everything = Object.keys((await open.app.inject({ url: "/api/docs/json" })).json<OpenApi>().paths);
    expect(everything).toContain("/api/tokens");
    const token = await apiToken(open.app, ["events.read"]);
    const forToken = Object.keys(
      (await open.app.inject({ url: "/api/docs/json", headers: token.headers })).json<OpenApi>().paths,
    );
    expect(forToken).toContain("/api/events");
    expect(forToken).not.toContain("/api/tokens");
    // A Bearer request is its token's: a wrong or revoked one is refused, not read as anonymous.
    await token.revoke();
    expect((await open.app.inject({ url: "/api/docs/json", headers: token.headers })).statusCode).toBe(401);
    const wrong = { authorization: `Bearer oc_${"x".repeat(43)}` };
    expect((await open.app.inject({ url: "/api/docs/json", headers: wrong })).statusCode).toBe(401);
  });
});
