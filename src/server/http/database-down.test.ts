import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase } from "../db/client";
import { signedInAs } from "../test/factories";
import { createTestDatabase } from "../test/database";
import { testConfig } from "../test/harness";

// While the database cannot be reached, a request is answered 503 service_unavailable in the error
// shape (try again), never 500: staff routes (whose session is looked up first), public ones, sign-in.

const SERVICE_UNAVAILABLE = { error: { code: "service_unavailable", message: expect.any(String) } };

async function expectUnavailable(app: Awaited<ReturnType<typeof buildApp>>, headers: Record<string, string>) {
  const requests = [
    { method: "GET" as const, url: "/api/events", headers },
    { method: "GET" as const, url: "/api/registrations", headers },
    { method: "GET" as const, url: "/api/session", headers },
    { method: "GET" as const, url: "/api/public/events/00000000-0000-4000-8000-000000000000" },
    {
      method: "POST" as const,
      url: "/api/auth/sign-in/email",
      headers: { origin: headers.origin! },
      payload: { email: "a@agency.test", password: "whatever-it-is" },
    },
  ];
  for (const request of requests) {
    const res = await app.inject(request);
    expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(503);
    expect(res.json()).toEqual(SERVICE_UNAVAILABLE);
    expect(res.body).not.toMatch(/\.(ts|js):\d+|select /i);
  }
}

describe("while the database is down", () => {
  it("answers staff and public routes 503 in the error shape, once the database under the app is closed", async () => {
    const testDb = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database: testDb.database, logger: false });
    const { headers } = await signedInAs(app, { role: "superadmin" });
    expect((await app.inject({ url: "/api/events", headers })).statusCode).toBe(200);
    await testDb.drop();
    await expectUnavailable(app, headers);
    await app.close();
  });

  it("answers them 503 when PostgreSQL cannot be reached at all", async () => {
    // Nothing listens on port 1: every connection is refused.
    // A session signed in on a working database: its cookie is signed with the same secret.
    const working = await createTestDatabase();
    const signingApp = await buildApp({ config: testConfig(), database: working.database, logger: false });
    const { headers } = await signedInAs(signingApp, { role: "superadmin" });
    await signingApp.close();
    await working.drop();
    const database = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/opencall", poolSize: 2 });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await expectUnavailable(app, headers);
    await app.close();
    await database.close();
  });
});
