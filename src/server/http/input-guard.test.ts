import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, signedInAs } from "../test/factories";
import { useTestApp } from "../test/harness";

// Inputs that once crashed a route (issue 15, point 5): each gets a 400 in the error shape.

const t = useTestApp();
let admin: Record<string, string>;
let eventId: string;

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  eventName: "Casting Otoño",
  eventDate: "2026-04-18",
  location: "La Rural",
  description: "Primera línea\n\tsegunda línea",
  timeslots: [{ startTime: "10:00", endTime: "11:00", capacity: 10 }],
  ...overrides,
});

beforeAll(async () => {
  admin = (await signedInAs(t.app, { role: "superadmin" })).headers;
  eventId = (await createEvent(t.db)).id;
});

function expectBadRequest(res: { statusCode: number; body: string; json(): unknown }, field?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(error.code).toBe("validation_failed");
  expect(error.message).toBeTypeOf("string");
  if (field) expect(Object.keys(error.fields ?? {})).toContain(field);
}

describe("control characters", () => {
  it("are refused in sign-in and reset bodies", async () => {
    const origin = { origin: admin.origin! };
    expectBadRequest(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: origin,
        payload: { email: "a\u0000@agency.test", password: "x" },
      }),
      "email",
    );
    expectBadRequest(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: origin,
        payload: { email: "a@agency.test", password: "pass\u0000word" },
      }),
      "password",
    );
    expectBadRequest(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        headers: origin,
        payload: { email: "\u0000" },
      }),
      "email",
    );
  });

  it("are refused in query and path parameters, the export's search on both databases included", async () => {
    expectBadRequest(await t.app.inject({ url: "/api/registrations/export.csv?q=%00", headers: admin }), "q");
    expectBadRequest(await t.app.inject({ url: "/api/registrations?q=a%07b", headers: admin }), "q");
    expectBadRequest(await t.app.inject({ url: "/api/events/%00", headers: admin }), "id");
    expectBadRequest(await t.app.inject({ url: "/api/public/events/%00x" }), "eventId");
  });

  it("are refused in a one-line text, and a multi-line text keeps its line breaks and tabs", async () => {
    for (const eventName of ["Casting\u0000", "Casting\u0007", "Casting\nOtoño", "Casting\tOtoño"]) {
      expectBadRequest(
        await t.app.inject({ method: "POST", url: "/api/events", headers: admin, payload: eventBody({ eventName }) }),
        "eventName",
      );
    }
    expectBadRequest(
      await t.app.inject({ method: "POST", url: "/api/events", headers: admin, payload: eventBody({ description: "a\u0000b" }) }),
      "description",
    );
    const created = await t.app.inject({ method: "POST", url: "/api/events", headers: admin, payload: eventBody() });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/events/${eventId}`,
      headers: admin,
      payload: eventBody({ status: "active", location: "Peña\u001f" }),
    });
    expectBadRequest(res, "location");
  });
});

describe("a campaign", () => {
  it("keeps its subject on one line", async () => {
    const payload = {
      subject: "Hola\nBcc: otro@example.com",
      content: "Línea uno\nLínea dos",
      isHtml: false,
      eventId,
      registrationIds: [eventId],
    };
    expectBadRequest(await t.app.inject({ method: "POST", url: "/api/campaigns", headers: admin, payload }), "subject");
  });
});

describe("the router's own refusals", () => {
  it("are in the error shape: a path parameter past its length limit, an undecodable URL", async () => {
    const long = await t.app.inject({ url: `/api/events/${"é".repeat(300)}`, headers: admin });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: "validation_failed", message: expect.any(String) } });
    const bad = await t.app.inject({ url: "/api/events/%E0%A4%A", headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: { code: "validation_failed", message: expect.any(String) } });
  });
});

describe("dates", () => {
  it("are refused outside what PostgreSQL stores", async () => {
    for (const eventDate of ["0000-01-01", "10000-01-01", "-0001-01-01", "2026-02-30"]) {
      expectBadRequest(
        await t.app.inject({ method: "POST", url: "/api/events", headers: admin, payload: eventBody({ eventDate }) }),
        "eventDate",
      );
    }
    const earliest = await t.app.inject({
      method: "POST",
      url: "/api/events",
      headers: admin,
      payload: eventBody({ eventDate: "0001-01-01" }),
    });
    expect(earliest.statusCode, earliest.body).toBe(201);
  });
});

describe("nesting", () => {
  it("100,000 levels deep is refused on better-auth's routes and ours", async () => {
    const deep = `{"email":"a@agency.test","password":"x","extra":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const headers = { origin: admin.origin!, "content-type": "application/json" };
    expectBadRequest(await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers, payload: deep }));
    expectBadRequest(await t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", headers, payload: deep }));
    expectBadRequest(
      await t.app.inject({
        method: "POST",
        url: "/api/events",
        headers: { ...admin, "content-type": "application/json" },
        payload: deep,
      }),
    );
  });
});
