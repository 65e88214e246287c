import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isPublicVisitorPath } from "@common/public-paths";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompress } from "../../../scripts/lib/precompress";
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
    for (const url of [
      "/",
      "/landing",
      "/events/0b5e/register",
      "/registration/success?e=abc",
      "/verify/tok_en-1",
      "/events/x/register/",
    ]) {
      expect(await titleOf(url), url).toBe("public");
    }
    for (const url of ["/login", "/register", "/dashboard/scouting/events", "/events/x", "/landing/x", "/no/such/page"]) {
      expect(await titleOf(url), url).toBe("main");
    }
    const api = await app.inject({ method: "GET", url: "/api/public/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("route_not_found");
    expect((await app.inject({ method: "POST", url: "/verify/abc" })).statusCode).toBe(404);
  });
});

describe("the build's assets, compressed", () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), "opencall-spa-"));
  writeFileSync(path.join(webRoot, "index.html"), "<title>main</title>");
  mkdirSync(path.join(webRoot, "assets"));
  const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Registro para el evento número ${i}`))};\n`;
  writeFileSync(path.join(webRoot, "assets", "public-abc123.js"), script);
  writeFileSync(path.join(webRoot, "assets", "tiny-abc123.js"), "export {};\n");
  const app = Fastify({ logger: false });
  afterAll(() => app.close());

  it("are sent as Brotli or gzip to browsers that accept them, as they are to others", async () => {
    expect(precompress(path.join(webRoot, "assets"))).toBe(1);
    expect(existsSync(path.join(webRoot, "assets", "tiny-abc123.js.gz")), "a tiny file gains nothing").toBe(false);
    await registerSpa(app, webRoot);
    const get = (encoding?: string) =>
      app.inject({ method: "GET", url: "/assets/public-abc123.js", headers: encoding ? { "accept-encoding": encoding } : {} });

    const brotli = await get("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const res of [brotli, gzip, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("javascript");
      expect(String(res.headers.vary).toLowerCase()).toContain("accept-encoding");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });
});
