/**
 * better-auth, mounted at /api/auth. Staff accounts only (a model's registration is another thing).
 * `users` doubles as the profile: role and status are server-owned fields no client can set.
 */
import { currentLanguage } from "@common/i18n";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PRODUCT_NAME } from "@common/constants";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { enqueueEmail } from "../../mail/outbox";
import { passwordResetEmail, signUpAttemptEmail, staffRecipient, staffVerificationEmail } from "./accounts.emails";
import { withHashedSessionTokens } from "./session.tokens";
import { SIGN_IN_LOCK_SECONDS } from "./sign-in.limiter";

export const SESSION_COOKIE_PREFIX = "opencall";

/**
 * Session lifetimes. better-auth expires a session (and its cookie) SESSION_ABSOLUTE_SECONDS after
 * sign-in and never extends it; `session.ts` records use in `updatedAt` (at most every
 * SESSION_TOUCH_SECONDS) and ends a session unused for SESSION_IDLE_SECONDS.
 */
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_IDLE_SECONDS = 60 * 60 * 12;
export const SESSION_TOUCH_SECONDS = 60 * 15;

/** An invitation (set-password link for a new admin) lasts longer than a reset link. */
export const INVITATION_TTL_SECONDS = 60 * 60 * 72;
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;

/** The web pages that e-mailed links open (the pages then call better-auth; no GET has a side effect). */
export const accountLinks = {
  login: (publicUrl: string) => `${publicUrl}/login`,
  verifyEmail: (publicUrl: string, token: string) => `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`,
  resetPassword: (publicUrl: string, token: string) => `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
  invitation: (publicUrl: string, token: string) => `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`,
};

/** better-auth's own limits, per IP and path, counted in the database (shared by every process). */
function rateLimitOptions(config: Config) {
  const perIp = { window: 60, max: config.signInRateLimit };
  return {
    enabled: true,
    storage: "database",
    window: 60,
    max: 100,
    customRules: {
      "/sign-in/email": perIp,
      "/sign-up/email": perIp,
      "/two-factor/*": perIp,
      // 5 per 15 minutes. The longest window here is also how long better-auth keeps rows of
      // rate_limits, where the per-account sign-in failures live: it must cover their lock.
      "/request-password-reset": { window: SIGN_IN_LOCK_SECONDS, max: 5 },
      "/send-verification-email": { window: SIGN_IN_LOCK_SECONDS, max: 5 },
    },
  } satisfies BetterAuthOptions["rateLimit"];
}

/** Passwords, reset links and address verification: every e-mail goes through the outbox. */
function emailOptions(config: Config, db: Db) {
  return {
    emailAndPassword: {
      enabled: true,
      disableSignUp: config.staffSignup === "closed",
      // A new account is pending: it signs in on its own, from the login page.
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        await enqueueEmail(
          db,
          passwordResetEmail({
            ...staffRecipient(user),
            url: accountLinks.resetPassword(config.publicUrl, token),
          }),
        );
      },
      // The sign-up answers an existing address exactly like a new one (no enumeration); its owner
      // is told by e-mail instead.
      onExistingUserSignUp: async ({ user }) => {
        await enqueueEmail(db, signUpAttemptEmail({ ...staffRecipient(user), url: accountLinks.login(config.publicUrl) }));
      },
      // Following the e-mailed link proves the address (an invited admin's first password, too).
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) {
          await db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, user.id));
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        await enqueueEmail(
          db,
          staffVerificationEmail({
            ...staffRecipient(user),
            url: accountLinks.verifyEmail(config.publicUrl, token),
          }),
        );
      },
    },
  } satisfies Pick<BetterAuthOptions, "emailAndPassword" | "emailVerification">;
}

export function createAuth(config: Config, db: Db, log?: FastifyBaseLogger) {
  return betterAuth({
    appName: PRODUCT_NAME,
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    trustedOrigins: [config.publicUrl],
    // Session tokens are stored as their SHA-256 (session.tokens.ts).
    database: withHashedSessionTokens(
      drizzleAdapter(db, {
        provider: "pg",
        schema: {
          user: schema.users,
          session: schema.sessions,
          account: schema.accounts,
          verification: schema.verifications,
          twoFactor: schema.twoFactors,
          rateLimit: schema.rateLimits,
        },
      }),
    ),
    user: {
      additionalFields: {
        role: {
          type: "string",
          required: false,
          defaultValue: "member",
          input: false,
        },
        status: {
          type: "string",
          required: false,
          defaultValue: "pending",
          input: false,
        },
        // Set at sign-up to the request's language (databaseHooks below), then by the person.
        language: {
          type: "string",
          required: false,
          input: false,
        },
      },
    },
    // Reset and invitation tokens are stored as their SHA-256 only, like every other secret.
    verification: { storeIdentifier: "hashed" },
    ...emailOptions(config, db),
    databaseHooks: {
      user: {
        create: {
          // A staff member's e-mails and screens start in the language they signed up in.
          before: async (user) => ({ data: { ...user, language: currentLanguage() } }),
        },
      },
    },
    session: {
      expiresIn: SESSION_ABSOLUTE_SECONDS,
      disableSessionRefresh: true,
    },
    rateLimit: rateLimitOptions(config),
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: "lax",
        secure: config.isProduction,
      },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    telemetry: { enabled: false },
    // Its endpoints' failures: a client's refusal (4xx: a wrong password, an expired token) at warn,
    // only what went wrong on our side at error.
    onAPIError: { onError: (error) => logApiError(log, error) },
    // Only its errors, into our log: refusals are logged by auth.routes.ts with their context.
    logger: {
      level: "error",
      disabled: !log,
      log: (level, message, ...args) => log?.[level]({ detail: args }, `better-auth: ${message}`),
    },
    plugins: [twoFactor({ issuer: PRODUCT_NAME })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Logs a failure of one of better-auth's endpoints: at warn when it refused the client (4xx), else at error. */
export function logApiError(log: Pick<FastifyBaseLogger, "warn" | "error"> | undefined, error: unknown): void {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof status === "number" && status < 500)
    log?.warn({ status, detail: message }, `better-auth refused a request: ${message}`);
  else log?.error({ err: error }, "better-auth: request failed");
}
