import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/harness";
import { securityHeaders } from "./security-headers";

const t = useTestApp();
const plainProduction = useTestApp({ publicUrl: "http://10.0.0.5:3000", isProduction: true, env: "production" });
const https = useTestApp({ publicUrl: "https://casting.agency.test", isProduction: true, env: "production" });

describe("security headers", () => {
  // The pages' (the SPA's) are checked in system.routes.test.ts, which builds a web root.
  it("are on every kind of API response: an answer, an unknown route, a refusal, a bad body", async () => {
    const responses = await Promise.all([
      t.app.inject({ url: "/api/health" }),
      t.app.inject({ url: "/api/nope" }),
      t.app.inject({ url: "/api/events" }),
      t.app.inject({
        method: "POST",
        url: "/api/public/verify",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 401, 400]);
    for (const res of responses) {
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      // WebAssembly for the check-in camera's QR decoder, and never JavaScript's eval.
      expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      // Served over plain http (the test app's PUBLIC_URL): no HSTS, no upgrade to an https that is not there.
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(csp).not.toContain("upgrade-insecure-requests");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
    }
  });

  it("hold HSTS and upgrade-insecure-requests when the app is served over https", async () => {
    const res = await https.app.inject({ url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });

  it("hold neither in production over plain http", async () => {
    const res = await plainProduction.app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(String(res.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
  });

  it("are worked out from helmet's own middleware, so a refused option fails at start-up", () => {
    expect(securityHeaders({ xFrameOptions: { action: "deny" } })["x-frame-options"]).toBe("DENY");
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { "default-src": ["'self'"], "script-src": ["self"] } } }),
    ).toThrow();
  });
});
