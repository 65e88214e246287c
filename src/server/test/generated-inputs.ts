/**
 * Requests generated from the API's own description (the OpenAPI document @fastify/swagger builds
 * from every route's schema, and app.routeAccess for the routes it hides), mixing values shaped as
 * the schema asks, so that a request reaches past the first field, with hostile ones: control
 * characters, overlong texts, invalid and extreme dates, huge numbers, wrong types, deep nesting.
 */
import fc from "fast-check";
import type { App } from "../app";

export type Caller = "superadmin" | "anonymous";

interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}

export interface ApiRoute {
  method: string;
  url: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

export interface GeneratedRequest {
  url: string;
  payload: string | undefined;
}

/** better-auth's endpoints behind /api/auth/* (one route for Fastify), with what their bodies hold. */
export const AUTH_ENDPOINTS: Array<[method: string, path: string]> = [
  ["POST", "/api/auth/sign-in/email"],
  ["POST", "/api/auth/sign-up/email"],
  ["POST", "/api/auth/sign-out"],
  ["POST", "/api/auth/request-password-reset"],
  ["POST", "/api/auth/reset-password"],
  ["POST", "/api/auth/change-password"],
  ["POST", "/api/auth/two-factor/enable"],
  ["POST", "/api/auth/two-factor/disable"],
  ["POST", "/api/auth/two-factor/verify-totp"],
  ["POST", "/api/auth/two-factor/verify-backup-code"],
  ["POST", "/api/auth/two-factor/generate-backup-codes"],
  ["GET", "/api/auth/get-session"],
  ["GET", "/api/auth/verify-email"],
  ["GET", "/api/auth/reset-password/x"],
];
const AUTH_BODY: JsonSchema = {
  type: "object",
  properties: Object.fromEntries(
    ["email", "password", "name", "newPassword", "currentPassword", "token", "code", "callbackURL", "rememberMe"].map((name) => [
      name,
      {},
    ]),
  ),
};

const pathOf = (url: string) => url.replace(/:(\w+)/g, "{$1}");

export function routesOf(app: App): ApiRoute[] {
  const doc = app.swagger() as {
    paths?: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >;
  };
  const routes: ApiRoute[] = [];
  for (const { method, url } of app.routeAccess) {
    if (url.startsWith("/api/docs")) continue;
    if (url === "/api/auth/*") continue;
    const operation = doc.paths?.[pathOf(url)]?.[method.toLowerCase()];
    const declared = operation?.parameters ?? [];
    const pathParameters = [...url.matchAll(/:(\w+)/g)].map(([, name]) => name!);
    const parameters = [
      ...declared.filter((p) => p.in === "query" || p.in === "path"),
      ...pathParameters
        .filter((name) => !declared.some((p) => p.in === "path" && p.name === name))
        .map((name) => ({ in: "path", name })),
    ];
    routes.push({ method, url, parameters, body: operation?.requestBody?.content?.["application/json"]?.schema });
  }
  for (const [method, url] of AUTH_ENDPOINTS)
    routes.push({ method, url, parameters: [], body: method === "POST" ? AUTH_BODY : undefined });
  return routes;
}

// ---------------------------------------------------------------- hostile values

const CONTROL = fc.constantFrom("\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u001b", "\u001f", "\u007f", "\t", "\n", "\r");
const controlText = fc.tuple(fc.string({ maxLength: 6 }), CONTROL, fc.string({ maxLength: 6 })).map(([a, c, b]) => a + c + b);
const overlong = fc.integer({ min: 300, max: 200_000 }).map((n) => "é".repeat(n));
const extremeDate = fc.constantFrom(
  "0000-01-01",
  "0001-01-01",
  "9999-12-31",
  "10000-01-01",
  "-0001-01-01",
  "2026-02-30",
  "2026-13-01",
  "2026-00-10",
  "275760-09-13",
  "294277-01-01",
  "2026-1-1",
  "1899-12-31",
  "00:00",
  "24:00",
  "23:59:60",
  "99:99",
  "2026-01-01T00:00:00Z",
  "",
);
const hugeNumber = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  0,
  -1,
  0.5,
  1e-300,
);
const numberText = fc.constantFrom("1e308", "-1e308", "NaN", "Infinity", "-0", "99999999999999999999999", "0x10", "1.5", " 1");
const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { a: 1 }, "", " ", 0, ["a", "b"]);
const nested = fc.integer({ min: 2, max: 64 }).map((depth) => {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
});

function hostileValue(knownIds: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    controlText,
    overlong,
    extremeDate,
    hugeNumber,
    numberText,
    wrongType,
    nested,
    fc.string(),
    fc.uuid(),
    fc.constantFrom(...knownIds),
  );
}

// ---------------------------------------------------------------- values the schema asks for

function shaped(schema: JsonSchema, knownIds: string[], depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return hostileValue(knownIds);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueFor(choice, knownIds, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0]!, knownIds, depth + 1);
  const type = [schema.type ?? []].flat().find((t) => t !== "null");
  switch (type) {
    case "string":
      if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...knownIds), fc.uuid());
      if (schema.format === "email") return fc.oneof(fc.emailAddress(), fc.constant("someone@agency.test"));
      if (schema.format === "date" || schema.pattern?.includes("\\d{4}")) return fc.constantFrom("2026-05-01", "2001-02-03");
      if (schema.pattern?.includes(":")) return fc.constantFrom("10:00", "23:59");
      return fc.string({ maxLength: 20 });
    case "integer":
    case "number":
      return fc.integer({ min: -5, max: 120 });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(valueFor(schema.items ?? {}, knownIds, depth + 1), { maxLength: 3 });
    case "object": {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, valueFor(property, knownIds, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return hostileValue(knownIds);
  }
}

/** Mostly what the schema asks for, so that a request gets past its first field; often not. */
function valueFor(schema: JsonSchema, knownIds: string[], depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: shaped(schema, knownIds, depth), weight: 3 }, { arbitrary: hostileValue(knownIds), weight: 2 });
}

const asParameter = (value: unknown) =>
  encodeURIComponent(
    typeof value === "string" ? value : typeof value === "number" ? String(value) : (JSON.stringify(value) ?? ""),
  );

/** JSON nested up to 100,000 levels deep, as text: it is never built as an object here. */
const deepJson = fc
  .tuple(fc.integer({ min: 100, max: 100_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth)));

export function hostileRequest(route: ApiRoute, knownIds: string[]): fc.Arbitrary<GeneratedRequest> {
  const path = fc
    .tuple(
      ...route.parameters
        .filter((p) => p.in === "path")
        .map((p) => valueFor(p.schema ?? {}, knownIds).map((value) => [p.name, value] as const)),
    )
    .map((values) => values.reduce((url, [name, value]) => url.replace(`:${name}`, asParameter(value)), route.url));
  const query = fc
    .tuple(
      ...route.parameters
        .filter((p) => p.in === "query")
        .map((p) =>
          fc.option(
            valueFor(p.schema ?? {}, knownIds).map((value) => `${p.name}=${asParameter(value)}`),
            { nil: undefined },
          ),
        ),
      fc.option(
        hostileValue(knownIds).map((value) => `unexpected=${asParameter(value)}`),
        { nil: undefined, freq: 4 },
      ),
    )
    .map((pairs) => pairs.filter((pair) => pair !== undefined).join("&"));
  const body: fc.Arbitrary<string | undefined> =
    route.method === "GET" || route.method === "DELETE"
      ? fc.constant(undefined)
      : fc.oneof(
          { arbitrary: valueFor(route.body ?? {}, knownIds).map((value) => JSON.stringify(value) ?? "null"), weight: 8 },
          { arbitrary: deepJson, weight: 1 },
          { arbitrary: fc.constantFrom("{", "nul", '{"a":"\\u0000"}', '"\\ud800"', "[]", "1e999"), weight: 1 },
        );
  return fc
    .record({ path, query, payload: body })
    .map(({ path: url, query: q, payload }) => ({ url: q ? `${url}?${q}` : url, payload }));
}
