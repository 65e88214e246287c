import { describe, expect, it } from "vitest";
import { MATRIX, PERSONAS, expectedStatuses, isExemptRoute, type Persona } from "./authorization-matrix";
import { signedInAs } from "./factories";
import { useTestApp } from "./harness";

const t = useTestApp();

async function headersFor(persona: Persona): Promise<Record<string, string>> {
  if (persona === "anonymous") return { origin: t.config.publicUrl };
  const account =
    persona === "pending" ? ({ role: "member", status: "pending" } as const) : ({ role: persona, status: "approved" } as const);
  return (await signedInAs(t.app, account)).headers;
}

describe("authorisation matrix", () => {
  it("lists every API route of the app", () => {
    const listed = new Set(MATRIX.map((row) => `${row.method} ${row.route}`));
    const missing = t.app.routeAccess
      .filter((route) => !isExemptRoute(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !listed.has(key));
    expect(missing).toEqual([]);
  });

  it("matches the declared access of every route", () => {
    for (const row of MATRIX) {
      const declared = t.app.routeAccess.find((r) => r.method === row.method && r.url === row.route);
      expect(declared, `${row.method} ${row.route} is not a route of the app`).toBeDefined();
    }
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.route}${row.needs ? ` (${row.needs})` : ""}`, async () => {
      const declared = t.app.routeAccess.find((r) => r.method === row.method && r.url === row.route);
      const expected = row.expect ?? expectedStatuses(row.needs ?? declared!.access, row.ok);
      const actual: Record<string, number> = {};
      for (const persona of PERSONAS) {
        const headers = await headersFor(persona);
        const request = row.prepare ? await row.prepare(t.app) : { url: row.route };
        const res = await t.app.inject({
          method: row.method,
          url: request.url,
          headers: { ...headers, ...request.headers },
          ...(request.body === undefined ? {} : { payload: request.body as object }),
          ...(row.stream ? { payloadAsStream: true } : {}),
        });
        actual[persona] = res.statusCode;
        if (row.stream) res.stream().destroy();
      }
      expect(actual).toEqual(expected);
    });
  }
});
