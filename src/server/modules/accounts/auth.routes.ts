import { signUpRequestSchema, unlockRequestSchema } from "@common/schemas/accounts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { errors } from "../../errors";
import { requestPath } from "../../http/request-target";
import { accountErrors } from "./accounts.errors";
import { SESSION_COOKIE_PREFIX } from "./auth.config";
import { authBodyProblem, authUrlProblem } from "./auth.input";
import { checkAuthSurface } from "./auth.surface";
import { createAuthProxy } from "./auth.proxy";
import { createDeviceCookies } from "./sign-in.device";
import { createSignInLimiter } from "./sign-in.limiter";
import { createUnlockLinks } from "./sign-in.unlock";

const SECOND_FACTOR_PATHS = new Set(["/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code"]);

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.length <= 320 ? email.trim().toLowerCase() : undefined;
}

/** The staff sign-up switch, and the sign-up form's own rules (better-auth's are looser). */
function checkSignUp(request: FastifyRequest, ctx: AppContext): void {
  if (ctx.config.staffSignup === "closed") {
    request.log.warn("staff sign-up refused: sign-up is closed");
    throw accountErrors.signUpClosed();
  }
  const parsed = signUpRequestSchema.safeParse(request.body);
  if (!parsed.success) {
    throw errors.validation(
      Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "request"), issue.message])),
    );
  }
  request.body = parsed.data;
}

/**
 * Mounts better-auth's own endpoints (sign-in, sign-up, sign-out, reset, two-factor) at /api/auth/*,
 * and adds what better-auth does not do by itself: input checks, the staff sign-up switch, a
 * per-account sign-in limit, the idle session lifetime, sign-in logging, and our error shape.
 */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const proxy = createAuthProxy(ctx.auth, ctx.config.publicUrl);
  const limiter = createSignInLimiter(ctx.db, Date.now, ctx.limits);
  const devices = createDeviceCookies(ctx.config);
  const unlockLinks = createUnlockLinks(ctx.db, ctx.config);

  const signIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const email = emailOf(request.body);
    if (!email) return proxy.send(request, await proxy.forward(request), reply);
    const attempt = { email, ip: request.ip, deviceId: devices.deviceOf(request.headers.cookie, email) };
    const wait = await limiter.retryAfter(attempt);
    if (wait > 0) {
      request.log.warn({ email, knownDevice: Boolean(attempt.deviceId) }, "sign-in refused: too many failed attempts");
      reply.header("retry-after", String(wait));
      throw accountErrors.tooManySignIns(wait);
    }
    const response = await proxy.forward(request);
    if (response.status === 401) {
      request.log.warn({ email }, "sign-in refused: wrong e-mail or password");
      const { locked } = await limiter.recordFailure(attempt);
      if (locked) {
        request.log.warn({ email }, "sign-in locked: unlock link sent to the account's owner, if any");
        await unlockLinks.send(email);
      }
    } else if (response.ok) {
      await limiter.reset(attempt);
      const twoFactor = (await response
        .clone()
        .json()
        .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
      request.log.info({ email }, twoFactor?.twoFactorRedirect ? "sign-in: second factor required" : "signed in");
      return proxy.send(request, response, reply, [devices.issue(email)]);
    } else if (response.status === 429) {
      request.log.warn({ email }, "sign-in refused: too many attempts from this address");
    }
    return proxy.send(request, response, reply);
  };

  app.post("/api/auth/unlock-sign-in", { config: { access: "public" }, schema: { hide: true } }, async (request, reply) => {
    const parsed = unlockRequestSchema.safeParse(request.body);
    const email = parsed.success ? await unlockLinks.redeem(parsed.data.token) : undefined;
    if (!email) throw accountErrors.unlockInvalid();
    request.log.info({ email }, "sign-in unlocked on this device by an e-mailed link");
    return reply.header("set-cookie", devices.issue(email)).send({ unlocked: true });
  });

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    config: { access: "public" },
    schema: { hide: true },
    handler: async (request, reply) => {
      const problem = authUrlProblem(request.url) ?? authBodyProblem(request.body);
      if (problem) throw problem;
      const path = requestPath(request.url);
      const post = request.method === "POST";

      // Ends an idle session before better-auth's endpoints can use it (see session.ts). The session's
      // user, never a door pass the same browser carries: these endpoints act on the session.
      const user = request.headers.cookie?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)
        ? await ctx.getSessionUser(request)
        : null;
      // Only the endpoints the product uses, and a pending account only signs in, waits and signs out.
      checkAuthSurface(request.method, path, user);

      if (post && path === "/api/auth/sign-up/email") checkSignUp(request, ctx);
      if (post && path === "/api/auth/sign-in/email") return signIn(request, reply);

      const response = await proxy.forward(request);
      if (post && SECOND_FACTOR_PATHS.has(path)) {
        if (response.ok) request.log.info("signed in with a second factor");
        else request.log.warn({ status: response.status }, "second factor refused");
      }
      return proxy.send(request, response, reply);
    },
  });
}
