/**
 * The registrant's private links (ADR 015): "manage my registration" (issue 19), the guardian's
 * decision (issue 18), the check-in QR code (issue 20) and the answer to a callback invitation
 * (issue 36). Each is a token that names one registration (an invitation, for a callback's) for
 * one purpose.
 *
 * Why derived and not stored: every later e-mail (the confirmation, a reminder, a waiting-list
 * offer, a campaign) and the PDF sheet must carry the link again, and a random token kept only as
 * its hash can never be written out a second time. So the token is the registration's id with a
 * MAC over it, keyed by a key derived from AUTH_SECRET for this purpose alone: the database holds
 * nothing that opens a link (what "hashed at rest" is for), a token for one purpose opens nothing
 * else, and any process can write a registration's link at any time. A registration that is
 * erased takes its links with it (the id finds no row). Rotating AUTH_SECRET voids every link.
 *
 * The walk-in poster's link (issue 35) is made the same way for an event: its address names the
 * event already, so its token is the MAC alone.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config";

export type RegistrationLinkPurpose = "manage" | "guardian" | "check-in" | "callback" | "walk-in";

const ID_BYTES = 16;
const MAC_BYTES = 16; // 128 bits: unguessable, and the token stays 43 characters (a QR code stays small).
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const WALK_IN_TOKEN = /^[A-Za-z0-9_-]{22}$/;

const purposeKeys = new Map<string, Buffer>();
function purposeKey(secret: string, purpose: RegistrationLinkPurpose): Buffer {
  const cacheKey = `${purpose}\0${secret}`;
  let key = purposeKeys.get(cacheKey);
  if (!key) {
    key = createHmac("sha256", secret).update(`opencall registration link: ${purpose}`).digest();
    purposeKeys.set(cacheKey, key);
  }
  return key;
}

function mac(secret: string, purpose: RegistrationLinkPurpose, id: Buffer): Buffer {
  return createHmac("sha256", purposeKey(secret, purpose)).update(id).digest().subarray(0, MAC_BYTES);
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The token of a registration's link for one purpose (always the same for the same secret). */
export function registrationToken(
  config: Pick<Config, "authSecret">,
  purpose: RegistrationLinkPurpose,
  registrationId: string,
): string {
  const id = uuidBytes(registrationId);
  if (id.length !== ID_BYTES) throw new TypeError(`not a registration id: ${registrationId}`);
  return Buffer.concat([id, mac(config.authSecret, purpose, id)]).toString("base64url");
}

/** The registration a token names, when it is a genuine token of this purpose; undefined otherwise. */
export function registrationIdFromToken(
  config: Pick<Config, "authSecret">,
  purpose: RegistrationLinkPurpose,
  token: unknown,
): string | undefined {
  if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  // The last character carries two spare bits: only the one spelling of the bytes is the token.
  if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString("base64url") !== token) return undefined;
  const id = bytes.subarray(0, ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), mac(config.authSecret, purpose, id))) return undefined;
  return uuidOf(id);
}

/** What the check-in QR code holds (issue 20): a staff phone's camera app opens it in the check-in screen. */
export const checkInUrl = (config: Pick<Config, "authSecret" | "publicUrl">, registrationId: string) =>
  `${config.publicUrl}/check-in?t=${registrationToken(config, "check-in", registrationId)}`;

/** The page where a person sees, moves or cancels their registration (issue 19). */
export const manageUrl = (config: Pick<Config, "authSecret" | "publicUrl">, registrationId: string) =>
  `${config.publicUrl}/manage?t=${registrationToken(config, "manage", registrationId)}`;

/** Where a person answers a callback invitation (issue 36): the manage page, showing the callback. */
export const callbackUrl = (config: Pick<Config, "authSecret" | "publicUrl">, invitationId: string) =>
  `${config.publicUrl}/manage?c=${registrationToken(config, "callback", invitationId)}`;

/** The walk-in poster's token of an event (issue 35): 128 bits, the same for the same secret. */
export function walkInToken(config: Pick<Config, "authSecret">, eventId: string): string {
  const id = uuidBytes(eventId);
  if (id.length !== ID_BYTES) throw new TypeError(`not an event id: ${eventId}`);
  return mac(config.authSecret, "walk-in", id).toString("base64url");
}

/** Whether `token` is this event's walk-in token (a poster of another event, or made up, is not). */
export function isWalkInToken(config: Pick<Config, "authSecret">, eventId: string, token: unknown): boolean {
  if (typeof token !== "string" || !WALK_IN_TOKEN.test(token)) return false;
  const given = Buffer.from(token, "base64url");
  const id = uuidBytes(eventId);
  if (given.toString("base64url") !== token || id.length !== ID_BYTES) return false;
  return timingSafeEqual(given, mac(config.authSecret, "walk-in", id));
}

/** What the walk-in poster's QR code opens: the event's form at its short address, in walk-in mode. */
export const walkInUrl = (config: Pick<Config, "authSecret" | "publicUrl">, event: { id: string; slug: string }) =>
  `${config.publicUrl}/e/${event.slug}?walkin=${walkInToken(config, event.id)}`;
