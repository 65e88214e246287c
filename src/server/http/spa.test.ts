import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isPublicVisitorPath } from "@common/public-paths";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { registerSpa } from "./spa";

describe("registerSpa with several HTML entries", () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), "opencall-spa-"));
  writeFileSync(path.join(webRoot, "index.html"), "<title>main</title>");
  writeFileSync(path.join(webRoot, "public.html"), "<title>public</title>");
  const app = Fastify({ logger: false });
  afterAll(() => app.close());

  it("serves an entry's HTML for its paths and index.html for every other page path", async () => {
    await registerSpa(app, webRoot, [{ file: "public.html", matches: isPublicVisitorPath }]);
    const titleOf = async (url: string) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      return /<title>(\w+)<\/title>/.exec(res.body)?.[1];
    };
    for (const url of ["/events/0b5e/register", "/registration/success?e=abc", "/verify/tok_en-1", "/events/x/register/"]) {
      expect(await titleOf(url), url).toBe("public");
    }
    for (const url of ["/", "/login", "/register", "/dashboard/scouting/events", "/events/x", "/no/such/page"]) {
      expect(await titleOf(url), url).toBe("main");
    }
    const api = await app.inject({ method: "GET", url: "/api/public/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("route_not_found");
    expect((await app.inject({ method: "POST", url: "/verify/abc" })).statusCode).toBe(404);
  });
});
