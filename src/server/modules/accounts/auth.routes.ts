import { signUpRequestSchema } from "@common/schemas/accounts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app";
import { AppError, errors } from "../../errors";
import { authErrorBody } from "./auth-errors";
import { SESSION_COOKIE_PREFIX } from "./auth";
import { createSignInLimiter } from "./sign-in-limiter";

const TOO_MANY = (seconds: number) =>
  new AppError(
    429,
    "rate_limited",
    `Too many sign-in attempts. Please wait ${Math.max(1, Math.ceil(seconds / 60))} minute(s) and try again.`,
  );

const SECOND_FACTOR_PATHS = new Set(["/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code"]);

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.length <= 320 ? email.trim().toLowerCase() : undefined;
}

/**
 * Mounts better-auth's own endpoints (sign-in, sign-up, sign-out, reset, two-factor) at /api/auth/*,
 * and adds what better-auth does not do by itself: the staff sign-up switch, a per-account sign-in
 * limit, the idle session lifetime, sign-in logging, and our error shape.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { auth, config } = ctx;
  const limiter = createSignInLimiter(ctx.db);

  const forward = async (request: FastifyRequest): Promise<Response> => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) headers.append(key, item);
    }
    // better-auth sees the client's address for its per-IP limits.
    headers.set("x-forwarded-for", request.ip);
    const body = request.method === "POST" && request.body !== undefined ? JSON.stringify(request.body) : undefined;
    if (body !== undefined) headers.set("content-type", "application/json");
    return auth.handler(new Request(new URL(request.url, config.publicUrl), { method: request.method, headers, body }));
  };

  const send = async (response: Response, reply: FastifyReply) => {
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== "set-cookie" && key !== "content-length" && key !== "content-type") reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (!response.body) return reply.send(null);
    const raw = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get("content-type") ?? "";
    if (response.status >= 400 && contentType.includes("application/json")) {
      const retryAfter = Number(response.headers.get("x-retry-after") ?? 0);
      if (retryAfter > 0) reply.header("retry-after", String(retryAfter));
      return reply.type("application/json").send(authErrorBody(response.status, raw.toString("utf8"), retryAfter));
    }
    return reply.type(contentType || "application/octet-stream").send(raw);
  };

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = new URL(request.url, config.publicUrl).pathname;

      // Ends an idle session before better-auth's endpoints can use it (see session.ts).
      if (request.headers.cookie?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)) await ctx.getUser(request);

      if (request.method === "POST" && path === "/api/auth/sign-up/email") {
        if (config.staffSignup === "closed") {
          request.log.warn("staff sign-up refused: sign-up is closed");
          throw new AppError(403, "signup_closed", "Registration is currently disabled. Please contact the administrator.");
        }
        const parsed = signUpRequestSchema.safeParse(request.body);
        if (!parsed.success) {
          throw errors.validation(
            Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "request"), issue.message])),
          );
        }
        request.body = parsed.data;
      }

      if (request.method === "POST" && path === "/api/auth/sign-in/email") {
        const email = emailOf(request.body);
        if (email) {
          const wait = await limiter.retryAfter(email);
          if (wait > 0) {
            request.log.warn({ email }, "sign-in refused: too many failed attempts for this account");
            reply.header("retry-after", String(wait));
            throw TOO_MANY(wait);
          }
        }
        const response = await forward(request);
        if (email && response.status === 401) {
          await limiter.recordFailure(email);
          request.log.warn({ email }, "sign-in refused: wrong e-mail or password");
        } else if (email && response.ok) {
          await limiter.reset(email);
          const twoFactor = (await response.clone().json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
          request.log.info({ email }, twoFactor?.twoFactorRedirect ? "sign-in: second factor required" : "signed in");
        } else if (response.status === 429) {
          request.log.warn({ email }, "sign-in refused: too many attempts from this address");
        }
        return send(response, reply);
      }

      const response = await forward(request);
      if (SECOND_FACTOR_PATHS.has(path) && request.method === "POST") {
        if (response.ok) request.log.info("signed in with a second factor");
        else request.log.warn({ status: response.status }, "second factor refused");
      }
      return send(response, reply);
    },
  });
}
