import { CAPABILITY_NAMES } from "@common/permissions";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { buildApp } from "../../app";
import { createTestDatabase } from "../../test/database";
import { signedInAs } from "../../test/factories";
import { testConfig, useTestApp } from "../../test/harness";

const t = useTestApp();

describe("system routes", () => {
  it("answers liveness", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("answers readiness with the database in use", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", database: t.database.kind });
  });

  it("is not ready while a committed migration is not applied", async () => {
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      expect(await t.database.pendingMigrations()).toBe(1);
      const res = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("service_unavailable");
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
  });

  it("does not log health checks at info, and logs other requests", async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const app = await buildApp({ config: t.config, database: t.database, logger: { level: "info", stream } });
    await app.inject({ url: "/api/health" });
    await app.inject({ url: "/api/ready" });
    expect(lines).toEqual([]);
    await app.inject({ url: "/api/public/settings" });
    expect(lines.some((line) => line.includes('"url":"/api/public/settings"'))).toBe(true);
    await app.close();
  });

  it("echoes a well-formed request id and replaces a malformed one", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "abc-123" } });
    expect(ok.headers["x-request-id"]).toBe("abc-123");
    const bad = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "a\tb<script>" } });
    expect(bad.headers["x-request-id"]).not.toContain("<");
  });

  it("answers unknown API paths with a JSON 404 in the error shape", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/does-not-exist?x=1" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json()).toEqual({
        error: { code: "route_not_found", message: `No API route ${method} /api/does-not-exist.` },
      });
    }
  });

  it("answers unreadable JSON with the error shape and no internals", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: "validation_failed", message: "No se pudo leer el pedido." } });
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("serves the OpenAPI document at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/health", "/api/ready", "/api/session"]));
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });

  it("refuses a cookie-carrying mutation from another origin", async () => {
    const { headers } = await signedInAs(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { ...headers, origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("csrf_rejected");
    const missing = await t.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: { cookie: headers.cookie! } });
    expect(missing.statusCode).toBe(403);
  });

  it("declares an access rule on every API route: public or a capability of the table", () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(0);
    for (const route of t.app.routeAccess) {
      expect(["public", ...CAPABILITY_NAMES]).toContain(route.access);
    }
  });
});

describe("the single-page app", () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), "opencall-web-"));
  writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>OpenCall</title><div id=root></div>");
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it("serves index.html for every non-API path and JSON 404s under /api", async () => {
    const testDb = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database: testDb.database, webRoot, logger: false });
    close = async () => {
      await app.close();
      await testDb.drop();
    };
    for (const url of ["/", "/login", "/dashboard/scouting/events", "/events/abc/register", "/no/such/page"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<div id=root>");
    }
    const api = await app.inject({ method: "GET", url: "/api/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("route_not_found");
    const csp = (await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"];
    expect(csp).toContain("script-src 'self'");
  });
});

describe("failures inside the server", () => {
  it("answers 503 in the error shape when the database is gone, without internals", async () => {
    const testDb = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database: testDb.database, logger: false });
    await testDb.drop();
    const res = await app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: "service_unavailable", message: "No se puede acceder a la base de datos." } });
    const session = await app.inject({ method: "GET", url: "/api/session", headers: { cookie: "opencall.session_token=x.y" } });
    // A cookie whose signature does not hold is refused before any lookup: anonymous, not an error.
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
    expect(session.body).not.toMatch(/\.(ts|js):\d+|SELECT|select /);
    await app.close();
  });
});
