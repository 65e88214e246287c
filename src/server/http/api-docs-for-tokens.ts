/**
 * The OpenAPI document a token holder reads (issue 37): the operations an API token can call and
 * nothing else. Every operation of the full document says the capability it needs (`x-capability`,
 * written by `withCapability` from the route's `config.access`); the token document keeps those whose
 * capability a token may hold (TOKEN_CAPABILITIES), so routes only a session may use (managing tokens
 * and webhooks, whose capabilities no token holds; signing in and out, the account's own settings and
 * the public pages' routes, which declare no capability) are left out by the same rule that refuses them.
 */
import type { SwaggerTransform } from "@fastify/swagger";
import type { FastifySchema } from "fastify";
import { TOKEN_CAPABILITIES } from "@common/schemas/tokens";

/** The operation's extension naming the capability it needs (absent on public routes). */
export const CAPABILITY_EXTENSION = "x-capability";
/** The name of the bearer scheme in `components.securitySchemes`. */
export const TOKEN_SECURITY_SCHEME = "apiToken";

/** `transform` (the route's schema → the operation) that also records the route's declared capability. */
export function withCapability<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (input) => {
    const result = transform(input);
    const access = input.route.config?.access;
    if (!access || access === "public") return result;
    return { ...result, schema: { ...result.schema, [CAPABILITY_EXTENSION]: access } };
  };
}

type Json = Record<string, unknown>;
interface Operation extends Json {
  description?: string;
  responses?: Json;
}

const OPERATION_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
const TOKEN_CALLABLE = new Set<string>(TOKEN_CAPABILITIES);

/** What any token call may also answer, whatever the route (docs/api.md "API tokens"). */
const TOKEN_REFUSALS: Json = {
  401: { description: "`unauthenticated`: no token, or a wrong, expired or revoked one" },
  403: { description: "`forbidden`: the token (or its maker's role) does not hold the capability" },
  429: { description: "`rate_limited`: more than 600 calls a minute with this token" },
};

function tokenOperation(operation: Operation, capability: string): Operation {
  const needs = `Needs the capability \`${capability}\` (docs/permissions.md).`;
  return {
    ...operation,
    description: operation.description ? `${operation.description}\n\n${needs}` : needs,
    security: [{ [TOKEN_SECURITY_SCHEME]: [] }],
    responses: { ...TOKEN_REFUSALS, ...operation.responses },
  };
}

/** The token-callable operations of `full` (the app's whole document), which it leaves unchanged. */
export function tokenDocument(full: Readonly<Json>): Json {
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries((full.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    const kept: Json = {};
    for (const [method, operation] of Object.entries(item)) {
      const capability = operation[CAPABILITY_EXTENSION];
      if (!OPERATION_METHODS.has(method) || typeof capability !== "string" || !TOKEN_CALLABLE.has(capability)) continue;
      kept[method] = tokenOperation(operation, capability);
    }
    if (Object.keys(kept).length > 0) paths[path] = kept;
  }
  const info = (full.info ?? {}) as Json;
  const components = (full.components ?? {}) as Json;
  return {
    ...full,
    info: {
      ...info,
      description:
        "The routes an API token can call, with `Authorization: Bearer oc_…` (docs/integrations.md). " +
        "Each operation names the capability it needs (`x-capability`): a token holds the ones it was given.",
    },
    paths,
    components: {
      ...components,
      securitySchemes: {
        ...(components.securitySchemes as Json | undefined),
        [TOKEN_SECURITY_SCHEME]: { type: "http", scheme: "bearer", description: "An API token: `oc_` and 43 characters" },
      },
    },
    security: [{ [TOKEN_SECURITY_SCHEME]: [] }],
  };
}
