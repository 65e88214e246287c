import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/harness";

const t = useTestApp();

describe("GET /robots.txt", () => {
  it("is a plain-text robots.txt: public pages allowed, the staff app and the API not", async () => {
    const res = await t.app.inject({ url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /api");
    expect(lines).toContain("Disallow: /shared");
    expect(res.body).not.toMatch(/<html/i);
  });
});
