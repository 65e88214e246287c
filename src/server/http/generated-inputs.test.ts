import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent, signedInAs } from "../test/factories";
import { useTestApp } from "../test/harness";
import {
  AUTH_ENDPOINTS,
  hostileRequest,
  routesOf,
  type ApiRoute,
  type Caller,
  type GeneratedRequest,
} from "../test/generated-inputs";

// Done-when of issue 15: generated inputs over every API route, as the superadmin and anonymously
// (NUL and control characters, invalid and extreme dates, huge numbers, deep nesting, wrong types,
// overlong strings), find no 5xx, and every 4xx answers in the error shape.

const t = useTestApp();
let routes: ApiRoute[];
const callers: Record<Caller, Record<string, string>> = { anonymous: {}, superadmin: {} };
let knownIds: string[];

beforeAll(async () => {
  const { headers } = await signedInAs(t.app, { role: "superadmin" });
  callers.superadmin = headers;
  callers.anonymous = { origin: headers.origin! };
  const event = await createEvent(t.db);
  knownIds = [event.id, event.timeslots[0]!.id];
  routes = routesOf(t.app).filter((route) => !ENDS_THE_SESSION.has(`${route.method} ${route.url}`));
});

/** Routes that would sign the superadmin out halfway: the rest would then only test refusals. */
const ENDS_THE_SESSION = new Set([
  "POST /api/auth/sign-out",
  "POST /api/auth/revoke-sessions",
  "POST /api/auth/revoke-other-sessions",
]);

const ERROR_SHAPE = {
  error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
};

/** The casting day's live streams (issue 35): a stream that opens never ends, so only its head is read. */
const isStream = (route: ApiRoute) => route.url.endsWith("/stream");

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}

async function expectNoCrash(route: ApiRoute, caller: Caller, request: GeneratedRequest) {
  const streaming = isStream(route);
  const res = await t.app.inject({
    method: route.method as "GET",
    url: request.url,
    headers: { ...callers[caller], ...(request.payload === undefined ? {} : { "content-type": "application/json" }) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...(streaming ? { payloadAsStream: true } : {}),
  });
  let body = streaming ? "" : res.body;
  if (streaming && res.statusCode >= 400) body = await textOf(res.stream());
  else if (streaming) res.stream().destroy();
  const what = `${caller} ${route.method} ${request.url.slice(0, 300)} ${String(request.payload).slice(0, 300)} → ${res.statusCode} ${body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers["content-type"], what).toMatch(/^application\/json/);
    const parsed = JSON.parse(body) as { error: { fields?: unknown } };
    expect(parsed, what).toEqual(ERROR_SHAPE);
    const { fields } = parsed.error;
    if (fields !== undefined)
      expect(
        Object.values(fields as object).every((m) => typeof m === "string"),
        what,
      ).toBe(true);
  }
}

describe("generated inputs over every API route", () => {
  it("enumerate every route the app declares, better-auth's endpoints included", () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const path of ["/api/registrations/export.csv", "/api/events/:id", "/api/public/events/:eventId/registrations"]) {
      expect(
        routes.some((route) => route.url === path),
        path,
      ).toBe(true);
    }
    // better-auth's endpoints (behind one catch-all route) and the app's own /api/auth routes alike.
    for (const [method, url] of AUTH_ENDPOINTS.filter(([method, url]) => !ENDS_THE_SESSION.has(`${method} ${url}`))) {
      expect(
        routes.some((route) => route.method === method && route.url === url),
        url,
      ).toBe(true);
    }
    for (const url of ["/api/auth/unlock-sign-in"])
      expect(
        routes.some((route) => route.url === url),
        url,
      ).toBe(true);
  });

  it("never crash a route, and every refusal is in the error shape", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) =>
          fc.record({
            route: fc.constant(route),
            caller: fc.constantFrom<Caller>("superadmin", "anonymous"),
            request: hostileRequest(route, knownIds),
          }),
        ),
        async ({ route, caller, request }) => expectNoCrash(route, caller, request),
      ),
      {
        numRuns: Number(process.env.GENERATED_INPUT_RUNS ?? 1500),
        seed: process.env.GENERATED_INPUT_SEED ? Number(process.env.GENERATED_INPUT_SEED) : undefined,
      },
    );
  });
});
