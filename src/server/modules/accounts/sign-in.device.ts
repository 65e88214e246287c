/**
 * Known devices (ADR 005): after a successful sign-in, or after following an e-mailed unlock link,
 * the browser gets a long-lived, HttpOnly cookie signed with the app's secret that names the account
 * (by the HMAC of its address, never the address itself). Signing in to that account from that
 * browser is then not held by the locks strangers can cause, only by the device's own failures.
 * One device cookie per browser: signing in to another account replaces it.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";
import { SESSION_COOKIE_PREFIX } from "./auth.config";

export const DEVICE_COOKIE = `${SESSION_COOKIE_PREFIX}.device`;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 180;
/** Sent only where it is read: sign-in. */
const DEVICE_COOKIE_PATH = "/api/auth/sign-in";

export function createDeviceCookies(config: Pick<Config, "authSecret" | "isProduction">, now: () => number = Date.now) {
  const sign = (email: string, issuedAt: number, nonce: string) =>
    createHmac("sha256", config.authSecret)
      .update(`sign-in-device\n${email.trim().toLowerCase()}\n${issuedAt}\n${nonce}`)
      .digest("base64url");

  return {
    /** The Set-Cookie value that makes this browser a known device of `email`. */
    issue(email: string): string {
      const issuedAt = Math.floor(now() / 1000);
      const nonce = randomBytes(16).toString("base64url");
      const value = `${issuedAt}.${nonce}.${sign(email, issuedAt, nonce)}`;
      const secure = config.isProduction ? "; Secure" : "";
      return `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; Path=${DEVICE_COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`;
    },

    /** The device's id when the request's cookie header holds a valid, unexpired device cookie for `email`. */
    deviceOf(cookieHeader: string | undefined, email: string): string | undefined {
      const value = cookieHeader
        ?.split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
        ?.slice(DEVICE_COOKIE.length + 1);
      const [issued, nonce, signature, ...rest] = value?.split(".") ?? [];
      if (!issued || !nonce || !signature || rest.length > 0 || !/^\d{1,12}$/.test(issued)) return undefined;
      const issuedAt = Number(issued);
      if (issuedAt * 1000 + DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 < now()) return undefined;
      const expected = Buffer.from(sign(email, issuedAt, nonce));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
