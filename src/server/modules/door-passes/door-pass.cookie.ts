/**
 * The cookie that signs a phone in with a door pass (issue 35): the pass's secret itself (only its
 * SHA-256 is stored), HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https, for the whole site,
 * and gone from the browser when the pass expires. Its name differs from better-auth's cookies
 * (`SESSION_COOKIE_PREFIX.*`) and the known-device cookie, which nothing of this touches.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config";
import { cookieValue } from "../accounts/session.lookup";

export const DOOR_PASS_COOKIE = "oc_door_pass";

const attributes = (config: Pick<Config, "publicUrl">) =>
  `Path=/; HttpOnly; SameSite=Lax${new URL(config.publicUrl).protocol === "https:" ? "; Secure" : ""}`;

/** The Set-Cookie value for a pass's secret, living until the pass expires. */
export function doorPassCookie(config: Pick<Config, "publicUrl">, secret: string, expiresAt: Date, now: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${DOOR_PASS_COOKIE}=${secret}; Max-Age=${maxAge}; ${attributes(config)}`;
}

/** The Set-Cookie value that takes the pass off the browser. */
export const clearedDoorPassCookie = (config: Pick<Config, "publicUrl">) =>
  `${DOOR_PASS_COOKIE}=; Max-Age=0; ${attributes(config)}`;

/** The pass secret a request carries, or undefined without the cookie. */
export const doorPassSecretOf = (request: FastifyRequest): string | undefined =>
  cookieValue(request.headers.cookie, DOOR_PASS_COOKIE);
