/**
 * The report form's token (issue 39): bot-proofing without a third-party captcha. The page hands
 * out `<issued at>.<MAC>` (keyed from AUTH_SECRET for this purpose alone); a report is taken only
 * with a genuine token at least MIN_FILL_MS and at most MAX_AGE_MS old, so a script that posts
 * straight away, or never loaded the page, is answered the same 202 and its report is dropped.
 * With the form's honeypot field, the pair the public registration form uses.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config";

export const MIN_FILL_MS = 3000;
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function mac(secret: string, issuedAt: string): Buffer {
  const key = createHmac("sha256", secret).update("opencall authentic report form").digest();
  return createHmac("sha256", key).update(issuedAt).digest().subarray(0, 16);
}

export function issueFormToken(config: Pick<Config, "authSecret">, now: Date): string {
  const issuedAt = String(now.getTime());
  return `${issuedAt}.${mac(config.authSecret, issuedAt).toString("base64url")}`;
}

export function formTokenAccepted(config: Pick<Config, "authSecret">, token: string | undefined, now: Date): boolean {
  const [issuedAt = "", given = ""] = (token ?? "").split(".");
  if (!/^\d{1,15}$/.test(issuedAt)) return false;
  const expected = mac(config.authSecret, issuedAt);
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return false;
  const age = now.getTime() - Number(issuedAt);
  return age >= MIN_FILL_MS && age <= MAX_AGE_MS;
}
