/**
 * A password-protected link's unlock (issue 36): after the right password the browser holds a
 * short-lived, HttpOnly cookie signed with a key derived from AUTH_SECRET that names the link (its
 * id, never the token or the password) and when it ends. It is sent only under the link's own API
 * path (its page's reads, photos and picks), so another link is not opened by it; and each request
 * still finds the link live, so a revocation or expiry ends it at once.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";

export const GRANT_COOKIE = "oc_share";
/** A client's sitting: long enough to review a selection, short enough that a shared computer forgets it. */
export const GRANT_HOURS = 12;

const keys = new Map<string, Buffer>();
function grantKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac("sha256", secret).update("opencall selection share grant").digest();
    keys.set(secret, key);
  }
  return key;
}

const signature = (secret: string, shareId: string, until: number) =>
  createHmac("sha256", grantKey(secret)).update(`${shareId}\n${until}`).digest("base64url");

export function createShareGrants(config: Pick<Config, "authSecret" | "isProduction">, now: () => number = Date.now) {
  return {
    /** The Set-Cookie value that opens `shareId` under `path` until the grant's end (never past the link's expiry). */
    issue(shareId: string, path: string, linkExpiresAt: Date): string {
      const until = Math.floor(Math.min(now() + GRANT_HOURS * 3_600_000, linkExpiresAt.getTime()) / 1000);
      const maxAge = Math.max(0, until - Math.floor(now() / 1000));
      const secure = config.isProduction ? "; Secure" : "";
      const value = `${until}.${signature(config.authSecret, shareId, until)}`;
      return `${GRANT_COOKIE}=${value}; Max-Age=${maxAge}; Path=${path}; HttpOnly; SameSite=Strict${secure}`;
    },

    /** Whether the request's cookie header holds a valid, unexpired grant for `shareId`. */
    holds(cookieHeader: string | undefined, shareId: string): boolean {
      const values =
        cookieHeader
          ?.split(";")
          .map((part) => part.trim())
          .filter((part) => part.startsWith(`${GRANT_COOKIE}=`))
          .map((part) => part.slice(GRANT_COOKIE.length + 1)) ?? [];
      return values.some((value) => {
        const [until, given, ...rest] = value.split(".");
        if (!until || !given || rest.length > 0 || !/^\d{1,12}$/.test(until)) return false;
        if (Number(until) * 1000 <= now()) return false;
        const expected = Buffer.from(signature(config.authSecret, shareId, Number(until)));
        const actual = Buffer.from(given);
        return actual.length === expected.length && timingSafeEqual(actual, expected);
      });
    },
  };
}

export type ShareGrants = ReturnType<typeof createShareGrants>;
