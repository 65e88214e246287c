/**
 * better-auth, mounted at /api/auth. Staff accounts only (a model's registration is another thing).
 * `users` doubles as the profile: role and status are server-owned fields no client can set.
 */
import { MIN_PASSWORD_LENGTH, PRODUCT_NAME } from "@common/constants";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { enqueueEmail } from "../../mail/outbox";
import { passwordResetEmail, staffVerificationEmail } from "./accounts.emails";

export const SESSION_COOKIE_PREFIX = "opencall";

export function createAuth(config: Config, db: Db) {
  return betterAuth({
    appName: PRODUCT_NAME,
    secret: config.authSecret,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
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
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "member", input: false },
        status: { type: "string", required: false, defaultValue: "pending", input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: config.staffSignup === "closed",
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 256,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await enqueueEmail(db, passwordResetEmail({ to: user.email, name: user.name, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await enqueueEmail(db, staffVerificationEmail({ to: user.email, name: user.name, url }));
      },
    },
    session: {
      // Absolute lifetime 7 days; idle sessions end after 7 days without use, refreshed daily.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/two-factor/verify-totp": { window: 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isProduction },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    telemetry: { enabled: false },
    plugins: [twoFactor({ issuer: PRODUCT_NAME })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
